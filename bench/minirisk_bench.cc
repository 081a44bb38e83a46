// MiniRisk: random games through the kernel (2 and 5 players), and one
// move of the planner.
#include "benchmark/benchmark.h"
#include "gameai/base/random.h"
#include "gameai/minirisk/internal/agents.h"
#include "gameai/minirisk/minirisk.h"
#include "gameai/minirisk/internal/monte_carlo.h"
#include "gameai/minirisk/internal/opponent_model.h"
#include "kernel_reference.h"

namespace gameai::minirisk {
namespace {

// PlayRandomGames: whole games (15 prizes drawn, 15 rounds of bids), each
// bid by bid(rules, s, player, rng); players from the benchmark's argument.
template <class Bid>
void PlayRandomGames(benchmark::State& state, Bid bid) {
  const Rules rules =
      *Rules::Create({.players = static_cast<int>(state.range(0))});
  Rng rng(1);
  int64_t games = 0;
  auto uniform = [&](const Position& s, Player p, Rng& r) {
    return bid(rules, s, p, r);
  };
  for (auto _ : state) {
    Position s = rules.InitialPosition();
    PlayOut(rules, s, rng, uniform);
    benchmark::DoNotOptimize(s);
    ++games;
  }
  state.counters["games"] =
      benchmark::Counter(games, benchmark::Counter::kIsRate);
}

// Uniformly random bids, each seat's legal bids listed (LegalMovesFor) and
// one picked, like the other games' kernel playouts. The reference for
// BM_Dynamic_RandomGame/minirisk (5 players).
void BM_MiniRisk_RandomPlayout(benchmark::State& state) {
  MoveList moves;
  PlayRandomGames(state,
                  [&](const Rules& rules, const Position& s, Player p, Rng& rng) {
                    rules.LegalMovesFor(s, p, moves);
                    return moves[static_cast<int>(rng.Below(moves.size()))];
                  });
}
BENCHMARK(BM_MiniRisk_RandomPlayout)->Arg(2)->Arg(5);

// Each bid drawn straight from the hand's bits (SampleBid, no list): what
// the agents' rollouts do.
void BM_MiniRisk_RandomPlayout_SampledBids(benchmark::State& state) {
  PlayRandomGames(state, [](const Rules&, const Position& s, Player p, Rng& rng) {
    return Rules::SampleBid(s, p, rng);
  });
}
BENCHMARK(BM_MiniRisk_RandomPlayout_SampledBids)->Arg(2)->Arg(5);

// The planner's first bid of a five-player game (100 playouts per card,
// opponents by a model that has seen 20 games of fixed players).
void BM_MiniRisk_PlannerMove(benchmark::State& state) {
  const Rules rules = *Rules::Create({.players = 5});
  const std::vector<std::string> table = {"planner", "fixed", "fixed", "fixed",
                                          "fixed"};
  OpponentModel model;
  Rng rng(1);
  std::array<Move, kMaxPlayers> joint{};
  for (int game = 0; game < 20; ++game) {
    model.StartGame(table, 5, 0);
    Position s = rules.InitialPosition();
    while (s.round < kRounds) {
      rules.Apply(s, rules.SampleChance(s, rng));
      for (Player p = 0; p < 5; ++p) {
        joint[p] = Rules::Bid(FixedBid(PrizeValue(s.prizes[s.round])));
      }
      rules.ApplyJoint(s, joint.data());
    }
    model.Observe(s);
  }
  model.StartGame(table, 5, 0);
  Position s = rules.InitialPosition();
  rules.Apply(s, Rules::Prize(7));
  auto modelled = [&](const Position& x, Player p, Rng& r) {
    return p == 0 ? PlanBid(x, p) : model.Sample(x, p, r);
  };
  int64_t moves = 0, playouts = 0;
  for (auto _ : state) {
    const auto values =
        BidValues(rules, s, 0, 100, rng(), Outcome::kScore, modelled, modelled);
    benchmark::DoNotOptimize(BestCard(values));
    ++moves;
    playouts += 100 * kCards;
  }
  state.counters["moves"] =
      benchmark::Counter(moves, benchmark::Counter::kIsRate);
  state.counters["playouts"] =
      benchmark::Counter(playouts, benchmark::Counter::kIsRate);
}
BENCHMARK(BM_MiniRisk_PlannerMove);

// The kernel-alone loops the dynamic layer is compared with
// (dynamic_bench.cc).
[[maybe_unused]] const bool kKernelReferences =
    bench::RegisterKernelReferences<Rules>("minirisk");

}  // namespace
}  // namespace gameai::minirisk
