// `gameai match` with two more agents, for the MPI tests
// (mpi_match_test.py): throws_on_game(n=N) plays the first legal action and
// throws an exception when it starts the N-th game of its series, so that a
// chosen series, and so a chosen MPI rank, fails while the others play on;
// cheats(every=N) plays an illegal action at every N-th step, so that every
// rank has illegal actions to log.
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "cmd_match.h"
#include "fmt/format.h"
#include "gameai/dynamic/agent.h"
#include "gameai/dynamic/params.h"
#include "gameai/dynamic/registry.h"

namespace gameai {
namespace {

class ThrowsOnGame final : public Agent {
 public:
  explicit ThrowsOnGame(int64_t n) : n_(n) {}

 protected:
  absl::StatusOr<Action> DoStep(const State& view) override {
    return view.LegalActions(seat()).front();
  }
  void OnStartGame(const Game&, uint64_t) override {
    if (++started_ == n_) {
      throw std::runtime_error(
          fmt::format("throws_on_game: game {} of its series", n_));
    }
  }

 private:
  int64_t n_;
  int64_t started_ = 0;
};

class Cheats final : public Agent {
 public:
  explicit Cheats(int64_t every) : every_(every) {}

 protected:
  absl::StatusOr<Action> DoStep(const State& view) override {
    if (++steps_ % every_ == 0) return Action{1} << 40;  // legal nowhere
    return view.LegalActions(seat()).front();
  }

 private:
  int64_t every_;
  int64_t steps_ = 0;
};

std::vector<AgentEntry> TestAgents() {
  return {{.name = "throws_on_game",
           .help = "test agent: throws when it starts its n-th game",
           .params = {ParamDef::Int("n", 1, 1, 1'000'000,
                                    "the game of its series it throws on")},
           .make = [](const Game&, const Params& params)
               -> absl::StatusOr<std::unique_ptr<Agent>> {
             return std::make_unique<ThrowsOnGame>(params.GetInt("n"));
           }},
          {.name = "cheats",
           .help = "test agent: an illegal action every n-th step",
           .params = {ParamDef::Int("every", 7, 1, 1'000'000,
                                    "steps between illegal actions")},
           .make = [](const Game&, const Params& params)
               -> absl::StatusOr<std::unique_ptr<Agent>> {
             return std::make_unique<Cheats>(params.GetInt("every"));
           }}};
}

}  // namespace
}  // namespace gameai

// Called like `gameai match ...`, so that the tests' command lines match.
int main(int argc, char** argv) {
  if (argc < 2 || std::string(argv[1]) != "match") {
    std::fprintf(stderr, "usage: %s match GAME --agents ...\n", argv[0]);
    return 2;
  }
  const std::vector<std::string> args(argv + 2, argv + argc);
  return gameai::cli::RunMatchWithAgents(args, gameai::TestAgents());
}
