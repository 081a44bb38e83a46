// Random games through the dynamic Game / State interface, the loop users of
// the Python module, the C API and the arena run, for every registered game
// with its default parameters. Each is compared with its kernel's random
// playout of the same game (games/s, one run of gameai_bench):
//   mancala     BM_Mancala_RandomPlayout
//   yacht       BM_Yacht_RandomPlayout
//   linesboard  BM_Lines_RandomPlayout_Listed (BM_Lines_RandomPlayout draws
//               each move by SampleMove without listing them)
//   minirisk    BM_MiniRisk_RandomPlayout/5
//   daifugo     BM_Daifugo_RandomMatch (whole 10-deal matches)
// What differs on purpose: the kernel playouts list the legal moves and
// draw with gameai::Rng (xoshiro256**, Lemire's Below, inlined); the
// dynamic loops draw with std::mt19937 through std::uniform_int_distribution
// as a typical caller's loop (and OpenSpiel's) does, a few ns more per
// pick. Chance: the kernels sample (SampleChance), BM_Dynamic_RandomGame
// lists ChanceOutcomes() and walks it, BM_Dynamic_RandomGameBuffered
// samples through SampleChanceOutcome(rng) (the kernel's sampler behind
// one virtual call).
// BM_Kernel_RandomGameStdPick/<game> is the buffered loop's work without the
// dynamic layer: the kernel's moves, picked with the same std::mt19937 and
// distribution, chance by the same sampler. The buffered loop's rate over
// its rate is what the layer itself costs; the ratios docs/performance.md
// reports are over the kernel playouts above, whose cheaper picks count
// for the kernel. BM_Kernel_RandomGameNewVectors/<game> is the vector
// loop's work without the layer: the same picks, and a new vector for every
// listing and every chance node's outcomes: the ceiling of any layer whose
// LegalActions() and ChanceOutcomes() return new vectors.
// BM_Dynamic_ThinLayerFloor/<game> is the buffered loop behind the thinnest
// virtual interface (no checks, no history): the ceiling of any dynamic
// layer on that loop.
#include <array>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "gameai/base/random.h"
#include "gameai/dynamic/game.h"
#include "gameai/dynamic/registry.h"
#include "gameai/kernel/kernel_adapter.h"
#include "kernel_reference.h"

namespace gameai::bench {
namespace {

// The loop of OpenSpiel's random simulation, as a user writes it:
// NewInitialState, then until the end LegalActions() (a new vector) and a
// uniform pick with a std::mt19937, chance nodes sampled from
// ChanceOutcomes(), simultaneous nodes by LegalActions(p) per seat and
// ApplyJointAction. Measures the dynamic layer as users meet it.
void BM_Dynamic_RandomGame(benchmark::State& state, const std::string& spec) {
  const std::shared_ptr<const Game> game = *LoadGame(spec);
  std::mt19937 gen(1);
  std::vector<Action> joint(game->NumPlayers());
  int64_t games = 0, actions = 0;
  for (auto _ : state) {
    std::unique_ptr<State> s = game->NewInitialState();
    while (!s->IsTerminal()) {
      absl::Status status;
      if (s->IsChanceNode()) {
        status = s->ApplyAction(SampleListed(s->ChanceOutcomes(), gen));
      } else if (s->IsSimultaneousNode()) {
        for (Player p = 0; p < game->NumPlayers(); ++p) {
          joint[p] = Pick(s->LegalActions(p), gen);
        }
        status = s->ApplyJointAction(joint);
      } else {
        status = s->ApplyAction(Pick(s->LegalActions(), gen));
      }
      benchmark::DoNotOptimize(status);
      ++actions;
    }
    benchmark::DoNotOptimize(s->Returns());
    ++games;
  }
  Report(state, games, actions);
}

// The same loop through the allocation-free forms: LegalActions into one
// reused buffer, chance drawn by SampleChanceOutcome (the kernel's sampler,
// no outcome list). Measures what a careful dynamic-layer user gets.
void BM_Dynamic_RandomGameBuffered(benchmark::State& state,
                                   const std::string& spec) {
  const std::shared_ptr<const Game> game = *LoadGame(spec);
  std::mt19937 gen(1);
  Rng chance_rng(1);
  std::vector<Action> joint(game->NumPlayers());
  std::vector<Action> legal;
  int64_t games = 0, actions = 0;
  for (auto _ : state) {
    std::unique_ptr<State> s = game->NewInitialState();
    while (!s->IsTerminal()) {
      absl::Status status;
      if (s->IsChanceNode()) {
        status = s->ApplyAction(*s->SampleChanceOutcome(chance_rng));
      } else if (s->IsSimultaneousNode()) {
        for (Player p = 0; p < game->NumPlayers(); ++p) {
          s->LegalActions(p, &legal);
          joint[p] = Pick(legal, gen);
        }
        status = s->ApplyJointAction(joint);
      } else {
        s->LegalActions(&legal);
        status = s->ApplyAction(Pick(legal, gen));
      }
      benchmark::DoNotOptimize(status);
      ++actions;
    }
    benchmark::DoNotOptimize(s->Returns());
    ++games;
  }
  Report(state, games, actions);
}

// One pick by itself, from a list of 6 (Mancala's longest): std::mt19937
// through the distribution, as the dynamic loops draw, and gameai::Rng's
// Below, as the kernel playouts draw. The difference is part of every
// dynamic-over-kernel ratio and none of the layer's cost.
void BM_Pick_StdMt19937(benchmark::State& state) {
  std::mt19937 gen(1);
  const std::vector<Action> legal = {0, 1, 2, 3, 4, 5};
  for (auto _ : state) benchmark::DoNotOptimize(Pick(legal, gen));
  state.counters["picks"] = benchmark::Counter(
      static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Pick_StdMt19937);

void BM_Pick_Rng(benchmark::State& state) {
  Rng rng(1);
  const std::vector<Action> legal = {0, 1, 2, 3, 4, 5};
  for (auto _ : state) {
    benchmark::DoNotOptimize(legal[rng.Below(legal.size())]);
  }
  state.counters["picks"] = benchmark::Counter(
      static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Pick_Rng);

// One benchmark of each loop per registered game, named by the game (the
// kernel references come from each game's bench file).
[[maybe_unused]] const bool kRegistered = [] {
  RegisterBuiltinGames();
  for (const GameEntry* entry : RegisteredGames()) {
    benchmark::RegisterBenchmark(
        ("BM_Dynamic_RandomGame/" + entry->name).c_str(), BM_Dynamic_RandomGame,
        entry->name);
    benchmark::RegisterBenchmark(
        ("BM_Dynamic_RandomGameBuffered/" + entry->name).c_str(),
        BM_Dynamic_RandomGameBuffered, entry->name);
  }
  return true;
}();

}  // namespace
}  // namespace gameai::bench
