// planner: Monte-Carlo rollouts in which the opponents bid as the learned
// model says they do, now and later, and the planner bids by PlanBid
// later: it plans against the opponents it has met, not against noise.
#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/minirisk/internal/agents.h"
#include "gameai/minirisk/internal/monte_carlo.h"
#include "gameai/minirisk/internal/opponent_model.h"

namespace gameai::minirisk {
namespace {

class PlannerAgent final : public Agent {
 public:
  PlannerAgent(Outcome outcome, int rollouts, double alpha, uint64_t seed)
      : rollouts_(rollouts), outcome_(outcome), model_(alpha), seed_(seed) {}

  std::string Explain() const override { return explanation_; }
  bool HasMemory() const override { return true; }  // the opponent model

 protected:
  absl::StatusOr<Action> DoStep(const gameai::State& view) override {
    GAMEAI_ASSIGN_OR_RETURN(const KernelState<Rules>* kernel,
                            KernelViewOf<Rules>(view, seat(), "planner"));
    const Rules& rules = kernel->rules();
    const Position& s = kernel->position();
    model_.Observe(s);
    const Player self = seat();
    auto now = [&](const Position& x, Player p, Rng& rng) {
      return model_.Sample(x, p, rng);
    };
    // Later rounds: the opponents by the model; itself by the best reply
    // to their most likely bids (the reactive learner's rule).
    auto later = [&](const Position& x, Player p, Rng& rng) {
      if (p != self) return model_.Sample(x, p, rng);
      std::array<uint8_t, kMaxPlayers> predicted{};
      for (Player q = 0; q < rules.NumPlayers(); ++q) {
        if (q != self) predicted[q] = model_.MostLikely(x, q) + 1;
      }
      return BestReply(rules, x, self, predicted,
                       card_cost_ * ExchangeRate(x, self));
    };
    const auto values =
        BidValues(rules, s, self, rollouts_, rng_(), outcome_, now, later);
    const Move bid = BestCard(values);
    explanation_ = fmt::format(
        "planner: bid {} (mean final score {:.2f} against the model)", bid + 1,
        values[bid]);
    return rules.ToAction(bid);
  }

  void OnEndGame(const gameai::State& view, absl::Span<const double>) override {
    if (const auto* k = dynamic_cast<const KernelState<Rules>*>(&view)) {
      model_.Observe(k->position());
    }
  }

  void OnStartGame(const Game& game, uint64_t seed) override {
    model_.StartGame(table(), game.NumPlayers(), seat());
    rng_.Seed(DeriveSeed(seed_, seed));
  }

 private:
  int rollouts_;
  Outcome outcome_;
  double card_cost_ = 0.5;
  OpponentModel model_;
  uint64_t seed_;
  Rng rng_;
  std::string explanation_;
};

}  // namespace

AgentEntry PlannerAgentEntry() {
  return {
      .name = "planner",
      .help =
          "plays the rest of the game out with every opponent bidding by its "
          "learned model (kept across games); the bid with the best mean score",
      .params =
          {
              ParamDef::Int("rollouts", 100, 1, 1000000,
                            "playouts per card in hand"),
              ParamDef::Double("alpha", 0.2, 0.001, 1,
                               "learning rate of the opponent model"),
              ParamDef::String("outcome", "score",
                               "what a playout is worth: score (own final "
                               "score) or margin (over the others' mean)"),
              ParamDef::Int("seed", 0, 0, int64_t{1} << 53,
                            "mixed with each game's seed"),
          },
      .make = [](const Game&, const Params& params)
          -> absl::StatusOr<std::unique_ptr<Agent>> {
        GAMEAI_ASSIGN_OR_RETURN(Outcome outcome,
                                ParseOutcome(params.GetString("outcome")));
        return std::make_unique<PlannerAgent>(
            outcome, static_cast<int>(params.GetInt("rollouts")),
            params.GetDouble("alpha"), params.GetInt("seed"));
      },
      .memory = "learns a bid model of each opponent from game to game",
  };
}

}  // namespace gameai::minirisk
