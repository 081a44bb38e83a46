// Lines board: move generation, the greedy move (bitboards beside the
// original game's copy-and-rescan method, on the same positions), random games.
#include <vector>

#include "benchmark/benchmark.h"
#include "gameai/base/random.h"
#include "gameai/linesboard/internal/greedy.h"
#include "gameai/linesboard/linesboard.h"
#include "gameai/linesboard/internal/reference.h"
#include "kernel_reference.h"

namespace gameai::linesboard {
namespace {

const Rules& DefaultRules() {
  static const Rules rules = *Rules::Create({});
  return rules;
}

// MidGamePositions: 32 positions at a player's turn after 30..61 turns of
// greedy against greedy on the default board (fixed seeds).
const std::vector<Position>& MidGamePositions() {
  static const std::vector<Position> positions = [] {
    const Rules& rules = DefaultRules();
    std::vector<Position> out;
    MoveEvaluator evaluator;
    for (int game = 0; game < 32; ++game) {
      Rng rng(DeriveSeed(2026, game));
      Position s = rules.InitialPosition();
      while (true) {
        const Player p = rules.CurrentPlayer(s);
        if (p == kTerminalPlayer) break;
        if (p == kChancePlayer) {
          rules.Apply(s, rules.SampleChance(s, rng));
          continue;
        }
        if (s.turns >= 30 + game) {
          out.push_back(s);
          break;
        }
        rules.Apply(s, GreedyMove(rules, s, rng, evaluator).move);
      }
    }
    return out;
  }();
  return positions;
}

void BM_Lines_LegalMoves(benchmark::State& state) {
  const Rules& rules = DefaultRules();
  const std::vector<Position>& positions = MidGamePositions();
  MoveList moves;
  int64_t lists = 0, generated = 0;
  for (auto _ : state) {
    rules.LegalMoves(positions[lists % positions.size()], moves);
    benchmark::DoNotOptimize(moves.moves.data());
    generated += moves.size();
    ++lists;
  }
  state.counters["lists"] =
      benchmark::Counter(lists, benchmark::Counter::kIsRate);
  state.counters["moves"] =
      benchmark::Counter(generated, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Lines_LegalMoves);

// Move evaluations per second: every legal move of a position scored and
// the greedy choice made.
void BM_Lines_GreedyMove(benchmark::State& state) {
  const Rules& rules = DefaultRules();
  const std::vector<Position>& positions = MidGamePositions();
  MoveEvaluator evaluator;
  Rng rng(1);
  int64_t evaluated = 0, i = 0;
  for (auto _ : state) {
    const GreedyChoice choice =
        GreedyMove(rules, positions[i++ % positions.size()], rng, evaluator);
    benchmark::DoNotOptimize(choice.move);
    evaluated += choice.evaluated;
  }
  state.counters["evals"] =
      benchmark::Counter(evaluated, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Lines_GreedyMove);

// The original game's method on the same positions: list the moves by a search
// from every ball, copy the board per move, apply, rescan every line.
void BM_Lines_GreedyMove_Naive(benchmark::State& state) {
  const Rules& rules = DefaultRules();
  std::vector<ReferenceBoard> boards;
  for (const Position& s : MidGamePositions()) {
    boards.push_back(ReferenceBoard::FromState(rules, s));
  }
  Rng rng(1);
  int64_t evaluated = 0, i = 0;
  for (auto _ : state) {
    const ReferenceBoard& board = boards[i++ % boards.size()];
    const auto moves = board.ListLegalMoves();
    benchmark::DoNotOptimize(ReferenceGreedyMove(board, moves, rng));
    evaluated += static_cast<int64_t>(moves.size());
  }
  state.counters["evals"] =
      benchmark::Counter(evaluated, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Lines_GreedyMove_Naive);

// PlayRandomGames: random games from the start to the end, chance by
// SampleChance and each move by choose(s, rng); counts games and moves.
template <class Choose>
void PlayRandomGames(benchmark::State& state, Choose choose) {
  const Rules& rules = DefaultRules();
  Rng rng(1);
  int64_t games = 0, moves = 0;
  for (auto _ : state) {
    Position s = rules.InitialPosition();
    for (Player p = rules.CurrentPlayer(s); p != kTerminalPlayer;
         p = rules.CurrentPlayer(s)) {
      if (p == kChancePlayer) {
        rules.Apply(s, rules.SampleChance(s, rng));
      } else {
        rules.Apply(s, choose(s, rng));
        ++moves;
      }
    }
    benchmark::DoNotOptimize(s);
    ++games;
  }
  state.counters["games"] =
      benchmark::Counter(games, benchmark::Counter::kIsRate);
  state.counters["moves"] =
      benchmark::Counter(moves, benchmark::Counter::kIsRate);
}

// Moves drawn uniformly by SampleMove, without listing them: what MCTS
// rollouts do.
void BM_Lines_RandomPlayout(benchmark::State& state) {
  PlayRandomGames(state, [](const Position& s, Rng& rng) {
    return *DefaultRules().SampleMove(s, rng);
  });
}
BENCHMARK(BM_Lines_RandomPlayout);

// The legal moves listed and one picked uniformly, like the other games'
// kernel playouts: the reference for BM_Dynamic_RandomGame/linesboard,
// whose loop lists them too.
void BM_Lines_RandomPlayout_Listed(benchmark::State& state) {
  MoveList moves;
  PlayRandomGames(state, [&](const Position& s, Rng& rng) {
    DefaultRules().LegalMoves(s, moves);
    return moves[static_cast<int>(rng.Below(moves.size()))];
  });
}
BENCHMARK(BM_Lines_RandomPlayout_Listed);

// The kernel-alone loops the dynamic layer is compared with
// (dynamic_bench.cc).
[[maybe_unused]] const bool kKernelReferences =
    bench::RegisterKernelReferences<Rules>("linesboard");

}  // namespace
}  // namespace gameai::linesboard
