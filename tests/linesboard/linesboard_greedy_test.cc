// The original game's greedy player: its three checks (never illegal, the 3
// over the 0, random when nothing scores), its tie rules, and agreement with
// the plain port of pick_greedy_move under the same generator.
#include <algorithm>
#include <map>

#include "gameai/linesboard/internal/greedy.h"
#include "gameai/linesboard/internal/reference.h"
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

const Options kSmall = {
    .rows = 5, .cols = 5, .colors = 4, .initial_balls = 0, .spawn = 2};

TEST(LinesGreedy, Check1NeverAnIllegalMove) {
  const Rules rules = MakeRules();
  Rng rng(1);
  MoveEvaluator evaluator;
  for (int i = 0; i < 500; ++i) {
    const Position s = WithoutLines(rules, RandomBoard(rules, rng.Uniform(), rng));
    MoveList moves;
    rules.LegalMoves(s, moves);
    if (moves.size() == 0) continue;
    const GreedyChoice choice = GreedyMove(rules, s, rng, evaluator);
    EXPECT_TRUE(rules.IsLegal(s, choice.move)) << rules.Serialize(s);
    EXPECT_EQ(choice.evaluated, moves.size());
  }
}

TEST(LinesGreedy, Check2TakesTheThreeOverTheZero) {
  const Rules rules = MakeRules(kSmall);
  // Only e5 to c1 scores (a row of three); every other move scores 0.
  const Position s = Board(rules, {"AA...",  //
                                ".....",  //
                                "..B..",  //
                                ".....",  //
                                "....A"});
  for (uint64_t seed = 0; seed < 20; ++seed) {
    Rng rng(seed);
    MoveEvaluator evaluator;
    const GreedyChoice choice = GreedyMove(rules, s, rng, evaluator);
    EXPECT_EQ(choice.score, 3);
    EXPECT_EQ(choice.ties, 1);
    EXPECT_EQ(rules.MoveToString(s, choice.move), "e5-c1");
  }
}

TEST(LinesGreedy, AtEqualScoreMoreRemovedCellsWin) {
  const Rules rules = MakeRules();
  // An A on d4 makes a row of 5 and a diagonal of 4: score 9, 8 cells. An
  // A on l4 makes three lines of 3: score 9, 7 cells. Every A outside the
  // d4 figure (the six of the l4 figure and p8) can reach d4.
  const Position s = Board(rules, {"................",  //
                                ".A.........A....",  //
                                "..A........A....",  //
                                ".AA.AA...AA.....",  //
                                "....A.....A.....",  //
                                ".........A......",  //
                                "................",  //
                                "...............A"});
  EXPECT_EQ(rules.MoveMatches(s, Cell("p8"), Cell("l4")).score, 9);
  EXPECT_EQ(rules.MoveMatches(s, Cell("p8"), Cell("l4")).removed, 7);
  Rng rng(3);
  MoveEvaluator evaluator;
  const GreedyChoice choice = GreedyMove(rules, s, rng, evaluator);
  EXPECT_EQ(choice.score, 9);
  EXPECT_EQ(choice.removed, 8);
  EXPECT_EQ(choice.ties, 7);
  EXPECT_EQ(rules.TargetBit(choice.move), Cell("d4"));
}

TEST(LinesGreedy, Check3WithNothingScoringItIsAUniformRandomMove) {
  const Rules rules = MakeRules(kSmall);
  const Position s = Board(rules, {"A....", ".....", "..B..", ".....", "....C"});
  MoveList moves;
  rules.LegalMoves(s, moves);
  ASSERT_EQ(moves.size(), 3 * 22);
  std::map<Move, int> counts;
  MoveEvaluator evaluator;
  for (uint64_t seed = 0; seed < 6600; ++seed) {
    Rng rng(seed), same(seed);
    const GreedyChoice choice = GreedyMove(rules, s, rng, evaluator);
    EXPECT_EQ(choice.ties, moves.size());
    // Exactly the move a uniform draw over the legal list makes.
    EXPECT_EQ(choice.move, moves[static_cast<int>(same.Below(moves.size()))]);
    ++counts[choice.move];
  }
  EXPECT_EQ(counts.size(), 66u);  // every move drawn
  for (const auto& [move, n] : counts) {
    EXPECT_GT(n, 50) << move;  // about 100 each
    EXPECT_LT(n, 160) << move;
  }
}

TEST(LinesGreedy, TiesAreBrokenUniformly) {
  const Rules rules = MakeRules(kSmall);
  // Either bottom A can come to c1 and make a row of three; nothing else
  // scores.
  const Position s = Board(rules, {"AA...",  //
                                ".....",  //
                                ".....",  //
                                ".....",  //
                                "A...A"});
  const Move left = MoveOf(rules, "a5", "c1"),
             right = MoveOf(rules, "e5", "c1");
  std::map<Move, int> counts;
  MoveEvaluator evaluator;
  for (uint64_t seed = 0; seed < 2000; ++seed) {
    Rng rng(seed);
    const GreedyChoice choice = GreedyMove(rules, s, rng, evaluator);
    EXPECT_EQ(choice.ties, 2);
    ++counts[choice.move];
  }
  ASSERT_EQ(counts.size(), 2u);
  EXPECT_NEAR(counts[left], 1000, 100);
  EXPECT_NEAR(counts[right], 1000, 100);
}

TEST(LinesGreedy, ChoosesAsThePlainPortDoes) {
  // Same position, same generator: the bitboard greedy and the original game's
  // copy-apply-rescan loop pick the same move.
  Rng positions(11);
  const Rules rules = MakeRules();
  for (int i = 0; i < 200; ++i) {
    const Position s =
        WithoutLines(rules, RandomBoard(rules, positions.Uniform(), positions));
    const ReferenceBoard board = ReferenceBoard::FromState(rules, s);
    const auto moves = board.ListLegalMoves();
    if (moves.empty()) continue;
    Rng a(i), b(i);
    MoveEvaluator evaluator;
    const GreedyChoice fast = GreedyMove(rules, s, a, evaluator);
    const auto [from, to] = moves[ReferenceGreedyMove(board, moves, b)];
    EXPECT_EQ(fast.move, from * rules.NumCells() + to) << rules.Serialize(s);
  }
}

}  // namespace
}  // namespace gameai::linesboard
