#include "gameai/core/stats.h"

#include <cmath>
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

}  // namespace
}  // namespace gameai
