#include "gameai/dynamic/random_agent.h"

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/random.h"

namespace gameai {
namespace {

class RandomAgent final : public Agent {
 public:
  explicit RandomAgent(uint64_t seed) : seed_(seed) {}

 protected:
  absl::StatusOr<Action> DoStep(const State& view) override {
    const std::vector<Action> legal = view.LegalActions(seat());
    if (legal.empty()) {
      return absl::FailedPreconditionError(
          fmt::format("random: seat {} has no legal action", seat()));
    }
    return legal[rng_.Below(legal.size())];
  }

  void OnStartGame(const Game&, uint64_t seed) override {
    rng_.Seed(DeriveSeed(seed_, seed));
  }

 private:
  uint64_t seed_;
  Rng rng_;
};

}  // namespace

AgentEntry RandomAgentEntry() {
  return {
      .name = "random",
      .help = "a uniformly random legal action",
      .params = {ParamDef::Int("seed", 0, 0, int64_t{1} << 53,
                               "mixed with each game's seed")},
      .make = [](const Game&, const Params& params)
          -> absl::StatusOr<std::unique_ptr<Agent>> {
        return std::make_unique<RandomAgent>(params.GetInt("seed"));
      },
  };
}

}  // namespace gameai
