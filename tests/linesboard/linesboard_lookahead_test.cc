// The lookahead player: its threat count on drawn boards, chains of
// scoring moves, quiet moves that leave the fewest threats; and the
// generic MCTS on this game.
#include "gameai/arena/arena.h"
#include "gameai/linesboard/internal/lookahead.h"
#include "gtest/gtest.h"
#include "linesboard_boards.h"

namespace gameai::linesboard {
namespace {

using testing::Board;
using testing::Cell;
using testing::MakeRules;
using testing::MoveOf;
using testing::RandomBoard;
using testing::WithoutLines;

TEST(LinesThreats, CountCellsThatAReachingBallWouldComplete) {
  const Rules rules = MakeRules(
      {.rows = 5, .cols = 5, .colors = 6, .initial_balls = 0, .spawn = 2});
  // a1 and b2 wait for an A on c3, walled in by B, C, D and E: no A can
  // get there.
  const Position walled = Board(rules, {"A....",  //
                                     ".AB..",  //
                                     ".C.D.",  //
                                     "..E..",  //
                                     "....."});
  EXPECT_EQ(Threats(rules, walled), 0);
  // With an A in the wall, it can.
  const Position open = Board(rules, {"A....",  //
                                   ".AB..",  //
                                   ".C.D.",  //
                                   "..A..",  //
                                   "....."});
  EXPECT_EQ(Threats(rules, open), 1);
  // A pair in a row with free cells on both ends: two cells complete it.
  const Position pair = Board(rules, {".....",  //
                                   ".BB..",  //
                                   ".....",  //
                                   ".....",  //
                                   "....B"});
  EXPECT_EQ(Threats(rules, pair), 2);  // a2 and d2
}

TEST(LinesLookahead, PlansAChainOfScoringMoves) {
  const Rules rules = MakeRules(
      {.rows = 5, .cols = 7, .colors = 4, .initial_balls = 0, .spawn = 2});
  // Two separate lines wait: a row of three (c1) and a row of four (c5).
  const Position s = Board(rules, {"AA.....",  //
                                ".......",  //
                                "......A",  //
                                "......A",  //
                                "AA.A..."});
  LookaheadPlanner planner({});
  Move first = 0;
  EXPECT_EQ(planner.ChainValue(rules, s, 3, &first), 3 + 4);
  EXPECT_EQ(planner.ChainValue(rules, s, 1, &first), 4);  // one step: greedy
  Rng rng(1);
  const Move chosen = planner.Choose(rules, s, rng);
  Position after = s;
  rules.Apply(after, chosen);
  EXPECT_GT(after.score[0], 0);
}

TEST(LinesLookahead, QuietMovesLeaveTheFewestThreats) {
  const Rules rules = MakeRules();
  LookaheadPlanner planner({.finalists = 8, .spawn_samples = 2});
  Rng rng(5);
  int checked = 0;
  for (int i = 0; i < 5000 && checked < 20; ++i) {
    const Position s = WithoutLines(
        rules, RandomBoard(rules, 0.05 + 0.2 * rng.Uniform(), rng));
    if (planner.ChainValue(rules, s, 1) > 0) continue;  // something scores
    MoveList moves;
    rules.LegalMoves(s, moves);
    if (moves.size() == 0) continue;
    auto threats_after = [&](Move m) {
      Position next = s;
      rules.Apply(next, m);
      next.spawn_left = 0;  // the board as the move leaves it
      return Threats(rules, next);
    };
    int fewest = 1 << 30;
    for (Move m : moves) fewest = std::min(fewest, threats_after(m));
    EXPECT_EQ(threats_after(planner.Choose(rules, s, rng)), fewest);
    ++checked;
  }
  EXPECT_EQ(checked, 20);
}

TEST(LinesLookahead, BeatsGreedy) {
  absl::StatusOr<gameai::MatchResult> r =
      RunMatch({.game = "linesboard",
                .agents = {"lookahead(finalists=16,spawn_samples=4)", "greedy"},
                .games = 20,
                .seed = 3,
                .threads = 2});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_GE(r->agents[0].wins, 15);
  EXPECT_EQ(r->agents[0].illegal_actions, 0);
}

TEST(LinesMcts, PlaysThroughSpawnsAndBeatsRandom) {
  absl::StatusOr<gameai::MatchResult> r = RunMatch(
      {.game = "linesboard(rows=5,cols=6,colors=3,initial_balls=6,spawn=2,"
               "max_turns=40)",
       .agents = {"mcts(simulations=200)", "random"},
       .games = 20,
       .seed = 2,
       .threads = 2});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_GT(r->agents[0].mean_score, r->agents[1].mean_score);
  EXPECT_EQ(r->agents[0].illegal_actions, 0);
}

}  // namespace
}  // namespace gameai::linesboard
