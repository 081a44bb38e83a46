// Yacht: random two-player games through the kernel, and the optimal table.
#include "benchmark/benchmark.h"
#include "gameai/base/random.h"
#include "gameai/yacht/internal/dice8.h"
#include "gameai/yacht/optimal.h"
#include "gameai/yacht/yacht.h"
#include "kernel_reference.h"

namespace gameai::yacht {
namespace {

// Random two-player games through the kernel: rolls by SampleChance, the
// legal moves listed and one picked uniformly. The reference for
// BM_Dynamic_RandomGame/yacht.
void BM_Yacht_RandomPlayout(benchmark::State& state) {
  const Rules rules = *Rules::Create({.players = 2});
  Rng rng(1);
  MoveList moves;
  int64_t games = 0;
  for (auto _ : state) {
    Position s = rules.InitialPosition();
    while (s.phase != kOver) {
      if (s.phase == kRoll) {
        rules.Apply(s, rules.SampleChance(s, rng));
      } else {
        rules.LegalMoves(s, moves);
        rules.Apply(s, moves[static_cast<int>(rng.Below(moves.size()))]);
      }
    }
    benchmark::DoNotOptimize(s);
    ++games;
  }
  state.counters["games"] =
      benchmark::Counter(games, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Yacht_RandomPlayout);

// The optimal table: Args({threads, yahtzee_bonus}).
void BM_Yacht_Solve(benchmark::State& state) {
  for (auto _ : state) {
    auto table = OptimalTable::Compute(
        {.players = 1, .yahtzee_bonus = state.range(1) != 0},
        static_cast<int>(state.range(0)));
    benchmark::DoNotOptimize((*table)->StartValue());
  }
}
BENCHMARK(BM_Yacht_Solve)
    ->Args({1, 0})
    ->Args({2, 0})
    ->Args({2, 1})
    ->Unit(benchmark::kSecond)
    ->Iterations(1);

// One dice8 turn (rolls sampled, every decision of the original game's player).
void BM_Yacht_Dice8Turn(benchmark::State& state) {
  const Rules rules = *Rules::Create({.players = 1});
  Rng rng(1);
  int64_t turns = 0;
  for (auto _ : state) {
    Position s = rules.InitialPosition();
    int target = -1;
    rules.Apply(s, rules.SampleChance(s, rng));
    while (s.phase == kDecide) {
      const dice8::Decision d =
          dice8::Decide(rules, s.cards[0], s.dice, s.rolls_left, target);
      target = d.target;
      if (d.write) {
        rules.Apply(s, static_cast<Move>(kFirstScoreAction + d.category));
        break;
      }
      s.dice =
          static_cast<uint16_t>(d.hold);  // keep the multiset, roll the rest
      --s.rolls_left;
      s.phase = kRoll;
      rules.Apply(s, rules.SampleChance(s, rng));
    }
    benchmark::DoNotOptimize(s);
    ++turns;
  }
  state.counters["turns"] =
      benchmark::Counter(turns, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Yacht_Dice8Turn);

// The kernel-alone loops the dynamic layer is compared with
// (dynamic_bench.cc).
[[maybe_unused]] const bool kKernelReferences =
    bench::RegisterKernelReferences<Rules>("yacht");

}  // namespace
}  // namespace gameai::yacht
