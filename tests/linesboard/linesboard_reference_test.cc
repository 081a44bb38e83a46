// The bitboard kernel against the original game's plain board (reference.h) on
// random positions of every board size: legal move sets, the matches of a
// board, the matches of moves, and the fast per-move evaluation.
#include <algorithm>

#include "gameai/linesboard/internal/greedy.h"
#include "gameai/linesboard/internal/reference.h"
#include "gtest/gtest.h"
#include "linesboard_boards.h"

namespace gameai::linesboard {
namespace {

using testing::MakeRules;
using testing::RandomBoard;
using testing::WithoutLines;

std::vector<int> CellsOf(const Rules& rules, Bits bits) {
  std::vector<int> cells;
  ForEachBit(bits, [&](int bit) { cells.push_back(rules.CellOfBit(bit)); });
  return cells;
}

void ExpectSameMatches(const Rules& rules, const Position& s,
                       const std::string& where) {
  const ReferenceMatches expected =
      ReferenceBoard::FromState(rules, s).CollectMatches();
  const LineMatches got = rules.Matches(s);
  EXPECT_EQ(got.score, expected.score) << where;
  EXPECT_EQ(got.removed, static_cast<int>(expected.to_remove.size())) << where;
  EXPECT_EQ(CellsOf(rules, got.cells), expected.to_remove) << where;
}

Options RandomOptions(Rng& rng) {
  Options o;
  o.rows = 3 + static_cast<int>(rng.Below(6));
  o.cols = 3 + static_cast<int>(rng.Below(14));
  o.colors = 2 + static_cast<int>(rng.Below(7));
  o.min_line = 2 + static_cast<int>(rng.Below(3));
  o.min_line = std::min(o.min_line, std::max(o.rows, o.cols));
  if (rng.Below(2) == 0) o = Options{};  // the default board half the time
  o.initial_balls = 0;
  return o;
}

TEST(LinesReference, TenThousandRandomPositionsAgree) {
  Rng rng(20261129);
  int positions = 0, moves_checked = 0;
  for (; positions < 10000; ++positions) {
    const Rules rules = MakeRules(RandomOptions(rng));
    const Position raw = RandomBoard(rules, 0.1 + 0.8 * rng.Uniform(), rng);
    const std::string where = rules.Serialize(raw);
    // Matches of any board, lines standing or not.
    ExpectSameMatches(rules, raw, where);
    // Legal moves of the board as play leaves it (no line standing).
    const Position s = WithoutLines(rules, raw);
    const ReferenceBoard board = ReferenceBoard::FromState(rules, s);
    std::vector<std::pair<int, int>> expected = board.ListLegalMoves();
    MoveList moves;
    rules.LegalMoves(s, moves);
    std::vector<std::pair<int, int>> got;
    for (Move m : moves) {
      got.emplace_back(m / rules.NumCells(), m % rules.NumCells());
    }
    ASSERT_EQ(got, expected) << where;
    if (moves.size() == 0) continue;
    // A few moves each: the full rescan after the move, the matches found
    // around the target, and Apply's result.
    for (int k = 0; k < 4; ++k) {
      const Move m = moves[static_cast<int>(rng.Below(moves.size()))];
      ReferenceBoard after = board.Duplicate();
      after.ApplyMove(m / rules.NumCells(), m % rules.NumCells());
      const ReferenceMatches want = after.CollectMatches();
      const LineMatches local =
          rules.MoveMatches(s, rules.SourceBit(m), rules.TargetBit(m));
      EXPECT_EQ(local.score, want.score) << where << " move " << m;
      EXPECT_EQ(CellsOf(rules, local.cells), want.to_remove) << where;
      Position applied = s;
      rules.Apply(applied, m);
      EXPECT_EQ(applied.score[s.player], s.score[s.player] + want.score);
      for (int cell : want.to_remove) {
        EXPECT_EQ(Rules::ColorAt(applied, rules.BitOfCell(cell)), -1);
      }
      ++moves_checked;
    }
  }
  EXPECT_EQ(positions, 10000);
  EXPECT_GT(moves_checked, 30000);
}

TEST(LinesReference, TheFastEvaluatorAgreesOnEveryMove) {
  Rng rng(7);
  MoveEvaluator evaluator;
  int moves_checked = 0;
  for (int position = 0; position < 300; ++position) {
    const Rules rules = MakeRules(RandomOptions(rng));
    const Position s =
        WithoutLines(rules, RandomBoard(rules, 0.2 + 0.7 * rng.Uniform(), rng));
    const ReferenceBoard board = ReferenceBoard::FromState(rules, s);
    Move previous = 0;
    bool first = true;
    evaluator.ForEachMove(rules, s, [&](Move m, int score, int removed) {
      EXPECT_TRUE(first || m > previous);  // increasing action order
      first = false;
      previous = m;
      ReferenceBoard after = board.Duplicate();
      after.ApplyMove(m / rules.NumCells(), m % rules.NumCells());
      const ReferenceMatches want = after.CollectMatches();
      ASSERT_EQ(score, want.score) << rules.Serialize(s) << " move " << m;
      ASSERT_EQ(removed, static_cast<int>(want.to_remove.size()));
      ++moves_checked;
    });
  }
  EXPECT_GT(moves_checked, 100000);
}

}  // namespace
}  // namespace gameai::linesboard
