#include "gameai/yacht/internal/turn_choice.h"

#include <algorithm>

#include "fmt/format.h"

namespace gameai::yacht {

Action ChooseInTurn(const Rules& rules, const Position& s, int best_category,
                    double score_value, const OptimalTable::TurnPlan* plan,
                    TurnOptions& options) {
  options.clear();
  options.push_back(
      {fmt::format("score {}", CategoryName(best_category)), score_value});
  Action best = kFirstScoreAction + best_category;
  double best_value = score_value;
  if (s.rolls_left > 0 && plan != nullptr) {
    for (uint16_t keep : DiceTables::Get().SubMultisets(s.dice)) {
      if (keep == s.dice) continue;  // keeping all five: scoring does that
      const double value = plan->keep[s.rolls_left - 1][keep];
      const int mask = Rules::CanonicalHold(s.dice, keep);
      options.push_back(
          {rules.MoveToString(s, static_cast<Move>(mask)), value});
      if (value > best_value) {  // ties: score now, no pointless roll
        best_value = value;
        best = mask;
      }
    }
  }
  std::stable_sort(
      options.begin(), options.end(),
      [](const auto& a, const auto& b) { return a.second > b.second; });
  return best;
}

std::string ExplainOptions(std::string_view head, const TurnOptions& options,
                           const std::function<std::string(double)>& show) {
  if (options.empty()) return {};
  std::string out(head);
  for (size_t i = 0; i < options.size() && i < 8; ++i) {
    out += fmt::format(" [{}: {}]", options[i].first, show(options[i].second));
  }
  return out;
}

}  // namespace gameai::yacht
