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
// as the reference loop (and OpenSpiel's) does, a few ns more per
// pick. Chance: the kernels sample (SampleChance), BM_Dynamic_RandomGame
// lists ChanceOutcomes() and walks it, BM_Dynamic_RandomGameBuffered
// samples through SampleChanceOutcome(rng) (the kernel's sampler behind
// one virtual call).
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "gameai/core/game.h"
#include "gameai/core/random.h"
#include "gameai/core/registry.h"

namespace gameai {
namespace {

// Pick: a uniformly random entry of `legal`.
Action Pick(const std::vector<Action>& legal, std::mt19937& gen) {
  return legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(gen)];
}

// SampleListed: an outcome drawn by its probability (the last one when
// rounding leaves the sum short of 1).
Action SampleListed(const std::vector<ChanceOutcome>& outcomes,
                    std::mt19937& gen) {
  double u = std::uniform_real_distribution<double>(0.0, 1.0)(gen);
  for (const ChanceOutcome& o : outcomes) {
    if (u < o.probability) return o.action;
    u -= o.probability;
  }
  return outcomes.back().action;
}

void Report(benchmark::State& state, int64_t games, int64_t actions) {
  state.counters["games"] = benchmark::Counter(static_cast<double>(games),
                                               benchmark::Counter::kIsRate);
  state.counters["actions"] = benchmark::Counter(static_cast<double>(actions),
                                                 benchmark::Counter::kIsRate);
}

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

// One benchmark of each loop per registered game, named by the game.
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
}  // namespace gameai
