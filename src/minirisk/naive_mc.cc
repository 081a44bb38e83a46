// The original game's naive Monte-Carlo player: every future bid uniformly
// random.
#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/minirisk/internal/agents.h"
#include "gameai/minirisk/internal/monte_carlo.h"

namespace gameai::minirisk {
namespace {

class NaiveMcAgent final : public Agent {
 public:
  NaiveMcAgent(Outcome outcome, int rollouts, uint64_t seed)
      : rollouts_(rollouts), outcome_(outcome), seed_(seed) {}

  std::string Explain() const override { return explanation_; }

 protected:
  absl::StatusOr<Action> DoStep(const gameai::State& view) override {
    GAMEAI_ASSIGN_OR_RETURN(const KernelState<Rules>* kernel,
                            KernelViewOf<Rules>(view, seat(), "naive_mc"));
    const Rules& rules = kernel->rules();
    const Position& s = kernel->position();
    auto uniform = [](const Position& x, Player p, Rng& rng) {
      return Rules::SampleBid(x, p, rng);
    };
    const auto values = BidValues(rules, s, seat(), rollouts_, rng_(), outcome_,
                                  uniform, uniform);
    const Move bid = BestCard(values);
    explanation_ = fmt::format("naive_mc: bid {} (mean final score {:.2f})",
                               bid + 1, values[bid]);
    return rules.ToAction(bid);
  }

  void OnStartGame(const Game&, uint64_t seed) override {
    rng_.Seed(DeriveSeed(seed_, seed));
  }

 private:
  int rollouts_;
  Outcome outcome_;
  uint64_t seed_;
  Rng rng_;
  std::string explanation_;
};

}  // namespace

AgentEntry NaiveMcAgentEntry() {
  return {
      .name = "naive_mc",
      .help =
          "the original game's naive Monte-Carlo player: the bid with the best "
          "mean score when every future bid is uniformly random",
      .params =
          {
              ParamDef::Int("rollouts", 100, 1, 1000000,
                            "playouts per card in hand"),
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
        return std::make_unique<NaiveMcAgent>(
            outcome, static_cast<int>(params.GetInt("rollouts")),
            params.GetInt("seed"));
      },
  };
}

}  // namespace gameai::minirisk
