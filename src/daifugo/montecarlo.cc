// The montecarlo agent (agents.h): determinized playouts per legal move.
#include <chrono>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/stop_request.h"
#include "gameai/daifugo/internal/agents.h"
#include "gameai/kernel/kernel_adapter.h"

namespace gameai::daifugo {
namespace {

// PlayOut: `s` played to the end of its deal by RolloutMove for everyone.
void PlayOut(const Rules& rules, Position& s, Rng& rng) {
  while (!rules.HorizonReached(s)) rules.Apply(s, RolloutMove(rules, s, rng));
}

class MonteCarloAgent final : public Agent {
 public:
  explicit MonteCarloAgent(const MonteCarloOptions& options)
      : options_(options) {}

  std::string Explain() const override { return explanation_; }

 protected:
  absl::StatusOr<Action> DoStep(const gameai::State& view) override {
    GAMEAI_ASSIGN_OR_RETURN(const KernelState<Rules>* kernel,
                            KernelViewOf<Rules>(view, seat(), "montecarlo"));
    const Rules& rules = kernel->rules();
    const Position& s = kernel->position();
    double mean = 0;
    int rounds = 0;
    const Move move = MonteCarloMove(rules, s, options_, rng_, &mean, &rounds);
    explanation_ =
        std::isnan(mean)
            ? fmt::format("montecarlo: {} (no choice to weigh)",
                          rules.MoveToString(s, move))
            : fmt::format(
                  "montecarlo: {} expects {:+.2f} place points against the "
                  "table's mean ({} playouts of each move)",
                  rules.MoveToString(s, move), mean, rounds);
    return rules.ToAction(move);
  }

  void OnStartGame(const Game&, uint64_t seed) override {
    rng_.Seed(DeriveSeed(options_.seed, seed));
  }

 private:
  MonteCarloOptions options_;
  Rng rng_;
  std::string explanation_;
};

}  // namespace

Move MonteCarloMove(const Rules& rules, const Position& view,
                    const MonteCarloOptions& options, Rng& rng,
                    double* mean_return, int* rounds) {
  if (mean_return != nullptr) *mean_return = std::nan("");
  if (rounds != nullptr) *rounds = 0;
  if (view.phase == Phase::kGiveBack) return HeuristicMove(rules, view);
  const Player self = rules.CurrentPlayer(view);
  MoveList moves;
  rules.LegalMoves(view, moves);
  if (moves.size() == 1) return moves[0];
  std::vector<double> value(moves.size(), 0.0);
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::milliseconds(options.time_ms);
  auto more = [&](int i) {
    if (i > 0 && i % 16 == 0 && StopRequested()) return false;
    return i < options.playouts ||
           (options.time_ms > 0 && std::chrono::steady_clock::now() < deadline);
  };
  int played = 0;
  for (int i = 0; more(i); ++i) {
    played = i + 1;
    if (rounds != nullptr) *rounds = played;
    const uint64_t seed = rng();
    Rng deal_rng(seed);
    const Position deal = rules.Determinize(view, self, deal_rng);
    for (int j = 0; j < moves.size(); ++j) {
      Rng playout_rng(seed ^ 0x9e3779b97f4a7c15ULL);  // the same for each move
      Position s = deal;
      rules.Apply(s, moves[j]);
      PlayOut(rules, s, playout_rng);
      value[j] += rules.HorizonReturn(s, self);
    }
  }
  int best = 0;
  for (int j = 1; j < moves.size(); ++j) {
    if (value[j] > value[best]) best = j;
  }
  if (mean_return != nullptr) *mean_return = value[best] / played;
  return moves[best];
}

AgentEntry MonteCarloAgentEntry() {
  return {
      .name = "montecarlo",
      .help =
          "determinized playouts of every legal move to the end of the deal "
          "with a fast policy; plays the best mean place points",
      .params =
          {
              ParamDef::Int("playouts", 60, 1, 1'000'000,
                            "playouts per legal move"),
              ParamDef::Int("seed", 0, 0, int64_t{1} << 53,
                            "mixed with each game's seed"),
              ParamDef::Int("time_ms", 0, 0, 600'000,
                            "> 0: more playouts until a move took this long "
                            "(then not reproducible)"),
          },
      .make = [](const Game&, const Params& params)
          -> absl::StatusOr<std::unique_ptr<Agent>> {
        return std::make_unique<MonteCarloAgent>(MonteCarloOptions{
            .playouts = static_cast<int>(params.GetInt("playouts")),
            .seed = static_cast<uint64_t>(params.GetInt("seed")),
            .time_ms = static_cast<int>(params.GetInt("time_ms"))});
      },
  };
}

}  // namespace gameai::daifugo
