// gameai/daifugo/internal/agents.h: the players of game `daifugo`.
//
// heuristic: the original game's player (heuristic.h) on the match kernel,
//   with our choices where the original game is silent:
//   - the joker: kept as the lone-joker single in the hand's decomposition
//     (value 100, so it is led late and follows singles as the original
//     game's rules decide); never spent inside a group or sequence unless
//     the hand can go out after that meld; the ♠3 always answers a lone
//     joker;
//   - the exchange (the original game has none): give back the weakest
//     singles of the decomposition, then the weakest cards; never the
//     joker, a 2 or an 8 while weaker cards remain.
// montecarlo: for each legal move, determinized playouts (Rules::
//   Determinize: the unseen cards dealt at random to the hidden hands by
//   their sizes, the exchange's known cards in place) played to the end of
//   the deal by RolloutMove for every player; the move of highest mean
//   place points is played. The same determinizations serve every move
//   (common random numbers). Give-backs as heuristic.
#ifndef GAMEAI_DAIFUGO_INTERNAL_AGENTS_H_
#define GAMEAI_DAIFUGO_INTERNAL_AGENTS_H_

#include "gameai/base/random.h"
#include "gameai/daifugo/daifugo.h"
#include "gameai/daifugo/internal/hand_eval.h"
#include "gameai/dynamic/registry.h"

namespace gameai::daifugo {

// ContextFor: the original game's evaluation context for the player to move
// (its enemy cards are those it has not seen and were not played).
EvalContext ContextFor(const Rules& rules, const Position& s, Player p);

// HeuristicMove: the heuristic's move for the player to act (a play or a
// give-back).
Move HeuristicMove(const Rules& rules, const Position& s);
// GiveBackCard: the card the heuristic gives back from `hand`.
int GiveBackCard(Cards hand);

// RolloutMove: the playouts' fast policy, no allocation: leading, the meld
// with the most cards among those holding the hand's weakest card (no
// joker unless it is all that is left); following, the weakest legal meld
// without the joker (with it only to empty the hand) that breaks no larger
// group of the hand, else the weakest such meld, or a pass. With
// probability 1/8 a uniformly random legal move instead, so playouts vary.
Move RolloutMove(const Rules& rules, const Position& s, Rng& rng);

struct MonteCarloOptions {
  int playouts = 60;  // per legal move
  uint64_t seed = 0;
  // time_ms > 0: after the `playouts` rounds (one sampled deal played out
  // for every move), more rounds until the move has taken this long; the
  // choice then depends on the machine's speed.
  int time_ms = 0;
};
// MonteCarloMove: the montecarlo agent's choice in `view` (a Redact view of
// the player to move, or a full state). With `mean_return`: the chosen
// move's mean place points against the table's mean over the playouts
// (NaN where no playout was needed: one legal move, or a give-back);
// `rounds`, when given, gets the number of sampled deals played out.
Move MonteCarloMove(const Rules& rules, const Position& view,
                    const MonteCarloOptions& options, Rng& rng,
                    double* mean_return = nullptr, int* rounds = nullptr);

AgentEntry HeuristicAgentEntry();
AgentEntry MonteCarloAgentEntry();

}  // namespace gameai::daifugo

#endif  // GAMEAI_DAIFUGO_INTERNAL_AGENTS_H_
