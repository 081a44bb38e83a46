// The exact solver against a plain full-width search, and the published
// values that fit the test suite's time.
#include <array>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "gameai/base/random.h"
#include "gameai/mancala/solver.h"
#include "gtest/gtest.h"
#include "mancala_boards.h"
#include "mancala_reference.h"

namespace gameai::mancala {
namespace {

using testing::Board;
using testing::MakeRules;
using testing::PlainReference;

// Every board of up to 6 pits and 3 seeds whose plain search stays small
// (at most kMaxSeeds seeds); both capture rules; with and without the database.
constexpr int kMaxSeeds = 18;

TEST(KalahSolver, AgreesWithPlainSearchOnSmallBoards) {
  for (int pits = 1; pits <= 6; ++pits) {
    for (int seeds = 1; seeds <= 3; ++seeds) {
      if (2 * pits * seeds > kMaxSeeds) continue;
      for (bool empty_capture : {false, true}) {
        const Rules rules = MakeRules(
            {.pits = pits, .seeds = seeds, .empty_capture = empty_capture});
        PlainReference reference(rules);
        const Position start = rules.InitialPosition();
        for (int db_seeds : {0, 10}) {
          absl::StatusOr<SolveResult> r =
              SolveKalah(rules, start,
                         {.tt_log2_size = 16,
                          .db_seeds = db_seeds,
                          .all_move_margins = true});
          ASSERT_TRUE(r.ok()) << r.status();
          EXPECT_EQ(r->margin, reference.Margin(start))
              << pits << "x" << seeds << " empty_capture=" << empty_capture
              << " db_seeds=" << db_seeds;
          MoveList moves;
          rules.LegalMoves(start, moves);
          for (Move m : moves) {
            Position child = start;
            rules.Apply(child, m);
            EXPECT_EQ(r->move_margins[m], reference.Margin(child));
          }
          EXPECT_EQ(r->move_margins[r->best_move], r->margin);
          // Without all_move_margins, the best move is found by tests alone.
          absl::StatusOr<SolveResult> quick = SolveKalah(
              rules, start, {.tt_log2_size = 16, .db_seeds = db_seeds});
          ASSERT_TRUE(quick.ok());
          EXPECT_EQ(quick->margin, r->margin);
          EXPECT_EQ(r->move_margins[quick->best_move], r->margin);
        }
      }
    }
  }
}

// RandomPlayDownTo: a position of random play from the start with at most
// `seeds` left in the pits (or the game's end).
Position RandomPlayDownTo(const Rules& rules, int seeds, Rng& rng) {
  Position s = rules.InitialPosition();
  while (!rules.IsOver(s) &&
         rules.SideSeeds(s, 0) + rules.SideSeeds(s, 1) > seeds) {
    MoveList moves;
    rules.LegalMoves(s, moves);
    rules.Apply(s, moves[static_cast<int>(rng.Below(moves.size()))]);
  }
  return s;
}

// Endgames of the full 6x4 game: positions reached by random play with at
// most 12 seeds left in the pits, from either side to move.
TEST(KalahSolver, AgreesWithPlainSearchOnRandomEndgames) {
  Rng rng(77);
  for (bool empty_capture : {false, true}) {
    const Rules rules = MakeRules({.empty_capture = empty_capture});
    PlainReference reference(rules);
    int checked = 0;
    while (checked < 25) {
      const Position s = RandomPlayDownTo(rules, 12, rng);
      if (rules.IsOver(s)) continue;
      absl::StatusOr<SolveResult> r =
          SolveKalah(rules, s, {.tt_log2_size = 16, .db_seeds = 6});
      ASSERT_TRUE(r.ok());
      ASSERT_EQ(r->margin, reference.Margin(s)) << rules.Serialize(s);
      ++checked;
    }
  }
}

// Endgames of 6x5 (the board whose start takes the solver most of an
// hour): positions of random games with at most 14 seeds left, both
// capture rules, solved as `gameai solve` does (its default options: the
// database, helper threads on) against the plain search.
TEST(KalahSolver, AgreesWithPlainSearchLateInSixByFive) {
  Rng rng(65);
  for (bool empty_capture : {false, true}) {
    const Rules rules = MakeRules({.seeds = 5, .empty_capture = empty_capture});
    PlainReference reference(rules);
    int checked = 0;
    while (checked < 8) {
      const Position s = RandomPlayDownTo(rules, 14, rng);
      if (rules.IsOver(s)) continue;
      absl::StatusOr<SolveResult> r = SolveKalah(rules, s, {});
      ASSERT_TRUE(r.ok()) << r.status();
      ASSERT_EQ(r->margin, reference.Margin(s)) << rules.Serialize(s);
      Position after = s;
      rules.Apply(after, r->best_move);
      EXPECT_EQ(reference.Margin(after), r->margin) << rules.Serialize(s);
      ++checked;
    }
  }
}

// Helper threads change the work, never the answer: the margin after every
// first move of 6x3 and of positions of 6x4 with 26 to 30 seeds left.
TEST(KalahSolver, ThreadsGiveTheSameAnswers) {
  Rng rng(12);
  for (bool empty_capture : {false, true}) {
    std::vector<std::pair<Rules, Position>> cases;
    const Rules small = MakeRules({.seeds = 3, .empty_capture = empty_capture});
    cases.push_back({small, small.InitialPosition()});
    const Rules rules = MakeRules({.empty_capture = empty_capture});
    while (cases.size() < 4) {
      const Position s = RandomPlayDownTo(rules, 30, rng);
      if (rules.SideSeeds(s, 0) + rules.SideSeeds(s, 1) >= 26) {
        cases.push_back({rules, s});
      }
    }
    for (const auto& [r, s] : cases) {
      absl::StatusOr<SolveResult> one = SolveKalah(
          r, s, {.tt_log2_size = 22, .all_move_margins = true, .threads = 1});
      absl::StatusOr<SolveResult> three = SolveKalah(
          r, s, {.tt_log2_size = 22, .all_move_margins = true, .threads = 3});
      ASSERT_TRUE(one.ok() && three.ok());
      EXPECT_EQ(one->margin, three->margin) << r.Serialize(s);
      EXPECT_EQ(one->best_move, three->best_move) << r.Serialize(s);
      EXPECT_EQ(one->move_margins, three->move_margins) << r.Serialize(s);
    }
  }
}

TEST(KalahSolver, FinishedGameIsItsStores) {
  const Rules rules = MakeRules({});
  absl::StatusOr<Position> s =
      rules.Deserialize("0 0 0 0 0 0 0 30 0 0 0 0 0 0 18");
  ASSERT_TRUE(s.ok());
  absl::StatusOr<SolveResult> r = SolveKalah(rules, *s, {.tt_log2_size = 10});
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->margin, 12);
}

TEST(KalahSolver, RejectsBadOptions) {
  const Rules rules = MakeRules({});
  EXPECT_FALSE(
      SolveKalah(rules, rules.InitialPosition(), {.tt_log2_size = 5}).ok());
  EXPECT_FALSE(
      SolveKalah(rules, rules.InitialPosition(), {.db_seeds = 99}).ok());
  absl::StatusOr<SolveResult> threads =
      SolveKalah(rules, rules.InitialPosition(), {.threads = 65});
  ASSERT_FALSE(threads.ok());
  EXPECT_NE(threads.status().message().find("threads=65"), std::string::npos);
}

// Budgets: a search stopped by its node or time budget reports the
// bounds it proved (which hold the true margin), never a wrong margin.
TEST(KalahSolver, NodeBudgetGivesTrueBoundsNotAMargin) {
  const Rules rules = MakeRules({});  // 6x4: +8
  absl::StatusOr<SolveResult> r = SolveKalah(
      rules, rules.InitialPosition(), {.tt_log2_size = 20, .max_nodes = 20000});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_FALSE(r->solved);
  EXPECT_LT(r->margin_lower, r->margin_upper);
  EXPECT_LE(r->margin_lower, 8);
  EXPECT_GE(r->margin_upper, 8);
  EXPECT_LE(r->nodes, 20000);
}

// A position the endgame database holds whole is solved, best move too,
// whatever the node budget: the database is read, not searched.
TEST(KalahSolver, PositionInTheDatabaseIsSolvedOnAnyBudget) {
  const Rules rules = MakeRules({.pits = 4, .seeds = 2});  // 16 seeds
  const int expected = PlainReference(rules).Margin(rules.InitialPosition());
  absl::StatusOr<SolveResult> r =
      SolveKalah(rules, rules.InitialPosition(),
                 {.tt_log2_size = 16, .db_seeds = 16, .max_nodes = 1});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(r->solved);
  EXPECT_EQ(r->margin, expected);
  Position after = rules.InitialPosition();
  rules.Apply(after, r->best_move);
  EXPECT_EQ(PlainReference(rules).Margin(after), expected)
      << "best move " << int{r->best_move} << " does not keep the margin";
}

TEST(KalahSolver, TimeBudgetGivesTrueBounds) {
  const Rules rules = MakeRules({});
  absl::StatusOr<SolveResult> r =
      SolveKalah(rules, rules.InitialPosition(),
                 {.tt_log2_size = 20, .guess_depth = 0, .max_seconds = 0.05});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_FALSE(r->solved);
  EXPECT_LE(r->margin_lower, 8);
  EXPECT_GE(r->margin_upper, 8);
}

TEST(KalahSolver, EnoughBudgetSolves) {
  const Rules rules = MakeRules({.pits = 4, .seeds = 2});
  const int expected = PlainReference(rules).Margin(rules.InitialPosition());
  absl::StatusOr<SolveResult> r = SolveKalah(
      rules, rules.InitialPosition(),
      {.tt_log2_size = 16, .max_nodes = 10'000'000, .max_seconds = 600});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_TRUE(r->solved);
  EXPECT_EQ(r->margin, expected);
  EXPECT_EQ(r->margin_lower, expected);
  EXPECT_EQ(r->margin_upper, expected);
}

TEST(KalahSolver, PickedTableFitsTheMemoryBudget) {
  const Rules rules = MakeRules({.pits = 8, .seeds = 8});  // would pick 4 GiB
  const int64_t budget = int64_t{64} << 20;
  absl::StatusOr<SolveResult> r =
      SolveKalah(rules, rules.InitialPosition(),
                 {.guess_depth = 0, .max_nodes = 1000, .memory_bytes = budget});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_FALSE(r->solved);
  EXPECT_LE((int64_t{16} << r->tt_log2_size) + r->db_bytes, budget);
  EXPECT_GT((int64_t{32} << r->tt_log2_size) + r->db_bytes, budget);
}

TEST(KalahSolver, TableAskedBeyondTheMemoryBudgetIsAnError) {
  const Rules rules = MakeRules({.pits = 8, .seeds = 8});
  absl::StatusOr<SolveResult> r =
      SolveKalah(rules, rules.InitialPosition(), {.tt_log2_size = 28});
  EXPECT_EQ(r.status().code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(r.status().message().find("mem_mb=2048"), std::string::npos)
      << r.status();
}

TEST(KalahSolver, RejectsNegativeBudgets) {
  const Rules rules = MakeRules({});
  EXPECT_FALSE(
      SolveKalah(rules, rules.InitialPosition(), {.max_nodes = -1}).ok());
  EXPECT_FALSE(
      SolveKalah(rules, rules.InitialPosition(), {.max_seconds = -1}).ok());
}

// Published (Irving, Donkers & Uiterwijk 2000, their capture rule): 6 pits
// with 1 seed: +2, with 2 seeds: +10. Larger boards take seconds to
// minutes: `gameai solve` reproduces them (README, closing notes).
TEST(KalahSolver, ReproducesPublishedValuesForSmallSeedCounts) {
  for (auto [seeds, expected] : {std::pair{1, 2}, std::pair{2, 10}}) {
    const Rules rules =
        MakeRules({.pits = 6, .seeds = seeds, .empty_capture = true});
    absl::StatusOr<SolveResult> r =
        SolveKalah(rules, rules.InitialPosition(), {.tt_log2_size = 18});
    ASSERT_TRUE(r.ok());
    EXPECT_EQ(r->margin, expected) << "6x" << seeds;
  }
}

}  // namespace
}  // namespace gameai::mancala
