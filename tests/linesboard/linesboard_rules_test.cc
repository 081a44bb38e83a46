// Lines board rules on hand-drawn boards: paths, lines in the four
// directions and their scoring, extra moves, spawns, the end.
#include <algorithm>

#include "gameai/linesboard/linesboard.h"
#include "gtest/gtest.h"
#include "linesboard_boards.h"

namespace gameai::linesboard {
namespace {

using testing::Board;
using testing::Cell;
using testing::MakeRules;
using testing::MoveOf;

const Options kSmall = {
    .rows = 5, .cols = 5, .colors = 4, .initial_balls = 0, .spawn = 2};

std::vector<Move> Legal(const Rules& rules, const Position& s) {
  MoveList moves;
  rules.LegalMoves(s, moves);
  return {moves.begin(), moves.end()};
}

TEST(LinesRules, MoveEncodingIsSourceTimesCellsPlusTarget) {
  const Rules rules = MakeRules();
  // b3 is row 2, column 1: cell 2 * 16 + 1 = 33; k7 is 6 * 16 + 10 = 106.
  EXPECT_EQ(MoveOf(rules, "b3", "k7"), 33 * 128 + 106);
  const Position s =
      Board(rules, {"................", "................", ".A..............",
                    "................", "................", "................",
                    "................", "................"});
  EXPECT_EQ(rules.MoveToString(s, 33 * 128 + 106), "b3-k7");
  EXPECT_EQ(rules.ParseMove(s, "b3-k7"), Move{33 * 128 + 106});
  EXPECT_EQ(rules.ParseMove(s, "q3-k7"), std::nullopt);
  EXPECT_EQ(rules.ParseMove(s, "b9-k7"), std::nullopt);
}

TEST(LinesRules, BallsMoveOnlyAlongFreePaths) {
  const Rules rules = MakeRules(kSmall);
  // The A in the corner is walled in by B, C, D; the D and C can reach the
  // open region above the wall of row 4; the wall's balls reach both sides.
  const Position s = Board(rules, {"AB...",  //
                                "CD...",  //
                                ".....",  //
                                "BCBCB",  //
                                "....."});
  const std::vector<Move> legal = Legal(rules, s);
  auto can = [&](const char* from, const char* to) {
    return std::binary_search(legal.begin(), legal.end(),
                              MoveOf(rules, from, to));
  };
  EXPECT_FALSE(can("a1", "c1"));  // enclosed
  EXPECT_TRUE(can("b1", "e3"));   // along row 1 and down
  EXPECT_TRUE(can("a2", "e3"));   // down to row 3
  EXPECT_FALSE(can("b1", "a5"));  // row 4 is a wall
  EXPECT_TRUE(can("a4", "a5"));   // the wall's balls move both ways
  EXPECT_TRUE(can("a4", "a3"));
  EXPECT_FALSE(can("a4", "b4"));  // not onto a ball
  // Every listed move is legal one by one, and nothing else is.
  for (Move m : legal) EXPECT_TRUE(rules.IsLegal(s, m));
  EXPECT_FALSE(rules.IsLegal(s, MoveOf(rules, "a1", "c1")));
  EXPECT_FALSE(rules.IsLegal(s, MoveOf(rules, "c1", "c2")));  // no ball
  // b1 reaches c1..e1, c2..e2 and row 3: 11 cells.
  int from_b1 = 0;
  for (Move m : legal) from_b1 += rules.SourceBit(m) == Cell("b1");
  EXPECT_EQ(from_b1, 11);
}

TEST(LinesRules, LinesInEveryDirectionScoreTheirLength) {
  const Rules rules = MakeRules(kSmall);
  struct Case {
    std::vector<std::string> rows;
    const char* from;
    const char* to;
    int score;
  };
  const Case cases[] = {
      {{"AA...", ".....", ".....", ".....", "....A"}, "e5", "c1", 3},  // row
      {{"B....", "B....", ".....", ".....", "....B"}, "e5", "a3", 3},  // col
      {{"C....", ".C...", ".....", ".....", "...C."}, "d5", "c3", 3},  // diag
      {{"....D", "...D.", ".....", ".....", "D...."}, "a5", "c3", 3},  // anti
      {{"AA.AA", ".....", ".....", ".....", "....A"}, "e5", "c1", 5},  // 5
  };
  for (const Case& c : cases) {
    Position s = Board(rules, c.rows);
    const Move m = MoveOf(rules, c.from, c.to);
    ASSERT_TRUE(rules.IsLegal(s, m)) << c.from << "-" << c.to;
    rules.Apply(s, m);
    EXPECT_EQ(s.score[0], c.score) << c.from << "-" << c.to;
    EXPECT_EQ(rules.Occupied(s), 0) << c.from << "-" << c.to;
    EXPECT_EQ(rules.CurrentPlayer(s), kTerminalPlayer);  // no ball left
  }
}

TEST(LinesRules, ACrossOfTwoLinesScoresSixAndClearsFive) {
  const Rules rules = MakeRules(kSmall);
  Position s = Board(rules, {"..A..",  //
                          "..A..",  //
                          "AA...",  //
                          ".....",  //
                          "B...A"});
  const LineMatches m = rules.MoveMatches(s, Cell("e5"), Cell("c3"));
  EXPECT_EQ(m.score, 6);
  EXPECT_EQ(m.removed, 5);
  rules.Apply(s, MoveOf(rules, "e5", "c3"));
  EXPECT_EQ(s.score[0], 6);
  EXPECT_EQ(rules.Occupied(s), Bit(Cell("a5")));
}

TEST(LinesRules, ShortRunsAndOtherColorsStay) {
  const Rules rules = MakeRules(kSmall);
  Position s = Board(rules, {"AB...", ".....", ".....", ".....", "....A"});
  rules.Apply(s, MoveOf(rules, "e5", "c1"));  // A B A: no line
  EXPECT_EQ(s.score[0], 0);
  EXPECT_EQ(rules.Occupied(s),
            Bit(Cell("a1")) | Bit(Cell("b1")) | Bit(Cell("c1")));
}

TEST(LinesRules, LinesDoNotWrapAroundTheBoardEdge) {
  const Rules rules = MakeRules({.rows = 4, .cols = 16, .initial_balls = 0});
  // Two A at the end of row 1 and one at the start of row 2 are adjacent
  // bits in the bitboard, not a line.
  const Position s = Board(rules, {"..............AA", "A...............",
                                "................", "................"});
  EXPECT_EQ(rules.Matches(s).score, 0);
  // Diagonal steps do not wrap either: o1, p2 and a3 are not a diagonal.
  const Position d = Board(rules, {"..............A.", "...............A",
                                "A...............", "................"});
  EXPECT_EQ(rules.Matches(d).score, 0);
  const Position anti = Board(rules, {"A...............", "...............A",
                                   "..............A.", "................"});
  EXPECT_EQ(rules.Matches(anti).score, 0);
}

TEST(LinesRules, MinLineIsAParameter) {
  const Rules rules = MakeRules(
      {.rows = 5, .cols = 5, .colors = 4, .initial_balls = 0, .min_line = 4});
  Position s = Board(rules, {"AA...", ".....", ".....", ".....", "....A"});
  rules.Apply(s, MoveOf(rules, "e5", "c1"));
  EXPECT_EQ(s.score[0], 0);  // three is short of four
}

TEST(LinesRules, AScoringMoveGivesAnotherMoveAQuietOneSpawns) {
  const Rules rules = MakeRules(kSmall);
  Position s = Board(rules, {"AA...", "B....", ".....", ".C...", "....A"},
                  /*player=*/1, /*preview=*/"DB");
  rules.Apply(s, MoveOf(rules, "e5", "c1"));
  EXPECT_EQ(s.score[1], 3);
  EXPECT_EQ(rules.CurrentPlayer(s), 1);  // again
  EXPECT_EQ(s.turns, 0);
  rules.Apply(s, MoveOf(rules, "b4", "b3"));  // quiet
  EXPECT_EQ(s.turns, 1);
  ASSERT_EQ(rules.CurrentPlayer(s), kChancePlayer);
  // First the previewed D lands on one of the 21 empty cells, uniformly.
  Rules::ChanceList outcomes;
  rules.ChanceOutcomes(s, outcomes);
  ASSERT_EQ(outcomes.size(), 23u);
  for (const auto& o : outcomes) EXPECT_DOUBLE_EQ(o.probability, 1.0 / 23);
  rules.Apply(s, rules.SpawnAction(Cell("e1")));
  EXPECT_EQ(Rules::ColorAt(s, Cell("e1")), 3);
  rules.Apply(s, rules.SpawnAction(Cell("e2")));
  EXPECT_EQ(Rules::ColorAt(s, Cell("e2")), 1);
  // Then two preview colors are drawn, one by one, uniformly.
  rules.ChanceOutcomes(s, outcomes);
  ASSERT_EQ(outcomes.size(), 4u);
  rules.Apply(s, rules.PreviewAction(2));
  rules.Apply(s, rules.PreviewAction(0));
  EXPECT_EQ(rules.CurrentPlayer(s), 0);
  EXPECT_EQ(s.preview_size, 2);
  EXPECT_EQ(s.preview[0], 2);
  EXPECT_EQ(s.preview[1], 0);
}

TEST(LinesRules, LinesMadeBySpawnsVanishWithoutScore) {
  const Rules rules = MakeRules(kSmall);
  Position s = Board(rules, {"BB...", ".....", ".....", ".....", "...CD"},
                  /*player=*/0, /*preview=*/"BA");
  rules.Apply(s, MoveOf(rules, "e5", "e4"));          // quiet
  rules.Apply(s, rules.SpawnAction(Cell("c1")));      // B B B
  EXPECT_NE(rules.Occupied(s) & Bit(Cell("c1")), 0);  // removed at the end
  rules.Apply(s, rules.SpawnAction(Cell("a3")));
  EXPECT_EQ(
      rules.Occupied(s) & (Bit(Cell("a1")) | Bit(Cell("b1")) | Bit(Cell("c1"))),
      0);
  EXPECT_EQ(Rules::ColorAt(s, Cell("a3")), 0);
  EXPECT_EQ(s.score[0] + s.score[1], 0);
}

TEST(LinesRules, TheGameEndsOnAFullBoard) {
  const Rules rules = MakeRules(
      {.rows = 3, .cols = 3, .colors = 4, .initial_balls = 0, .spawn = 2});
  Position s = Board(rules, {"ABC", "DAB", "C.."}, 0, "DC");
  rules.Apply(s, MoveOf(rules, "a3", "b3"));  // quiet: C moves right
  rules.Apply(s, rules.SpawnAction(Cell("a3")));
  // The first spawn (D) fills a3; the second (C) lands on c3, the last cell.
  EXPECT_EQ(rules.CurrentPlayer(s), kChancePlayer);
  rules.Apply(s, rules.SpawnAction(Cell("c3")));
  EXPECT_EQ(rules.CurrentPlayer(s), kTerminalPlayer);
  EXPECT_EQ(rules.Return(s, 0), 0);  // 0:0
}

TEST(LinesRules, SpawnsThatFindNoCellAreDropped) {
  const Rules rules = MakeRules(
      {.rows = 3, .cols = 3, .colors = 4, .initial_balls = 0, .spawn = 3});
  Position s = Board(rules, {"ABC", "DAB", "CD."}, 0, "DCB");
  rules.Apply(s, MoveOf(rules, "b3", "c3"));  // quiet; one cell stays empty
  rules.Apply(s, rules.SpawnAction(Cell("b3")));
  EXPECT_EQ(rules.CurrentPlayer(s), kTerminalPlayer);
}

TEST(LinesRules, TheGameEndsWithNoLegalMove) {
  const Rules rules = MakeRules(kSmall);
  Position s = Board(rules, {"AA...", ".....", ".....", ".....", "....A"});
  rules.Apply(s, MoveOf(rules, "e5", "c1"));  // clears the board
  EXPECT_EQ(rules.CurrentPlayer(s), kTerminalPlayer);
  EXPECT_EQ(rules.Return(s, 0), 1);
  EXPECT_EQ(rules.Return(s, 1), -1);
}

TEST(LinesRules, TheGameEndsAfterMaxTurns) {
  const Rules rules = MakeRules({.rows = 5,
                                 .cols = 5,
                                 .colors = 4,
                                 .initial_balls = 0,
                                 .spawn = 2,
                                 .max_turns = 1});
  Position s = Board(rules, {"AB...", ".....", ".....", ".....", "....C"});
  rules.Apply(s, MoveOf(rules, "e5", "e4"));
  EXPECT_EQ(s.turns, 1);
  EXPECT_EQ(rules.CurrentPlayer(s), kTerminalPlayer);
}

TEST(LinesRules, TheStartPlacesRandomBallsThenDrawsThePreview) {
  const Rules rules = MakeRules(
      {.rows = 4, .cols = 4, .colors = 3, .initial_balls = 2, .spawn = 3});
  Position s = rules.InitialPosition();
  ASSERT_EQ(rules.CurrentPlayer(s), kChancePlayer);
  Rules::ChanceList outcomes;
  rules.ChanceOutcomes(s, outcomes);
  EXPECT_EQ(outcomes.size(), 16u * 3);  // every (cell, color)
  rules.Apply(s, rules.SetupAction(Cell("a1"), 2));
  rules.Apply(s, rules.SetupAction(Cell("d4"), 1));
  EXPECT_EQ(PopCount(rules.Occupied(s)), 2);
  for (int i = 0; i < 3; ++i) {
    ASSERT_EQ(rules.CurrentPlayer(s), kChancePlayer);
    rules.Apply(s, rules.PreviewAction(i));
  }
  EXPECT_EQ(rules.CurrentPlayer(s), 0);
  EXPECT_EQ(s.preview_size, 3);
}

TEST(LinesRules, BadParametersAndTextAreRejected) {
  EXPECT_FALSE(Rules::Create({.rows = 2}).ok());
  EXPECT_FALSE(Rules::Create({.cols = 17}).ok());
  EXPECT_FALSE(Rules::Create({.colors = 9}).ok());
  EXPECT_FALSE(Rules::Create({.rows = 3, .cols = 3, .initial_balls = 9}).ok());
  EXPECT_FALSE(Rules::Create({.rows = 3, .cols = 4, .min_line = 5}).ok());
  const Rules rules = MakeRules(kSmall);
  for (const char* bad : {
           "cells=...../...../...../...../..... preview=AB",  // fields
           "cells=..../...../...../...../..... preview=AB score=0,0 turns=0 "
           "player=0 setup=0 spawn=0 draws=0 over=0",  // short row
           "cells=...../...../...../...../....Z preview=AB score=0,0 "
           "turns=0 player=0 setup=0 spawn=0 draws=0 over=0",  // color
           "cells=AAA../...../...../...../..... preview=AB score=0,0 "
           "turns=0 player=0 setup=0 spawn=0 draws=0 over=0",  // a line
           "cells=...../...../...../...../..... preview=ABC score=0,0 "
           "turns=0 player=0 setup=0 spawn=0 draws=0 over=0",  // preview
       }) {
    EXPECT_FALSE(rules.Deserialize(bad).ok()) << bad;
  }
}

}  // namespace
}  // namespace gameai::linesboard
