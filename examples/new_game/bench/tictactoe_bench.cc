// Tic-tac-toe hot loops: random playouts through the kernel and the perfect
// agent's move. Rates, not wall times. (The dynamic interface's random
// games are BM_Dynamic_RandomGame/tictactoe in dynamic_bench.cc.)
#include "benchmark/benchmark.h"
#include "gameai/base/random.h"
#include "gameai/tictactoe/perfect.h"
#include "gameai/tictactoe/tictactoe.h"
#include "kernel_reference.h"

namespace gameai {
namespace {

tictactoe::Rules DefaultRules() { return *tictactoe::Rules::Create({}); }

// Random games through the kernel: list the legal moves, pick one
// uniformly. The reference for BM_Dynamic_RandomGame/tictactoe.
void BM_TicTacToe_RandomPlayout(benchmark::State& state) {
  const tictactoe::Rules rules = DefaultRules();
  Rng rng(1);
  int64_t games = 0;
  int64_t moves_played = 0;
  tictactoe::MoveList moves;
  for (auto _ : state) {
    tictactoe::Position s = rules.InitialPosition();
    while (!tictactoe::Rules::IsOver(s)) {
      rules.LegalMoves(s, moves);
      rules.Apply(s, moves[static_cast<int>(rng.Below(moves.size()))]);
      ++moves_played;
    }
    benchmark::DoNotOptimize(s);
    ++games;
  }
  state.counters["games"] =
      benchmark::Counter(games, benchmark::Counter::kIsRate);
  state.counters["moves"] =
      benchmark::Counter(moves_played, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_TicTacToe_RandomPlayout);

// The perfect agent's choice at every position of one random game: table
// lookups per legal move (the table is solved before the timing starts).
void BM_TicTacToe_PerfectMove(benchmark::State& state) {
  const tictactoe::Rules rules = DefaultRules();
  benchmark::DoNotOptimize(
      tictactoe::PerfectValue(rules, rules.InitialPosition()));
  Rng rng(1);
  int64_t choices = 0;
  tictactoe::MoveList moves;
  for (auto _ : state) {
    tictactoe::Position s = rules.InitialPosition();
    while (!tictactoe::Rules::IsOver(s)) {
      benchmark::DoNotOptimize(tictactoe::PerfectMove(rules, s));
      ++choices;
      rules.LegalMoves(s, moves);
      rules.Apply(s, moves[static_cast<int>(rng.Below(moves.size()))]);
    }
  }
  state.counters["choices"] =
      benchmark::Counter(choices, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_TicTacToe_PerfectMove);

// The kernel-alone loops the dynamic layer is compared with
// (dynamic_bench.cc).
[[maybe_unused]] const bool kKernelReferences =
    bench::RegisterKernelReferences<tictactoe::Rules>("tictactoe");

}  // namespace
}  // namespace gameai
