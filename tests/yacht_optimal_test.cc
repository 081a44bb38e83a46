#include <cstdio>

#include "gameai/core/arena.h"
#include "gameai/yacht/optimal.h"
#include "gtest/gtest.h"

namespace gameai::yacht {
namespace {

// Glenn 2006: 245.87 for 13 categories, 35 at 63, no yahtzee bonus; and
// two last-turn values known in closed form.
TEST(YachtOptimal, ReproducesThePublishedOptimum) {
  absl::StatusOr<std::shared_ptr<const OptimalTable>> table =
      OptimalTable::Compute({.players = 1}, 2);
  ASSERT_TRUE(table.ok());
  EXPECT_NEAR((*table)->StartValue(), 245.87, 0.005);
  // Only CHANCE left: the best expected sum with two rerolls is 23.33
  // (keep 5s and 6s, then 4s too on the last roll): known value 70/3.
  Scorecard chance_only{static_cast<uint16_t>(1 << kChance), 0, 0, 0};
  EXPECT_NEAR((*table)->Expected(chance_only), 70.0 / 3.0, 1e-9);
  // Only YACHT left: 50 * P(yacht in three rolls) = 50 * 0.04602864...
  Scorecard yacht_only{static_cast<uint16_t>(1 << kYacht), 0, 0, 0};
  EXPECT_NEAR((*table)->Expected(yacht_only), 50 * 0.0460286, 1e-4);
}

TEST(YachtOptimal, SaveAndLoadRoundTrip) {
  absl::StatusOr<std::shared_ptr<const OptimalTable>> table =
      OptimalTable::Compute({.players = 1}, 2);
  ASSERT_TRUE(table.ok());
  const std::string path = ::testing::TempDir() + "/yacht_table.bin";
  ASSERT_TRUE((*table)->Save(path).ok());
  absl::StatusOr<std::shared_ptr<const OptimalTable>> loaded =
      OptimalTable::Load({.players = 1}, path);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_EQ((*loaded)->StartValue(), (*table)->StartValue());
  // A table of the other rules is refused.
  EXPECT_FALSE(
      OptimalTable::Load({.players = 1, .yahtzee_bonus = true}, path).ok());
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
