// Yacht's own agents: `optimal` (the solitaire optimum) and `greedy` (the
// best score now, never a reroll).
#include <algorithm>
#include <vector>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/yacht/internal/turn_choice.h"
#include "gameai/yacht/optimal.h"

namespace gameai::yacht {
namespace {

class OptimalAgent final : public Agent {
 public:
  explicit OptimalAgent(std::string cache) : cache_(std::move(cache)) {}

  std::string Explain() const override {
    return ExplainOptions("optimal: expected final score per option:", options_,
                          [](double v) { return fmt::format("{:.2f}", v); });
  }

 protected:
  absl::StatusOr<Action> DoStep(const gameai::State& view) override {
    GAMEAI_ASSIGN_OR_RETURN(const KernelState<Rules>* kernel,
                            KernelViewOf<Rules>(view, seat(), "optimal"));
    const Rules& rules = kernel->rules();
    const Position& s = kernel->position();
    absl::StatusOr<std::shared_ptr<const OptimalTable>> table =
        OptimalTable::Shared(rules.options(), cache_);
    if (!table.ok()) return table.status();
    const Scorecard& card = s.cards[seat()];
    const auto [category, score_value] = (*table)->BestCategory(card, s.dice);
    if (s.rolls_left > 0) {
      if (plan_ == nullptr) plan_ = std::make_unique<OptimalTable::TurnPlan>();
      (*table)->PlanTurn(card, *plan_);
    }
    const Action best =
        ChooseInTurn(rules, s, category, score_value, plan_.get(), options_);
    // Shown as final scores: the points so far plus those to come.
    for (auto& option : options_) option.second += card.total;
    return best;
  }

 private:
  std::string cache_;
  std::unique_ptr<OptimalTable::TurnPlan> plan_;
  TurnOptions options_;
};

class GreedyAgent final : public Agent {
 public:
  std::string Explain() const override { return last_; }

 protected:
  absl::StatusOr<Action> DoStep(const gameai::State& view) override {
    GAMEAI_ASSIGN_OR_RETURN(const KernelState<Rules>* kernel,
                            KernelViewOf<Rules>(view, seat(), "greedy"));
    const Rules& rules = kernel->rules();
    const Position& s = kernel->position();
    int best = -1, best_points = -1;
    for (int c = 0; c < kNumCategories; ++c) {
      const int points = rules.ScoreFor(s.cards[seat()], c, s.dice);
      if (points > best_points) {  // ties: the first category
        best_points = points;
        best = c;
      }
    }
    last_ = fmt::format("greedy: score {} for {} points", CategoryName(best),
                        best_points);
    return kFirstScoreAction + best;
  }

 private:
  std::string last_;
};

}  // namespace

AgentEntry OptimalAgentEntry() {
  return {
      .name = "optimal",
      .help = "maximizes the expected solitaire score (dynamic programming)",
      .params = {ParamDef::String(
          "cache", "",
          "table file: loaded when it holds this table, written when "
          "missing; anything else there is an error, never overwritten")},
      .make = [](const Game& game, const Params& params)
          -> absl::StatusOr<std::unique_ptr<Agent>> {
        const std::string cache = params.GetString("cache");
        // A cache file that cannot be used is refused when the agent is
        // made, before a match, not at its first move.
        const auto* kernel_game = dynamic_cast<const KernelGame<Rules>*>(&game);
        if (!cache.empty() && kernel_game != nullptr) {
          GAMEAI_ASSIGN_OR_RETURN(
              std::shared_ptr<const OptimalTable> table,
              OptimalTable::Shared(kernel_game->rules().options(), cache));
        }
        return std::make_unique<OptimalAgent>(cache);
      },
  };
}

AgentEntry YachtGreedyAgentEntry() {
  return {
      .name = "greedy",
      .help = "writes the highest-scoring category at once, never rerolls",
      .params = {},
      .make = [](const Game&,
                 const Params&) -> absl::StatusOr<std::unique_ptr<Agent>> {
        return std::make_unique<GreedyAgent>();
      },
  };
}

}  // namespace gameai::yacht
