// gameai/arena/stats.h: the confidence intervals the arena reports.
#ifndef GAMEAI_ARENA_STATS_H_
#define GAMEAI_ARENA_STATS_H_

#include <array>
#include <cstdint>
#include <utility>

#include "absl/types/span.h"

namespace gameai {

struct Interval {
  double low = 0;
  double high = 0;
};

// WilsonInterval95: Wilson score interval for `successes` (may be
// fractional: draws count half) out of `trials`. trials == 0 gives [0, 1].
Interval WilsonInterval95(double successes, double trials);

// MeanWithInterval95: the mean and its normal 95% interval
// (mean ± 1.96·s/√n, s the sample standard deviation). Empty: {0, [0, 0]}.
std::pair<double, Interval> MeanWithInterval95(absl::Span<const double> xs);
// MeanWithInterval95: the same from the count, sum and sum of squares (the
// arena's running totals).
std::pair<double, Interval> MeanWithInterval95(int64_t n, double sum,
                                               double sum_of_squares);

// ExactSum: a sum of doubles without rounding (a fixed-point accumulator
// over the whole double range), so totals added in any order or split into
// parts added together are the same to the last bit: the arena's results
// do not depend on how games are split over threads.
class ExactSum {
 public:
  void Add(double x);
  void Add(const ExactSum& other);
  // Value: the sum, rounded to a double (non-finite inputs: their sum).
  double Value() const;

 private:
  // 32-bit digits of the value times 2^1074 (the smallest double's
  // exponent), each held in 64 bits so that additions need no carry until
  // kPending of them have been made.
  static constexpr int kDigits = 68;
  static constexpr int kPending = 1 << 29;
  void Normalize();
  std::array<int64_t, kDigits> digits_{};
  int pending_ = 0;
  double special_ = 0;  // infinities and NaNs
};

}  // namespace gameai

#endif  // GAMEAI_ARENA_STATS_H_
