// Daifugo: move generation, random games (five players), the heuristic's
// and montecarlo's moves, on positions of random five-player games.
#include <vector>

#include "benchmark/benchmark.h"
#include "gameai/base/random.h"
#include "gameai/daifugo/internal/agents.h"
#include "gameai/daifugo/daifugo.h"
#include "kernel_reference.h"

namespace gameai::daifugo {
namespace {

Rules FivePlayers(int games) {
  return *Rules::Create({.players = 5, .games = games});
}

// RandomMove: a uniformly random legal move, or a chance outcome.
Move RandomMove(const Rules& rules, const Position& s, Rng& rng, MoveList& moves) {
  if (rules.CurrentPlayer(s) == kChancePlayer)
    return rules.SampleChance(s, rng);
  rules.LegalMoves(s, moves);
  return moves[static_cast<int>(rng.Below(moves.size()))];
}

// Positions: 256 states where a player is to play, from random matches.
std::vector<Position> Positions(const Rules& rules) {
  std::vector<Position> out;
  Rng rng(1);
  MoveList moves;
  while (out.size() < 256) {
    Position s = rules.InitialPosition();
    while (s.phase != Phase::kOver) {
      if (s.phase == Phase::kPlay && rng.Below(16) == 0) out.push_back(s);
      rules.Apply(s, RandomMove(rules, s, rng, moves));
    }
  }
  out.resize(256);
  return out;
}

void BM_Daifugo_LegalMoves(benchmark::State& state) {
  const Rules rules = FivePlayers(10);
  const std::vector<Position> positions = Positions(rules);
  MoveList moves;
  int64_t lists = 0, listed = 0;
  for (auto _ : state) {
    for (const Position& s : positions) {
      rules.LegalMoves(s, moves);
      benchmark::DoNotOptimize(moves);
      listed += moves.size();
    }
    lists += static_cast<int64_t>(positions.size());
  }
  state.counters["lists"] = benchmark::Counter(static_cast<double>(lists),
                                               benchmark::Counter::kIsRate);
  state.counters["moves"] = benchmark::Counter(static_cast<double>(listed),
                                               benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Daifugo_LegalMoves);

// PlayGames: whole games of a long match, chance sampled and players'
// moves by `choose`, one game per iteration; counts games and actions.
template <class Choose>
void PlayGames(benchmark::State& state, Choose choose) {
  const Rules rules = FivePlayers(10'000);
  Rng rng(1);
  Position s = rules.InitialPosition();
  int64_t games = 0, actions = 0;
  for (auto _ : state) {
    if (s.phase == Phase::kOver) s = rules.InitialPosition();
    const uint16_t done = s.games_done;
    while (s.games_done == done && s.phase != Phase::kOver) {
      rules.Apply(s, rules.CurrentPlayer(s) == kChancePlayer
                         ? rules.SampleChance(s, rng)
                         : choose(rules, s, rng));
      ++actions;
    }
    ++games;
  }
  state.counters["games"] = benchmark::Counter(static_cast<double>(games),
                                               benchmark::Counter::kIsRate);
  state.counters["actions"] = benchmark::Counter(static_cast<double>(actions),
                                                 benchmark::Counter::kIsRate);
}

// A whole game of a long match: the deal card by card, the exchange, the
// play, chance by SampleChance, every move picked uniformly from the list.
void BM_Daifugo_RandomPlayout(benchmark::State& state) {
  MoveList moves;
  PlayGames(state, [&](const Rules& rules, const Position& s, Rng& rng) {
    return RandomMove(rules, s, rng, moves);
  });
}
BENCHMARK(BM_Daifugo_RandomPlayout);

// Whole matches of the default rules (five players, 10 deals) the same way:
// the reference for BM_Dynamic_RandomGame/daifugo, which plays these.
void BM_Daifugo_RandomMatch(benchmark::State& state) {
  const Rules rules = FivePlayers(10);
  Rng rng(1);
  MoveList moves;
  int64_t matches = 0, actions = 0;
  for (auto _ : state) {
    Position s = rules.InitialPosition();
    while (s.phase != Phase::kOver) {
      rules.Apply(s, RandomMove(rules, s, rng, moves));
      ++actions;
    }
    benchmark::DoNotOptimize(s);
    ++matches;
  }
  state.counters["games"] = benchmark::Counter(static_cast<double>(matches),
                                               benchmark::Counter::kIsRate);
  state.counters["actions"] = benchmark::Counter(static_cast<double>(actions),
                                                 benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Daifugo_RandomMatch);

// A whole game played by the playouts' policy (montecarlo's unit of work).
void BM_Daifugo_PolicyPlayout(benchmark::State& state) {
  PlayGames(state, RolloutMove);
}
BENCHMARK(BM_Daifugo_PolicyPlayout);

void BM_Daifugo_HeuristicMove(benchmark::State& state) {
  const Rules rules = FivePlayers(10);
  const std::vector<Position> positions = Positions(rules);
  int64_t moves = 0;
  for (auto _ : state) {
    for (const Position& s : positions) {
      benchmark::DoNotOptimize(HeuristicMove(rules, s));
    }
    moves += static_cast<int64_t>(positions.size());
  }
  state.counters["moves"] = benchmark::Counter(static_cast<double>(moves),
                                               benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Daifugo_HeuristicMove);

// montecarlo's default move (60 playouts per legal move) on the views of
// 16 positions.
void BM_Daifugo_MonteCarloMove(benchmark::State& state) {
  const Rules rules = FivePlayers(10);
  std::vector<Position> views;
  for (const Position& s : Positions(rules)) {
    if (views.size() < 16) views.push_back(rules.Redact(s, s.deal.to_move));
  }
  Rng rng(1);
  int64_t moves = 0;
  for (auto _ : state) {
    for (const Position& v : views) {
      benchmark::DoNotOptimize(MonteCarloMove(rules, v, {}, rng));
    }
    moves += static_cast<int64_t>(views.size());
  }
  state.counters["moves"] = benchmark::Counter(static_cast<double>(moves),
                                               benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Daifugo_MonteCarloMove)->Unit(benchmark::kMillisecond);

// The kernel-alone loops the dynamic layer is compared with
// (dynamic_bench.cc).
[[maybe_unused]] const bool kKernelReferences =
    bench::RegisterKernelReferences<Rules>("daifugo");

}  // namespace
}  // namespace gameai::daifugo
