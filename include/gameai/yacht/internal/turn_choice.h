// gameai/yacht/internal/turn_choice.h: an agent's pick within a turn, from
// values it computed: writing the dice now, or keeping some and rolling.
#ifndef GAMEAI_YACHT_INTERNAL_TURN_CHOICE_H_
#define GAMEAI_YACHT_INTERNAL_TURN_CHOICE_H_

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gameai/yacht/optimal.h"

namespace gameai::yacht {

// TurnOptions: each option's text and value, best first.
using TurnOptions = std::vector<std::pair<std::string, double>>;

// ChooseInTurn: at a decision of `s`, writing the dice in `best_category`
// is worth `score_value`; with rerolls left, keeping multiset K and rolling
// the rest is worth plan.keep[s.rolls_left - 1][K]. The best of them (ties:
// scoring, then the first keep) as an action; `options` gets every option
// listed, best first.
Action ChooseInTurn(const Rules& rules, const Position& s, int best_category,
                    double score_value, const OptimalTable::TurnPlan* plan,
                    TurnOptions& options);

// ExplainOptions: "HEAD [option: value] ..." for the best 8 options, each
// value shown by `show` ("" when there are none).
std::string ExplainOptions(std::string_view head, const TurnOptions& options,
                           const std::function<std::string(double)>& show);

}  // namespace gameai::yacht

#endif  // GAMEAI_YACHT_INTERNAL_TURN_CHOICE_H_
