// Mancala hot loops: random playouts through the kernel, MCTS simulations,
// alpha-beta, the solver. Rates, not wall times. (The dynamic interface's
// random games are BM_Dynamic_RandomGame/mancala in dynamic_bench.cc.)
#include "benchmark/benchmark.h"
#include "gameai/base/random.h"
#include "gameai/mancala/internal/alphabeta.h"
#include "gameai/mancala/endgame_db.h"
#include "gameai/mancala/mancala.h"
#include "gameai/mancala/solver.h"
#include "gameai/search/mcts.h"
#include "kernel_reference.h"

namespace gameai {
namespace {

mancala::Rules DefaultRules() { return *mancala::Rules::Create({}); }

// Random games through the kernel: list the legal moves, pick one
// uniformly. The reference for BM_Dynamic_RandomGame/mancala.
void BM_Mancala_RandomPlayout(benchmark::State& state) {
  const mancala::Rules rules = DefaultRules();
  Rng rng(1);
  int64_t games = 0;
  int64_t moves_played = 0;
  mancala::MoveList moves;
  for (auto _ : state) {
    mancala::Position s = rules.InitialPosition();
    while (!rules.IsOver(s)) {
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
BENCHMARK(BM_Mancala_RandomPlayout);

void BM_Mancala_Mcts(benchmark::State& state) {
  const mancala::Rules rules = DefaultRules();
  const int simulations = static_cast<int>(state.range(0));
  Mcts<mancala::Rules> mcts(rules, {.simulations = simulations});
  Rng rng(1);
  int64_t total = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(mcts.Search(rules.InitialPosition(), rng));
    total += simulations;
  }
  state.counters["simulations"] =
      benchmark::Counter(total, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Mancala_Mcts)->Arg(1000);

// Alpha-beta to a fixed depth from the start position, a fresh table each
// time: the rate is nodes per second, the time per iteration the time to
// depth (the original greedy search's reference: 2.2 s, 21.7 M nodes to
// depth 14 without a table).
void BM_Mancala_AlphaBeta(benchmark::State& state) {
  const mancala::Rules rules = DefaultRules();
  const int depth = static_cast<int>(state.range(0));
  int64_t nodes = 0;
  for (auto _ : state) {
    mancala::AlphaBeta search(rules, {.depth = depth, .tt_log2_size = 20});
    const mancala::SearchResult r = search.Search(rules.InitialPosition());
    benchmark::DoNotOptimize(r.best_move);
    nodes += r.nodes;
    state.counters["nodes_per_search"] = static_cast<double>(r.nodes);
  }
  state.counters["nodes"] =
      benchmark::Counter(nodes, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Mancala_AlphaBeta)->Arg(14)->Unit(benchmark::kMillisecond);

// The exact solver on a small board (4 pits x 3 seeds, standard capture).
void BM_Mancala_Solve(benchmark::State& state) {
  const mancala::Rules rules = *mancala::Rules::Create({.pits = 4, .seeds = 3});
  int64_t nodes = 0;
  for (auto _ : state) {
    absl::StatusOr<mancala::SolveResult> r =
        mancala::SolveKalah(rules, rules.InitialPosition(), {.tt_log2_size = 20});
    benchmark::DoNotOptimize(r->margin);
    nodes += r->nodes;
  }
  state.counters["nodes"] =
      benchmark::Counter(nodes, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Mancala_Solve)->Unit(benchmark::kMillisecond);

// Building a complete endgame database of the 6-pit board up to N pit seeds
// (entries per second; 14 seeds: 9.7 M entries).
void BM_Mancala_EndgameDbBuild(benchmark::State& state) {
  const mancala::Rules rules = *mancala::Rules::Create({});
  const int seeds = static_cast<int>(state.range(0));
  int64_t entries = 0;
  for (auto _ : state) {
    absl::StatusOr<std::unique_ptr<mancala::EndgameDb>> db =
        mancala::EndgameDb::Create(rules, seeds);
    (*db)->FillAll();
    entries += (*db)->filled();
  }
  state.counters["entries"] =
      benchmark::Counter(entries, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Mancala_EndgameDbBuild)->Arg(14)->Unit(benchmark::kMillisecond);

// The kernel-alone loops the dynamic layer is compared with
// (dynamic_bench.cc).
[[maybe_unused]] const bool kKernelReferences =
    bench::RegisterKernelReferences<mancala::Rules>("mancala");

}  // namespace
}  // namespace gameai
