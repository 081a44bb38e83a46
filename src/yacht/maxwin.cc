// `maxwin`: plays Yacht against others to win, not to score.
//
// Each decision is the exact expectimax of the rest of this turn, whose
// leaves (the dice written in a category) are worth the chance of winning
// from there, a tie at the top counting half. That chance is computed as if
// every player (this one too) played the rest of the game as `optimal`
// does, each independently of the others: from a scorecard with at most
// ScoreSpread::kExactOpen open boxes with the exact distribution of the
// points to come, from earlier ones with a normal distribution of their
// mean and variance, rounded to whole points. Against `optimal` the model
// of the others is then exact in the last turns, and this player's own
// last turn is played perfectly.
#include "gameai/yacht/maxwin.h"

#include <bit>
#include <cmath>
#include <limits>
#include <vector>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/yacht/internal/turn_choice.h"
#include "gameai/yacht/score_spread.h"

namespace gameai::yacht {

FinalScore FinalScore::Normal(double mean, double variance) {
  FinalScore f;
  f.mean_ = mean;
  f.variance_ = std::max(0.0, variance);
  return f;
}

FinalScore FinalScore::Exact(int base,
                             std::shared_ptr<const std::vector<double>> cdf) {
  FinalScore f;
  f.base_ = base;
  f.cdf_ = std::move(cdf);
  return f;
}

double FinalScore::Below(double x) const {
  if (cdf_ != nullptr) {
    const double i = x - 1 - base_;  // P(points to come <= i)
    if (i < 0) return 0;
    if (i >= static_cast<double>(cdf_->size())) return 1;
    return (*cdf_)[static_cast<size_t>(i)];
  }
  if (variance_ <= 0) return mean_ < x ? 1.0 : 0.0;
  return 0.5 * std::erfc(-(x - 0.5 - mean_) / std::sqrt(2 * variance_));
}

void FinalScore::ForEachScore(
    const std::function<void(double, double)>& visit) const {
  if (cdf_ != nullptr) {
    double below = 0;
    for (size_t i = 0; i < cdf_->size(); ++i) {
      if ((*cdf_)[i] > below)
        visit(base_ + static_cast<double>(i), (*cdf_)[i] - below);
      below = (*cdf_)[i];
    }
    return;
  }
  if (variance_ <= 0) {
    visit(std::round(mean_), 1.0);
    return;
  }
  const double spread = 6 * std::sqrt(variance_);
  for (double x = std::floor(mean_ - spread); x <= mean_ + spread; ++x) {
    const double p = Below(x + 1) - Below(x);
    if (p > 0) visit(x, p);
  }
}

double WinShare(const FinalScore& me, const std::vector<FinalScore>& others) {
  if (others.size() == 1 && me.normal() && others[0].normal()) {
    // The difference D of two such scores is one too: P(D > 0) + P(D = 0)/2.
    const FinalScore d = FinalScore::Normal(
        me.mean() - others[0].mean(), me.variance() + others[0].variance());
    return 1 - 0.5 * d.Below(1) - 0.5 * d.Below(0);
  }
  // Over my final score x: alone on top with probability prod P(Y < x),
  // sharing it with prod P(Y <= x) less that.
  double sum = 0;
  me.ForEachScore([&](double x, double p) {
    double alone = 1, at_most = 1;
    for (const FinalScore& y : others) {
      alone *= y.Below(x);
      at_most *= y.Below(x + 1);
    }
    sum += p * 0.5 * (alone + at_most);
  });
  return sum;
}

namespace {

// Model: the final score of a player with `total` points so far, at the
// start of a turn with `card`: exact once few boxes are open, else normal.
FinalScore Model(const ScoreSpread& spread, const Scorecard& card, int total) {
  if (card.open == 0) return FinalScore::Normal(total, 0);
  if (std::popcount(static_cast<unsigned>(card.open)) <=
      ScoreSpread::kExactOpen) {
    return FinalScore::Exact(total, spread.Distribution(card));
  }
  return FinalScore::Normal(total + spread.Mean(card), spread.Variance(card));
}

class MaxWinAgent final : public Agent {
 public:
  std::string Explain() const override {
    return ExplainOptions(
        "maxwin: chance of winning per option:", options_,
        [](double v) { return fmt::format("{:.1f}%", 100 * v); });
  }

 protected:
  absl::StatusOr<Action> DoStep(const gameai::State& view) override {
    GAMEAI_ASSIGN_OR_RETURN(const KernelState<Rules>* kernel,
                            KernelViewOf<Rules>(view, seat(), "maxwin"));
    const Rules& rules = kernel->rules();
    const Position& s = kernel->position();
    GAMEAI_ASSIGN_OR_RETURN(std::shared_ptr<const ScoreSpread> spread,
                            ScoreSpread::Shared(rules.options()));
    const Scorecard& card = s.cards[seat()];
    others_.clear();
    for (int p = 0; p < rules.NumPlayers(); ++p) {
      if (p != seat())
        others_.push_back(Model(*spread, s.cards[p], s.cards[p].total));
    }
    // leaf[c][points]: the share of the win after writing `points` in c
    // (they fix the scorecard after it), computed once per decision.
    constexpr double kUnknown = -1;
    for (auto& row : leaf_) row.fill(kUnknown);
    auto leaf = [&](int category, int dice) {
      const int points = rules.ScoreFor(card, category, dice);
      if (points < 0) return -1.0;  // not allowed
      double& value = leaf_[category][points];
      if (value == kUnknown) {
        const Scorecard next = OptimalTable::NextCard(card, category, dice);
        value = WinShare(Model(*spread, next, card.total + points), others_);
      }
      return value;
    };
    auto best_category = [&](int dice) {
      std::pair<int, double> best{-1, -1.0};
      for (int c = 0; c < kNumCategories; ++c) {
        const double value = leaf(c, dice);
        if (value > best.second) best = {c, value};
      }
      return best;
    };
    const auto [category, score_value] = best_category(s.dice);
    if (s.rolls_left > 0) {
      if (plan_ == nullptr) plan_ = std::make_unique<OptimalTable::TurnPlan>();
      const DiceTables& t = DiceTables::Get();
      const int first5 = t.FirstOfSize(kNumDice);
      for (int r = 0; r < kNumRolls; ++r) {
        plan_->level[0][r] = best_category(first5 + r).second;
      }
      OptimalTable::PlanRerolls(*plan_);
    }
    return ChooseInTurn(rules, s, category, score_value, plan_.get(), options_);
  }

 private:
  // Points a box can give: 50 for YACHT, with yahtzee_bonus 100 per extra
  // yacht and the upper bonus on top of the most a category scores.
  static constexpr int kMostPoints = 256;
  std::array<std::array<double, kMostPoints>, kNumCategories> leaf_;
  std::vector<FinalScore> others_;
  std::unique_ptr<OptimalTable::TurnPlan> plan_;
  TurnOptions options_;
};

}  // namespace

AgentEntry MaxWinAgentEntry() {
  return {
      .name = "maxwin",
      .help =
          "plays to win, not to score: the chance of beating the others "
          "(normal model of their and its own points to come)",
      .params = {},
      .make = [](const Game& game,
                 const Params&) -> absl::StatusOr<std::unique_ptr<Agent>> {
        const auto* kernel_game = dynamic_cast<const KernelGame<Rules>*>(&game);
        if (kernel_game != nullptr && kernel_game->rules().NumPlayers() < 2) {
          return absl::InvalidArgumentError(
              "maxwin plays to beat other players; yacht(players=1) has "
              "none (use optimal, which maximizes the score)");
        }
        return std::make_unique<MaxWinAgent>();
      },
  };
}

}  // namespace gameai::yacht
