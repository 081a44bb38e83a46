// Yacht: random two-player games through the kernel, and the optimal table.
#include "benchmark/benchmark.h"
#include "gameai/core/random.h"
#include "gameai/yacht/optimal.h"
#include "gameai/yacht/yacht.h"

namespace gameai::yacht {
namespace {

void BM_Yacht_RandomPlayout(benchmark::State& state) {
  const Rules rules = *Rules::Create({.players = 2});
  Rng rng(1);
  MoveList moves;
  int64_t games = 0;
  for (auto _ : state) {
    State s = rules.InitialState();
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
  state.counters["games"] = benchmark::Counter(games, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Yacht_RandomPlayout);

void BM_Yacht_Solve(benchmark::State& state) {
  for (auto _ : state) {
    auto table = OptimalTable::Compute({.players = 1}, static_cast<int>(state.range(0)));
    benchmark::DoNotOptimize((*table)->StartValue());
  }
}
BENCHMARK(BM_Yacht_Solve)->Arg(1)->Arg(2)->Unit(benchmark::kSecond)->Iterations(1);

}  // namespace
}  // namespace gameai::yacht
