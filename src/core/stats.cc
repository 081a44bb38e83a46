#include "gameai/core/stats.h"

#include <algorithm>
#include <cmath>

namespace gameai {
namespace {
constexpr double kZ95 = 1.959963984540054;
}  // namespace

Interval WilsonInterval95(double successes, double trials) {
  if (trials <= 0) return {0, 1};
  const double p = successes / trials;
  const double z2 = kZ95 * kZ95;
  const double denominator = 1 + z2 / trials;
  const double center = (p + z2 / (2 * trials)) / denominator;
  const double half =
      kZ95 * std::sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) /
      denominator;
  return {std::max(0.0, center - half), std::min(1.0, center + half)};
}

std::pair<double, Interval> MeanWithInterval95(absl::Span<const double> xs) {
  if (xs.empty()) return {0, {0, 0}};
  const double n = static_cast<double>(xs.size());
  double sum = 0;
  for (double x : xs) sum += x;
  const double mean = sum / n;
  if (xs.size() < 2) return {mean, {mean, mean}};
  double squares = 0;
  for (double x : xs) squares += (x - mean) * (x - mean);
  const double half = kZ95 * std::sqrt(squares / (n - 1)) / std::sqrt(n);
  return {mean, {mean - half, mean + half}};
}

}  // namespace gameai
