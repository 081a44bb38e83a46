// gameai/core/stats.h: the confidence intervals the arena reports.
#ifndef GAMEAI_CORE_STATS_H_
#define GAMEAI_CORE_STATS_H_

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

}  // namespace gameai

#endif  // GAMEAI_CORE_STATS_H_
