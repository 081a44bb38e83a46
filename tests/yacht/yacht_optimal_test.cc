#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <memory>
#include <vector>

#include "file_test_util.h"
#include "gameai/arena/arena.h"
#include "gameai/base/file_io.h"
#include "gameai/dynamic/registry.h"
#include "gameai/yacht/optimal.h"
#include "gtest/gtest.h"

namespace gameai::yacht {
namespace {

// The table of the standard rules, as Shared gives it: under ctest, the one
// the yacht_table fixture computed for this run (GAMEAI_YACHT_TABLE_DIR).
std::shared_ptr<const OptimalTable> StandardTable() {
  absl::StatusOr<std::shared_ptr<const OptimalTable>> table =
      OptimalTable::Shared({.players = 1});
  EXPECT_TRUE(table.ok()) << table.status();
  return table.ok() ? *table : nullptr;
}

// Glenn 2006: 245.87 for 13 categories, 35 at 63, no yahtzee bonus; and
// two last-turn values known in closed form.
TEST(YachtOptimal, ReproducesThePublishedOptimum) {
  const std::shared_ptr<const OptimalTable> table = StandardTable();
  ASSERT_NE(table, nullptr);
  EXPECT_NEAR(table->StartValue(), 245.87, 0.005);
  // Only CHANCE left: the best expected sum with two rerolls is 23.33
  // (keep 5s and 6s, then 4s too on the last roll): known value 70/3.
  Scorecard chance_only{static_cast<uint16_t>(1 << kChance), 0, 0, 0};
  EXPECT_NEAR(table->Expected(chance_only), 70.0 / 3.0, 1e-9);
  // Only YACHT left: 50 * P(yacht in three rolls) = 50 * 0.04602864...
  Scorecard yacht_only{static_cast<uint16_t>(1 << kYacht), 0, 0, 0};
  EXPECT_NEAR(table->Expected(yacht_only), 50 * 0.0460286, 1e-4);
}

// UpperTotals: bit u set when the filled upper boxes (bit c of `closed`)
// can sum to u (capped at 63) with 0..5 dice each.
uint64_t UpperTotals(int closed) {
  uint64_t totals = 1;
  for (int c = 0; c <= kSixes; ++c) {
    if (!(closed & (1 << c))) continue;
    uint64_t next = 0;
    for (int u = 0; u < 64; ++u) {
      if (!(totals >> u & 1)) continue;
      for (int n = 0; n <= kNumDice; ++n)
        next |= uint64_t{1} << std::min(63, u + n * (c + 1));
    }
    totals = next;
  }
  return totals;
}

// The table is computed eight scorecards at a time, with shortcuts (a box
// offered only to the rolls that score in it, totals out of the bonus's
// reach copied, a joker's points asked once); PlanTurn plans one turn
// plainly. Their values agree bit for bit on every reachable scorecard of
// a sample of the open masks (every 29th, each with every upper total and
// YACHT flag), under both rule sets.
TEST(YachtOptimal, EveryEntryIsTheTurnPlannedAlone) {
  for (const bool bonus : {false, true}) {
    absl::StatusOr<std::shared_ptr<const OptimalTable>> table =
        OptimalTable::Shared({.players = 1, .yahtzee_bonus = bonus});
    ASSERT_TRUE(table.ok()) << table.status();
    auto plan = std::make_unique<OptimalTable::TurnPlan>();
    int compared = 0;
    for (int open = 1; open < (1 << kNumCategories); open += 29) {
      const uint64_t totals = UpperTotals(~open & 63);
      for (int upper = 0; upper < 64; ++upper) {
        if (!(totals >> upper & 1)) continue;
        for (int flag = 0; flag <= (bonus && !(open & (1 << kYacht))); ++flag) {
          const Scorecard card{static_cast<uint16_t>(open), 0,
                               static_cast<uint8_t>(upper),
                               static_cast<uint8_t>(flag)};
          (*table)->PlanTurn(card, *plan);
          ASSERT_EQ(plan->keep[2][0], (*table)->Expected(card))
              << "bonus " << bonus << " open " << open << " upper " << upper
              << " flag " << flag;
          ++compared;
        }
      }
    }
    EXPECT_EQ(compared, bonus ? 18431 : 12321);  // the whole sample
  }
}

// CachePath: a file path with nothing there yet (a table file is never
// written over anything).
std::string CachePath(const std::string& name) {
  const std::string path =
      ::testing::TempDir() + "/gameai_yacht_" + name + ".table";
  std::remove(path.c_str());
  return path;
}

TEST(YachtOptimal, SaveAndLoadRoundTrip) {
  const std::shared_ptr<const OptimalTable> table = StandardTable();
  ASSERT_NE(table, nullptr);
  const std::string path = CachePath("round_trip");
  ASSERT_TRUE(table->Save(path).ok());
  absl::StatusOr<std::shared_ptr<const OptimalTable>> loaded =
      OptimalTable::Load({.players = 1}, path);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_EQ((*loaded)->StartValue(), table->StartValue());
  // A table of the other rules is refused.
  EXPECT_FALSE(
      OptimalTable::Load({.players = 1, .yahtzee_bonus = true}, path).ok());
  std::remove(path.c_str());
}

// TableOfValue: a well-formed cache file (right header and checksum)
// whose every entry is `value`, of the rules with or without the bonus.
void WriteTableOfValue(const std::string& path, double value,
                       bool yahtzee_bonus = false) {
  const std::vector<double> values(size_t{1} << 20, value);
  ASSERT_TRUE(WriteTableFile(
                  path,
                  {.kind = "yacht-optimal-table",
                   .version = 2,
                   .params = yahtzee_bonus ? "yahtzee_bonus=1 entries=1048576"
                                           : "yahtzee_bonus=0 entries=1048576"},
                  values.data(), static_cast<int64_t>(values.size() * 8))
                  .ok());
}

TEST(YachtOptimalCache, TableOfNansIsDamagedNotPlayed) {
  const std::string path = CachePath("nan");
  WriteTableOfValue(path, std::numeric_limits<double>::quiet_NaN());
  const std::string before = gameai::testing::ReadBytes(path);
  absl::StatusOr<std::shared_ptr<const OptimalTable>> shared =
      OptimalTable::Shared({.players = 1}, path);
  ASSERT_FALSE(shared.ok());
  EXPECT_NE(shared.status().message().find("damaged"), std::string::npos)
      << shared.status();
  EXPECT_EQ(gameai::testing::ReadBytes(path), before);
  // The agent is refused too rather than play from it.
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("yacht");
  ASSERT_TRUE(game.ok());
  absl::StatusOr<std::unique_ptr<Agent>> agent =
      LoadAgent(**game, "optimal(cache=" + path + ")");
  ASSERT_FALSE(agent.ok());
  EXPECT_NE(agent.status().message().find("damaged"), std::string::npos)
      << agent.status();
  EXPECT_EQ(gameai::testing::ReadBytes(path), before);
  std::remove(path.c_str());
}

TEST(YachtOptimalCache, RawNanBytesAreNotATable) {
  const std::string path = CachePath("raw_nan");
  const double nan = std::numeric_limits<double>::quiet_NaN();
  gameai::testing::WriteBytes(
      path, std::string(reinterpret_cast<const char*>(&nan), 8) +
                std::string(4096, '\xff'));
  const std::string before = gameai::testing::ReadBytes(path);
  absl::StatusOr<std::shared_ptr<const OptimalTable>> shared =
      OptimalTable::Shared({.players = 1}, path);
  ASSERT_FALSE(shared.ok());
  EXPECT_NE(shared.status().message().find("not a gameai table file"),
            std::string::npos)
      << shared.status();
  EXPECT_EQ(gameai::testing::ReadBytes(path), before);
  std::remove(path.c_str());
}

TEST(YachtOptimalCache, TextFileIsLeftUntouched) {
  const std::string path = CachePath("text");
  gameai::testing::WriteBytes(path, "my shopping list\neggs\n");
  absl::StatusOr<std::shared_ptr<const OptimalTable>> shared =
      OptimalTable::Shared({.players = 1}, path);
  ASSERT_FALSE(shared.ok());
  EXPECT_NE(shared.status().message().find("my shopping list"),
            std::string::npos)
      << shared.status();
  EXPECT_EQ(gameai::testing::ReadBytes(path), "my shopping list\neggs\n");
  std::remove(path.c_str());
}

TEST(YachtOptimalCache, OtherRulesTableIsLeftByteIdentical) {
  const std::string path = CachePath("other_rules");
  WriteTableOfValue(path, 0.0, /*yahtzee_bonus=*/true);
  ASSERT_TRUE(
      OptimalTable::Load({.players = 1, .yahtzee_bonus = true}, path).ok());
  const std::string before = gameai::testing::ReadBytes(path);
  absl::StatusOr<std::shared_ptr<const OptimalTable>> plain =
      OptimalTable::Shared({.players = 1}, path);
  ASSERT_FALSE(plain.ok());
  EXPECT_NE(plain.status().message().find("yahtzee_bonus=1"), std::string::npos)
      << plain.status();
  EXPECT_EQ(gameai::testing::ReadBytes(path), before);
  std::remove(path.c_str());
}

TEST(YachtOptimalCache, TruncatedOrFlippedFileIsAnError) {
  const std::string path = CachePath("damaged");
  const std::shared_ptr<const OptimalTable> table = StandardTable();
  ASSERT_NE(table, nullptr);
  ASSERT_TRUE(table->Save(path).ok());
  std::string bytes = gameai::testing::ReadBytes(path);
  gameai::testing::WriteBytes(path, bytes.substr(0, bytes.size() - 8));
  absl::StatusOr<std::shared_ptr<const OptimalTable>> truncated =
      OptimalTable::Load({.players = 1}, path);
  EXPECT_NE(truncated.status().message().find("truncated"), std::string::npos)
      << truncated.status();
  bytes[bytes.size() / 2] ^= 0x40;
  gameai::testing::WriteBytes(path, bytes);
  absl::StatusOr<std::shared_ptr<const OptimalTable>> flipped =
      OptimalTable::Load({.players = 1}, path);
  EXPECT_NE(flipped.status().message().find("checksum"), std::string::npos)
      << flipped.status();
  EXPECT_FALSE(OptimalTable::Shared({.players = 1}, path).ok());
  EXPECT_EQ(gameai::testing::ReadBytes(path), bytes);
  std::remove(path.c_str());
}

TEST(YachtOptimalCache, UnwritableDirectoryIsAnError) {
  const std::string path = CachePath("no_such_dir/table");
  absl::StatusOr<std::shared_ptr<const OptimalTable>> shared =
      OptimalTable::Shared({.players = 1}, path);
  ASSERT_FALSE(shared.ok());
  EXPECT_TRUE(gameai::testing::NamesAMissingFolder(
      std::string(shared.status().message())))
      << shared.status();
}

TEST(YachtOptimalCache, FailedSaveIsReported) {
  GAMEAI_SKIP_WITHOUT_FILE_SIZE_LIMIT();
  const std::string path = CachePath("full_disk");
  ASSERT_NE(StandardTable(), nullptr);  // known, so only the save can fail
  absl::StatusOr<std::shared_ptr<const OptimalTable>> shared;
  {
    gameai::testing::FileSizeLimit limit(4096);
    shared = OptimalTable::Shared({.players = 1}, path);
  }
  ASSERT_FALSE(shared.ok());
  EXPECT_NE(shared.status().message().find("File too large"), std::string::npos)
      << shared.status();
  EXPECT_FALSE(OptimalTable::Load({.players = 1}, path).ok());
}

// With no cache path, GAMEAI_YACHT_TABLE_DIR names the directory of the
// cache file: the table is written there, and read back the same.
TEST(YachtOptimalCache, EnvironmentDirectoryHoldsTheSharedTable) {
  const std::shared_ptr<const OptimalTable> table = StandardTable();
  ASSERT_NE(table, nullptr);
  const char* previous = std::getenv("GAMEAI_YACHT_TABLE_DIR");
  const std::string saved = previous == nullptr ? "" : previous;
  const std::string dir = ::testing::TempDir();
  gameai::testing::SetEnvironment("GAMEAI_YACHT_TABLE_DIR", dir.c_str());
  const std::string path = dir + "/yacht-optimal-bonus0.table";
  std::remove(path.c_str());
  absl::StatusOr<std::shared_ptr<const OptimalTable>> shared =
      OptimalTable::Shared({.players = 1});
  gameai::testing::SetEnvironment(
      "GAMEAI_YACHT_TABLE_DIR", previous == nullptr ? nullptr : saved.c_str());
  ASSERT_TRUE(shared.ok()) << shared.status();
  absl::StatusOr<std::shared_ptr<const OptimalTable>> loaded =
      OptimalTable::Load({.players = 1}, path);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_EQ((*loaded)->StartValue(), table->StartValue());
  std::remove(path.c_str());
}

TEST(YachtOptimal, BeatsGreedyInSolitaire) {
  absl::StatusOr<MatchResult> r = RunMatch({.game = "yacht(players=1)",
                                            .agents = {"optimal", "greedy"},
                                            .games = 100,
                                            .seed = 2});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_GT(r->agents[0].mean_score_ci95.low,
            r->agents[1].mean_score_ci95.high);
  EXPECT_GT(r->agents[0].mean_score_ci95.high, 230);
  EXPECT_LT(r->agents[0].mean_score_ci95.low, 262);
}

}  // namespace
}  // namespace gameai::yacht
