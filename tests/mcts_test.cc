#include "gameai/search/mcts.h"

#include <functional>

#include "gameai/arena/arena.h"
#include "gameai/mancala/mancala.h"
#include "gameai/minirisk/minirisk.h"
#include "gtest/gtest.h"
#include "toy_games.h"

namespace gameai {
namespace {

using mancala::Rules;

Rules MakeRules(int pits, int seeds) {
  absl::StatusOr<Rules> rules = Rules::Create({.pits = pits, .seeds = seeds});
  EXPECT_TRUE(rules.ok());
  return *rules;
}

// A small endgame where the moves differ in value; an exhaustive negamax
// over store differences gives the truth, and MCTS must pick a best move.
//   Player 1:      2  2  0  1
//   Stores:     1              3
//   Player 0:      2  1  3  1
// (pits 1-4 are worth 0, -2, +4 and +6 to player 0)
TEST(Mcts, FindsABestMoveInASmallEndgame) {
  const Rules rules = MakeRules(4, 2);
  absl::StatusOr<mancala::Position> state =
      rules.Deserialize("0 2 1 3 1 3 1 0 2 2 1");
  ASSERT_TRUE(state.ok()) << state.status();
  Mcts<Rules> mcts(rules, {.simulations = 3000});
  Rng rng(1);
  const absl::StatusOr<mancala::Move> searched = mcts.Search(*state, rng);
  ASSERT_TRUE(searched.ok()) << searched.status();
  const mancala::Move move = *searched;
  // Exhaustive minimax of this tiny position (helper below) gives the best.
  int best_value = -100;
  mancala::Move best = 0;
  mancala::MoveList moves;
  rules.LegalMoves(*state, moves);
  std::function<int(const mancala::Position&)> negamax =
      [&](const mancala::Position& s) -> int {
    if (rules.IsOver(s))
      return rules.Store(s, s.to_move) - rules.Store(s, 1 - s.to_move);
    mancala::MoveList ms;
    rules.LegalMoves(s, ms);
    int v = -100;
    for (mancala::Move m : ms) {
      mancala::Position c = s;
      rules.Apply(c, m);
      const int child = rules.IsOver(c) ? rules.Store(c, s.to_move) -
                                              rules.Store(c, 1 - s.to_move)
                        : c.to_move == s.to_move ? negamax(c)
                                                 : -negamax(c);
      v = std::max(v, child);
    }
    return v;
  };
  std::vector<int> values;
  for (mancala::Move m : moves) {
    mancala::Position c = *state;
    rules.Apply(c, m);
    const int v = rules.IsOver(c)  ? rules.Store(c, 0) - rules.Store(c, 1)
                  : c.to_move == 0 ? negamax(c)
                                   : -negamax(c);
    values.push_back(v);
    if (v > best_value) {
      best_value = v;
      best = m;
    }
  }
  // The position must discriminate: some move is strictly worse.
  ASSERT_LT(*std::min_element(values.begin(), values.end()), best_value);
  int chosen_value = 0;
  for (int i = 0; i < moves.size(); ++i) {
    if (moves[i] == move) chosen_value = values[i];
  }
  EXPECT_EQ(chosen_value, best_value) << "mcts chose pit " << int(move) + 1
                                      << ", best is pit " << int(best) + 1;
}

TEST(Mcts, SameSeedSameChoiceAndStatistics) {
  const Rules rules = MakeRules(6, 4);
  Mcts<Rules> a(rules, {.simulations = 500}), b(rules, {.simulations = 500});
  Rng ra(11), rb(11);
  EXPECT_EQ(a.Search(rules.InitialPosition(), ra),
            b.Search(rules.InitialPosition(), rb));
  const auto ca = a.RootChildren(), cb = b.RootChildren();
  ASSERT_EQ(ca.size(), 6u);
  uint32_t total = 0;
  for (size_t i = 0; i < ca.size(); ++i) {
    EXPECT_EQ(ca[i].visits, cb[i].visits);
    total += ca[i].visits;
  }
  EXPECT_EQ(total, 500u);  // every simulation passes through one root child
}

TEST(Mcts, BeatsRandomClearly) {
  absl::StatusOr<MatchResult> r =
      RunMatch({.game = "mancala",
                .agents = {"mcts(simulations=300)", "random"},
                .games = 20,
                .seed = 4});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_GE(r->agents[0].wins, 17);
}

TEST(Mcts, PlaysThroughChanceNodes) {
  // chance_nim: random additions after every move; MCTS samples them.
  toy::RegisterToyGames();
  absl::StatusOr<MatchResult> r =
      RunMatch({.game = "chance_nim",
                .agents = {"mcts(simulations=400)", "random"},
                .games = 100,
                .seed = 2});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_GT(r->agents[0].win_rate_ci95.low, 0.6);
  EXPECT_EQ(r->agents[0].illegal_actions, 0);
}

TEST(DecoupledMcts, BeatsRandomAtSimultaneousBids) {
  for (const char* game : {"bid_duel", "minirisk(players=2)"}) {
    toy::RegisterToyGames();
    absl::StatusOr<MatchResult> r =
        RunMatch({.game = game,
                  .agents = {"mcts(simulations=500)", "random"},
                  .games = 100,
                  .seed = 5,
                  .threads = 2});
    ASSERT_TRUE(r.ok()) << r.status();
    EXPECT_GT(r->agents[0].win_rate_ci95.low, 0.5) << game;
    EXPECT_EQ(r->agents[0].illegal_actions, 0) << game;
  }
}

TEST(DecoupledMcts, SameSeedSameGames) {
  const MatchOptions options{
      .game = "minirisk(players=3)",
      .agents = {"mcts(simulations=200)", "random", "fixed"},
      .games = 6,
      .seed = 8};
  absl::StatusOr<MatchResult> a = RunMatch(options), b = RunMatch(options);
  ASSERT_TRUE(a.ok() && b.ok());
  for (size_t i = 0; i < a->agents.size(); ++i) {
    EXPECT_EQ(a->agents[i].score_sum, b->agents[i].score_sum);
  }
}

// The node budget: past max_nodes the tree stops growing (one expansion
// may pass it) and the search still plays a legal move.
TEST(Mcts, TreeStopsGrowingAtItsNodeBudget) {
  const Rules rules = MakeRules(6, 4);
  const mancala::Position root = rules.InitialPosition();
  Mcts<Rules> capped(rules, {.simulations = 5000, .max_nodes = 1000});
  Rng rng(3);
  const absl::StatusOr<mancala::Move> move = capped.Search(root, rng);
  ASSERT_TRUE(move.ok()) << move.status();
  EXPECT_TRUE(rules.IsLegal(root, *move));
  EXPECT_GE(capped.TreeSize(), 1000);
  EXPECT_LE(capped.TreeSize(), 1000 + 6);
  Mcts<Rules> free(rules, {.simulations = 5000});
  Rng rng2(3);
  ASSERT_TRUE(free.Search(root, rng2).ok());
  EXPECT_GT(free.TreeSize(), 10000);
}

TEST(Mcts, TreeWithChanceNodesStopsGrowingAtItsNodeBudget) {
  const toy::ChanceNim rules;
  Mcts<toy::ChanceNim> capped(rules, {.simulations = 5000, .max_nodes = 300});
  Rng rng(4);
  ASSERT_TRUE(capped.Search(rules.InitialPosition(), rng).ok());
  EXPECT_GE(capped.TreeSize(), 300);
  EXPECT_LE(capped.TreeSize(), 300 + 8);
}

TEST(DecoupledMcts, TreeStopsGrowingAtItsNodeBudget) {
  absl::StatusOr<minirisk::Rules> rules =
      minirisk::Rules::Create({.players = 2});
  ASSERT_TRUE(rules.ok());
  DecoupledMcts<minirisk::Rules> capped(
      *rules, {.simulations = 3000, .max_nodes = 500});
  Rng rng(5);
  minirisk::Position s = rules->InitialPosition();
  while (rules->CurrentPlayer(s) == kChancePlayer) {
    rules->Apply(s, rules->SampleChance(s, rng));
  }
  ASSERT_TRUE(capped.Search(s, 0, rng).ok());
  EXPECT_GE(capped.TreeSize(), 500);
  EXPECT_LE(capped.TreeSize(), 500 + 2 * 15);  // one expansion: 15 cards each
}

TEST(Ismcts, CappedTreeStillPlaysLegalMoves) {
  absl::StatusOr<MatchResult> r =
      RunMatch({.game = "daifugo(players=3,games=1)",
                .agents = {"mcts(simulations=2000,max_nodes=1000)", "random"},
                .games = 3,
                .seed = 6});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->agents[0].illegal_actions, 0);
}

TEST(MctsAgent, RefusesANodeBudgetBeyondTheMachine) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("mancala");
  ASSERT_TRUE(game.ok());
  // 2^31 nodes of 32 bytes: 64 GiB, more than a test machine has.
  absl::StatusOr<std::unique_ptr<Agent>> agent =
      LoadAgent(**game, "mcts(max_nodes=2147483648)");
  if (agent.ok()) GTEST_SKIP() << "this machine has 64 GiB to spare";
  EXPECT_EQ(agent.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(agent.status().message().find("max_nodes=2147483648"),
            std::string::npos)
      << agent.status();
}

}  // namespace
}  // namespace gameai
