// gameai/daifugo/internal/hand_eval.h: the original game's evaluation of melds
// and hands (its part 4, written out in docs/daifugo.md), on which its computer
// player (`heuristic`) chooses.
//
// E, the enemy cards: every card not in the player's hand and not played.
// Our choices where the original game knows no joker: a joker in E adds no rank
// (it makes no meld stronger in these counts); a joker in hand is kept out of
// the decomposition and counted as a lone-joker single of value 100.
#ifndef GAMEAI_DAIFUGO_INTERNAL_HAND_EVAL_H_
#define GAMEAI_DAIFUGO_INTERNAL_HAND_EVAL_H_

#include <vector>

#include "gameai/daifugo/melds.h"

namespace gameai::daifugo {

struct EvalContext {
  Cards enemy = 0;          // E
  bool revolution = false;  // the current order
  int players = 5;
  int players_in = 5;  // players still holding cards
};

// MeldValue (役評価値): 1..100; 86 and above can clear the field.
int MeldValue(const Meld& meld, const EvalContext& context);
inline bool ClearsField(int value) { return value >= 86; }
// EnemyHasStronger: E can form a stronger meld of the same kind and size.
bool EnemyHasStronger(const Meld& meld, const EvalContext& context);
// Decompose (役の取得): the hand split into melds by the original game's steps.
std::vector<Meld> Decompose(Cards hand, const EvalContext& context);
// HandValue (手札評価値): lower is better.
int HandValue(Cards hand, const EvalContext& context);
// CanGoOut (上がれそう): no melds, or at most one that cannot clear.
bool CanGoOut(Cards hand, const EvalContext& context);

}  // namespace gameai::daifugo

#endif  // GAMEAI_DAIFUGO_INTERNAL_HAND_EVAL_H_
