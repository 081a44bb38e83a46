// gameai/daifugo/internal/heuristic.h: the original game's choice of a meld
// (its part 5), on the evaluation of hand_eval.h (rules in docs/daifugo.md).
#ifndef GAMEAI_DAIFUGO_INTERNAL_HEURISTIC_H_
#define GAMEAI_DAIFUGO_INTERNAL_HEURISTIC_H_

#include <vector>

#include "gameai/daifugo/internal/hand_eval.h"
#include "gameai/daifugo/melds.h"

namespace gameai::daifugo {

// LeadPriority (優先評価値) of `meld`, one of the hand's decomposition.
int LeadPriority(const Meld& meld, Cards hand, const EvalContext& context);
// ChooseLead (親): the decomposition's meld of highest priority (ties: the
// weaker meld).
Meld ChooseLead(Cards hand, const EvalContext& context);
// IsFollowCandidate: the original game's rules 1..6 on a group or single field,
// or its sequence rule, for a legal `meld`.
bool IsFollowCandidate(const Meld& meld, const Meld& field, Cards hand,
                       const EvalContext& context);
// ChooseFollow (子): of the candidates among `legal`, the one leaving the
// lowest hand value (ties: the weaker meld); a pass (kPass) when none.
Meld ChooseFollow(const std::vector<Meld>& legal, const Meld& field, Cards hand,
                  const EvalContext& context);

}  // namespace gameai::daifugo

#endif  // GAMEAI_DAIFUGO_INTERNAL_HEURISTIC_H_
