#include "gameai/arena/stats.h"

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

std::pair<double, Interval> MeanWithInterval95(int64_t n, double sum,
                                               double sum_of_squares) {
  if (n <= 0) return {0, {0, 0}};
  const long double count = static_cast<long double>(n);
  const double mean = static_cast<double>(sum / count);
  if (n < 2) return {mean, {mean, mean}};
  const long double spread =
      static_cast<long double>(sum_of_squares) -
      static_cast<long double>(sum) * static_cast<long double>(sum) / count;
  const double variance =
      std::max(0.0, static_cast<double>(spread / (count - 1)));
  const double half = kZ95 * std::sqrt(variance) / std::sqrt(double(n));
  return {mean, {mean - half, mean + half}};
}

void ExactSum::Add(double x) {
  if (!std::isfinite(x)) {
    special_ += x;
    return;
  }
  if (x == 0) return;
  int exponent;
  const double fraction = std::frexp(std::fabs(x), &exponent);
  // |x| = mantissa * 2^(exponent - 53), mantissa < 2^53; subnormals have
  // fewer bits, never a position below 0.
  const int shift = std::max(exponent - 53, -1074);
  const uint64_t mantissa =
      static_cast<uint64_t>(std::ldexp(fraction, exponent - shift));
  const int position = shift + 1074;
  const unsigned __int128 placed = static_cast<unsigned __int128>(mantissa)
                                   << (position % 32);
  const int64_t sign = x < 0 ? -1 : 1;
  for (int k = 0; k < 3; ++k) {
    const int64_t digit =
        static_cast<int64_t>((placed >> (32 * k)) & 0xffffffffu);
    digits_[position / 32 + k] += sign * digit;
  }
  if (++pending_ == kPending) Normalize();
}

void ExactSum::Add(const ExactSum& other) {
  for (int i = 0; i < kDigits; ++i) digits_[i] += other.digits_[i];
  special_ += other.special_;
  Normalize();
}

void ExactSum::Normalize() {
  // Every digit into [0, 2^32), the carry (an arithmetic shift: floor)
  // moved up; the top digit keeps the sign.
  for (int i = 0; i + 1 < kDigits; ++i) {
    const int64_t carry = digits_[i] >> 32;
    digits_[i] -= carry * (int64_t{1} << 32);
    digits_[i + 1] += carry;
  }
  pending_ = 0;
}

double ExactSum::Value() const {
  if (special_ != 0 || std::isnan(special_)) return special_;
  ExactSum copy = *this;
  copy.Normalize();  // one representation per value: one result
  long double sum = 0;
  for (int i = kDigits - 1; i >= 0; --i) {
    sum += std::ldexp(static_cast<long double>(copy.digits_[i]), 32 * i - 1074);
  }
  return static_cast<double>(sum);
}

}  // namespace gameai
