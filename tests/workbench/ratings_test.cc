// The ratings' fit: known ratings recovered from games simulated with
// them, within their intervals at the stated rate; ties; bad input.
#include "gameai/workbench/ratings.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <vector>

#include "gameai/base/random.h"
#include "gtest/gtest.h"

namespace gameai {
namespace {

// Coverage: how many of the non-anchor agents' 95% intervals held the true
// rating over `runs` simulated tournaments, out of how many intervals.
struct Coverage {
  int held = 0, intervals = 0;
  double worst_error = 0;
};

// PlackettLuceOrder: a finishing order drawn from the model: strengths
// exp θ, each next place chosen among those left in proportion.
FinishingOrder PlackettLuceOrder(const std::vector<int>& table,
                                 const std::vector<double>& elo, Rng& rng) {
  std::vector<int> left = table;
  FinishingOrder order;
  while (!left.empty()) {
    double total = 0;
    for (int a : left) total += std::exp(elo[a] / EloScale());
    double pick = rng.Uniform() * total;
    size_t chosen = left.size() - 1;
    for (size_t i = 0; i < left.size(); ++i) {
      pick -= std::exp(elo[left[i]] / EloScale());
      if (pick < 0) {
        chosen = i;
        break;
      }
    }
    order.push_back({left[chosen]});
    left.erase(left.begin() + chosen);
  }
  return order;
}

Coverage Simulate(const std::vector<double>& elo, int seats, int games,
                  int runs, uint64_t seed) {
  const int n = static_cast<int>(elo.size());
  // Tables: every `seats`-subset (seats 2 or n here).
  std::vector<std::vector<int>> tables;
  if (seats == 2) {
    for (int i = 0; i < n; ++i) {
      for (int j = i + 1; j < n; ++j) tables.push_back({i, j});
    }
  } else {
    std::vector<int> all(n);
    std::iota(all.begin(), all.end(), 0);
    tables.push_back(all);
  }
  Coverage c;
  for (int run = 0; run < runs; ++run) {
    Rng rng(DeriveSeed(seed, run));
    RatingModel model(n);
    for (const std::vector<int>& table : tables) {
      for (int g = 0; g < games; ++g) {
        EXPECT_TRUE(model.Add(PlackettLuceOrder(table, elo, rng)).ok());
      }
    }
    absl::StatusOr<Ratings> fit = FitRatings(model, 0);
    EXPECT_TRUE(fit.ok()) << fit.status();
    if (!fit.ok()) return c;
    for (int i = 1; i < n; ++i) {
      const double truth = elo[i] - elo[0];
      c.worst_error = std::max(c.worst_error, std::abs(fit->elo[i] - truth));
      ++c.intervals;
      if (fit->ci95[i].low <= truth && truth <= fit->ci95[i].high) ++c.held;
    }
  }
  return c;
}

// The stated rate is 95%: over N intervals the count that hold is
// binomial, so the share must lie within 4 standard errors of 0.95 (a
// test that fails by chance once in 15,000 runs; it cannot pass with
// intervals half or twice as wide, which hold about 68% or 99.99%).
void ExpectStatedRate(const Coverage& c) {
  const double share = static_cast<double>(c.held) / c.intervals;
  const double sd = std::sqrt(0.95 * 0.05 / c.intervals);
  std::printf("%d of %d 95%% intervals held the true rating (%.3f)\n", c.held,
              c.intervals, share);
  EXPECT_NEAR(share, 0.95, 4 * sd)
      << c.held << " of " << c.intervals << " intervals held the truth";
}

TEST(Ratings, BradleyTerryRecoversSimulatedRatings) {
  const std::vector<double> elo = {0, 150, -100, 300, 60};
  const Coverage c = Simulate(elo, 2, 200, 120, 7);
  ASSERT_EQ(c.intervals, 480);
  ExpectStatedRate(c);
  EXPECT_LT(c.worst_error, 150);
}

TEST(Ratings, PlackettLuceRecoversSimulatedRatings) {
  const std::vector<double> elo = {0, 200, -150, 80, 350};
  const Coverage c = Simulate(elo, 5, 300, 120, 11);
  ASSERT_EQ(c.intervals, 480);
  ExpectStatedRate(c);
  EXPECT_LT(c.worst_error, 120);
}

TEST(Ratings, DrawOfTwoIsHalfAWinAndHalfALoss) {
  // Two draws weigh as one win and one loss: the same ratings, the same
  // curvature.
  RatingModel draws(3), split(3);
  for (int k = 0; k < 5; ++k) {
    ASSERT_TRUE(draws.Add({{0}, {1}}).ok());
    ASSERT_TRUE(split.Add({{0}, {1}}).ok());
  }
  ASSERT_TRUE(draws.Add({{1, 2}}).ok());
  ASSERT_TRUE(draws.Add({{1, 2}}).ok());
  ASSERT_TRUE(split.Add({{1}, {2}}).ok());
  ASSERT_TRUE(split.Add({{2}, {1}}).ok());
  const Ratings a = *FitRatings(draws, 0), b = *FitRatings(split, 0);
  for (int i = 0; i < 3; ++i) {
    EXPECT_NEAR(a.elo[i], b.elo[i], 1e-6);
    EXPECT_NEAR(a.ci95[i].low, b.ci95[i].low, 1e-6);
  }
  EXPECT_GT(a.elo[0], a.elo[1]);
}

TEST(Ratings, EqualResultsGiveEqualRatings) {
  RatingModel model(3);
  for (int k = 0; k < 10; ++k) {
    ASSERT_TRUE(model.Add({{0}, {1}, {2}}).ok());
    ASSERT_TRUE(model.Add({{1}, {2}, {0}}).ok());
    ASSERT_TRUE(model.Add({{2}, {0}, {1}}).ok());
    ASSERT_TRUE(model.Add({{0, 1, 2}}).ok());
  }
  const Ratings r = *FitRatings(model, 2);
  for (int i = 0; i < 3; ++i) EXPECT_NEAR(r.elo[i], 0, 1e-6);
  EXPECT_NEAR(r.los[0][1], 0.5, 1e-9);
}

TEST(Ratings, PerfectScoreStaysFiniteAndLosIsConsistent) {
  RatingModel model(2);
  for (int k = 0; k < 30; ++k) ASSERT_TRUE(model.Add({{1}, {0}}).ok());
  const Ratings r = *FitRatings(model, 0);
  EXPECT_GT(r.elo[1], 300);
  EXPECT_TRUE(std::isfinite(r.elo[1]));
  EXPECT_EQ(r.elo[0], 0);
  EXPECT_EQ(r.ci95[0].low, 0);
  EXPECT_EQ(r.ci95[0].high, 0);
  EXPECT_LT(r.ci95[1].low, r.elo[1]);
  EXPECT_GT(r.los[1][0], 0.99);
  EXPECT_NEAR(r.los[1][0] + r.los[0][1], 1, 1e-12);
}

TEST(Ratings, BadOrdersAreRefusedAndLeaveTheModelAsItWas) {
  RatingModel model(3);
  ASSERT_TRUE(model.Add({{0}, {1}}).ok());
  const std::vector<double> before = model.linear();
  EXPECT_EQ(model.Add({{0}, {0}}).code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(model.Add({{0}, {3}}).code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(model.Add({{1}}).code(), absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(model.Add({{}, {1, 2}}).code(), absl::StatusCode::kInvalidArgument);
  RatingModel wide(9);
  EXPECT_EQ(wide.Add({{0, 1, 2, 3, 4, 5, 6, 7, 8}}).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(model.linear(), before);
}

TEST(Ratings, AgentsNotConnectedToTheAnchorAreAnError) {
  RatingModel model(4);
  ASSERT_TRUE(model.Add({{0}, {1}}).ok());
  ASSERT_TRUE(model.Add({{2}, {3}}).ok());
  const absl::StatusOr<Ratings> r = FitRatings(model, 0);
  EXPECT_EQ(r.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(r.status().message().find("agent 2"), std::string::npos);
  EXPECT_EQ(FitRatings(model, 4).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(Ratings, MergedModelsFitAsOne) {
  RatingModel whole(3), first(3), second(3);
  const FinishingOrder a = {{0}, {1}, {2}}, b = {{2}, {0, 1}};
  ASSERT_TRUE(whole.Add(a).ok());
  ASSERT_TRUE(whole.Add(b).ok());
  ASSERT_TRUE(first.Add(a).ok());
  ASSERT_TRUE(second.Add(b).ok());
  first.Merge(second);
  const Ratings x = *FitRatings(whole, 0), y = *FitRatings(first, 0);
  for (int i = 0; i < 3; ++i) EXPECT_DOUBLE_EQ(x.elo[i], y.elo[i]);
}

}  // namespace
}  // namespace gameai
