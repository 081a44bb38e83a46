#include "fmt/format.h"
#include "gameai/arena/arena.h"
#include "gameai/dynamic/registry.h"
#include "gameai/mancala/internal/alphabeta.h"
#include "gameai/mancala/solver.h"
#include "gtest/gtest.h"
#include "mancala_boards.h"

namespace gameai::mancala {
namespace {

using testing::Board;
using testing::MakeRules;

// Deep enough to see the end of a small game, alpha-beta's choice must be
// one of the solver's best moves, and its score the exact margin.
TEST(MancalaAlphaBeta, FullDepthMatchesTheSolver) {
  for (int seeds : {1, 2}) {
    const Rules rules = MakeRules({.pits = 3, .seeds = seeds});
    const Position start = rules.InitialPosition();
    absl::StatusOr<SolveResult> exact = SolveKalah(
        rules, start, {.tt_log2_size = 12, .all_move_margins = true});
    ASSERT_TRUE(exact.ok());
    AlphaBeta search(rules, {.depth = 64, .tt_log2_size = 16});
    const SearchResult r = search.Search(start);
    EXPECT_EQ(exact->move_margins[r.best_move], exact->margin) << "3x" << seeds;
    EXPECT_EQ(r.score,
              16 * exact->margin + (exact->margin > 0   ? AlphaBeta::kWin
                                    : exact->margin < 0 ? -AlphaBeta::kWin
                                                        : 0));
  }
}

TEST(MancalaAlphaBeta, ExtraTurnKeepsTheSideToMove) {
  // Pit 3 gives another turn, after which pit 6 (5 seeds) reaches the store
  // again: depth 2 must see both plies of the same player.
  const Rules rules = MakeRules();
  AlphaBeta search(rules, {.depth = 2, .tt_log2_size = 12});
  const SearchResult r = search.Search(rules.InitialPosition());
  EXPECT_EQ(r.best_move, 2);
  EXPECT_EQ(r.principal_variation.size(), 2u);
}

TEST(MancalaAlphaBeta, NodeBudgetStopsTheSearchReproducibly) {
  const Rules rules = MakeRules();
  AlphaBeta a(rules, {.depth = 40, .nodes = 20000, .tt_log2_size = 14});
  AlphaBeta b(rules, {.depth = 40, .nodes = 20000, .tt_log2_size = 14});
  const SearchResult ra = a.Search(rules.InitialPosition());
  const SearchResult rb = b.Search(rules.InitialPosition());
  EXPECT_LT(ra.depth, 40);
  EXPECT_GT(ra.depth, 2);
  EXPECT_EQ(ra.best_move, rb.best_move);
  EXPECT_EQ(ra.depth, rb.depth);
  EXPECT_EQ(ra.nodes, rb.nodes);
}

TEST(MancalaAlphaBeta, TimeBudgetStillReturnsAMove) {
  const Rules rules = MakeRules();
  AlphaBeta search(rules, {.depth = 64, .time_ms = 1, .tt_log2_size = 14});
  const SearchResult r = search.Search(rules.InitialPosition());
  EXPECT_GE(r.depth, 1);
  EXPECT_TRUE(rules.IsLegal(rules.InitialPosition(), r.best_move));
}

TEST(MancalaAlphaBeta, TakesTheCaptureThatWins) {
  //   Player 1:     3  3  3  3  3  3
  //   Stores:    3                    23
  //   Player 0:     0  0  0  1  0  3
  // Pit 4 captures 4 seeds: 27 > 24 wins at once.
  const Rules rules = MakeRules();
  absl::StatusOr<Position> s = rules.Deserialize("0 0 0 0 1 0 3 23 3 3 3 3 3 3 3");
  ASSERT_TRUE(s.ok());
  AlphaBeta search(rules, {.depth = 4, .tt_log2_size = 12});
  EXPECT_EQ(search.Search(*s).best_move, 3);
}

TEST(MancalaLevels, AreRegisteredAndDiffer) {
  auto game = LoadGame("mancala");
  ASSERT_TRUE(game.ok());
  for (const char* level : {"beginner", "advanced", "strongest"}) {
    EXPECT_TRUE(LoadAgent(**game, level).ok()) << level;
  }
  // advanced beats beginner over varied openings.
  absl::StatusOr<MatchResult> r = RunMatch({.game = "mancala",
                                            .agents = {"advanced", "beginner"},
                                            .games = 100,
                                            .seed = 1,
                                            .random_opening = 2});
  ASSERT_TRUE(r.ok());
  EXPECT_GT(r->agents[0].win_rate_ci95.low, 0.5);
}

TEST(MancalaAlphaBeta, ExplainShowsThePrincipalVariation) {
  auto game = LoadGame("mancala");
  ASSERT_TRUE(game.ok());
  auto agent = LoadAgent(**game, "alphabeta(depth=4)");
  ASSERT_TRUE(agent.ok());
  ASSERT_TRUE((*agent)->StartGame(**game, 0, 0).ok());
  auto state = (*game)->NewInitialState();
  absl::StatusOr<Action> action = (*agent)->Step(*state->ViewFor(0));
  ASSERT_TRUE(action.ok());
  const std::string explain = (*agent)->Explain();
  const std::string pit = std::to_string(*action + 1);
  EXPECT_EQ(explain.rfind("alphabeta: pit " + pit + ", depth 4, score ", 0), 0u)
      << explain;
  EXPECT_NE(explain.find("pv: " + pit + " "), std::string::npos) << explain;
}

TEST(MancalaAlphaBeta, ScoresPositionsInTheEndgameDatabaseExactly) {
  // 3x2 (12 seeds) is within db=12: a one-ply search sees every child's
  // exact value, so its move achieves the solver's margin, and Explain
  // reports the outcome.
  auto game = LoadGame("mancala(pits=3,seeds=2)");
  ASSERT_TRUE(game.ok());
  auto agent = LoadAgent(**game, "alphabeta(depth=1,db=12)");
  ASSERT_TRUE(agent.ok());
  ASSERT_TRUE((*agent)->StartGame(**game, 0, 0).ok());
  auto state = (*game)->NewInitialState();
  absl::StatusOr<Action> action = (*agent)->Step(*state->ViewFor(0));
  ASSERT_TRUE(action.ok());
  const Rules rules = MakeRules({.pits = 3, .seeds = 2});
  absl::StatusOr<SolveResult> exact =
      SolveKalah(rules, rules.InitialPosition(),
                 {.tt_log2_size = 12, .all_move_margins = true});
  ASSERT_TRUE(exact.ok());
  ASSERT_NE(exact->margin, 0);
  EXPECT_EQ(exact->move_margins[*action], exact->margin);
  const std::string outcome =
      fmt::format("{} by {} seeds", exact->margin > 0 ? "wins" : "loses",
                  std::abs(exact->margin));
  EXPECT_NE((*agent)->Explain().find(outcome), std::string::npos)
      << (*agent)->Explain();
  // Without the database a one-ply search cannot see the end.
  auto searching = LoadAgent(**game, "alphabeta(depth=1)");
  ASSERT_TRUE(searching.ok());
  ASSERT_TRUE((*searching)->StartGame(**game, 0, 0).ok());
  ASSERT_TRUE((*searching)->Step(*state->ViewFor(0)).ok());
  EXPECT_EQ((*searching)->Explain().find(outcome), std::string::npos);
}

TEST(MancalaAlphaBeta, ContemptScoresADrawBelowZero) {
  // 1x1: the one move sows into the store and ends the game 1 - 1.
  const Rules rules = MakeRules({.pits = 1, .seeds = 1});
  for (int contempt : {0, 40}) {
    AlphaBeta search(rules, {.depth = 4, .contempt = contempt});
    EXPECT_EQ(search.Search(rules.InitialPosition()).score, -contempt);
  }
}

}  // namespace
}  // namespace gameai::mancala
