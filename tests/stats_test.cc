#include "gameai/arena/stats.h"

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "gtest/gtest.h"

namespace gameai {
namespace {

TEST(WilsonInterval95, KnownValues) {
  // 50 of 100: 0.5 ± 0.0962 (standard tables).
  const Interval half = WilsonInterval95(50, 100);
  EXPECT_NEAR(half.low, 0.4038, 1e-4);
  EXPECT_NEAR(half.high, 0.5962, 1e-4);
  // 0 of 10: [0, 0.2775].
  const Interval none = WilsonInterval95(0, 10);
  EXPECT_NEAR(none.low, 0.0, 1e-12);
  EXPECT_NEAR(none.high, 0.2775, 1e-4);
}

TEST(WilsonInterval95, NoTrialsIsEverything) {
  const Interval i = WilsonInterval95(0, 0);
  EXPECT_EQ(i.low, 0);
  EXPECT_EQ(i.high, 1);
}

TEST(MeanWithInterval95, NormalInterval) {
  const std::vector<double> xs = {1, 2, 3, 4, 5};
  const auto [mean, ci] = MeanWithInterval95(xs);
  EXPECT_DOUBLE_EQ(mean, 3);
  // s = sqrt(2.5), half = 1.96 * s / sqrt(5)
  EXPECT_NEAR(ci.high - mean, 1.959964 * std::sqrt(2.5) / std::sqrt(5.0), 1e-5);
  EXPECT_NEAR(mean - ci.low, ci.high - mean, 1e-12);
}

TEST(MeanWithInterval95, FromTotalsAgreesWithTheSamples) {
  const std::vector<double> xs = {3.5, 1.25, 7, 2, 2, 9.75, 4};
  double sum = 0, squares = 0;
  for (double x : xs) {
    sum += x;
    squares += x * x;
  }
  const auto [mean, ci] = MeanWithInterval95(xs);
  const auto [mean2, ci2] =
      MeanWithInterval95(static_cast<int64_t>(xs.size()), sum, squares);
  EXPECT_DOUBLE_EQ(mean2, mean);
  EXPECT_NEAR(ci2.low, ci.low, 1e-12);
  EXPECT_NEAR(ci2.high, ci.high, 1e-12);
}

TEST(ExactSum, HasNoRoundingError) {
  ExactSum sum;
  for (double x : {1e100, 1.0, -1e100, 1e-300, -1e-300, 0.1}) sum.Add(x);
  EXPECT_EQ(sum.Value(), 1.1);
  ExactSum tiny;
  tiny.Add(4.9e-324);  // the smallest subnormal
  tiny.Add(4.9e-324);
  EXPECT_EQ(tiny.Value(), 2 * 4.9e-324);
}

TEST(ExactSum, SameValueInAnyOrderAndSplit) {
  std::vector<double> xs;
  uint64_t state = 12345;
  for (int i = 0; i < 3000; ++i) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    const double unit = static_cast<double>(state >> 11) / 9007199254740992.0;
    xs.push_back((unit - 0.5) * std::pow(10.0, static_cast<int>(state % 9)) /
                 7);
  }
  ExactSum forward, backward, first, second;
  for (double x : xs) forward.Add(x);
  for (auto it = xs.rbegin(); it != xs.rend(); ++it) backward.Add(*it);
  for (size_t i = 0; i < xs.size(); ++i) (i < 1234 ? first : second).Add(xs[i]);
  first.Add(second);
  EXPECT_EQ(forward.Value(), backward.Value());
  EXPECT_EQ(forward.Value(), first.Value());
  double naive = 0;
  for (double x : xs) naive += x;
  EXPECT_NEAR(forward.Value(), naive, 1e-6);
}

TEST(ExactSum, NonFiniteValuesPropagate) {
  ExactSum sum;
  sum.Add(1);
  sum.Add(std::numeric_limits<double>::infinity());
  EXPECT_EQ(sum.Value(), std::numeric_limits<double>::infinity());
  sum.Add(std::numeric_limits<double>::quiet_NaN());
  EXPECT_TRUE(std::isnan(sum.Value()));
}

}  // namespace
}  // namespace gameai
