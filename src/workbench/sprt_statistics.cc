// The SPRT's arithmetic (sprt.h): the generalized log-likelihood ratio on
// pentanomial or trinomial counts, its bounds, the Elo estimate.
#include <algorithm>
#include <cmath>

#include "gameai/workbench/ratings.h"
#include "gameai/workbench/sprt.h"

namespace gameai {
namespace {

// kEmptyOutcome: what an outcome never seen counts as.
constexpr double kEmptyOutcome = 1e-3;

// ConstrainedLogProbabilities: log p_k of the distribution closest in
// likelihood to the observed frequencies `seen` among those whose mean of
// `values` is `mean`: p_k = seen_k / (1 + λ (values_k − mean)), λ the root
// of Σ seen_k (values_k − mean) / (1 + λ (values_k − mean)), which falls
// as λ grows.
std::vector<double> ConstrainedLogProbabilities(
    const std::vector<double>& seen, const std::vector<double>& values,
    double mean) {
  double low_x = 0, high_x = 0;
  for (double v : values) {
    low_x = std::min(low_x, v - mean);
    high_x = std::max(high_x, v - mean);
  }
  // 1 + λ x > 0 for every x: λ in (−1 / high_x, −1 / low_x).
  double low = -1 / high_x, high = -1 / low_x;
  auto f = [&](double lambda) {
    double sum = 0;
    for (size_t k = 0; k < seen.size(); ++k) {
      const double x = values[k] - mean;
      sum += seen[k] * x / (1 + lambda * x);
    }
    return sum;
  };
  for (int i = 0; i < 200; ++i) {
    const double mid = low + (high - low) / 2;
    if (mid <= low || mid >= high) break;
    (f(mid) > 0 ? low : high) = mid;
  }
  const double lambda = low + (high - low) / 2;
  std::vector<double> log_p;
  for (size_t k = 0; k < seen.size(); ++k) {
    log_p.push_back(std::log(seen[k]) -
                    std::log1p(lambda * (values[k] - mean)));
  }
  return log_p;
}

double EloOfScore(double score) {
  if (score <= 0) return -kSprtEloLimit;
  if (score >= 1) return kSprtEloLimit;
  return std::clamp(-400 * std::log10(1 / score - 1), -kSprtEloLimit,
                    kSprtEloLimit);
}

}  // namespace

const char* SprtDecisionName(SprtDecision decision) {
  switch (decision) {
    case SprtDecision::kH0:
      return "H0";
    case SprtDecision::kH1:
      return "H1";
    case SprtDecision::kNone:
      break;
  }
  return "none";
}

SprtCounts SprtCounts::Pentanomial() {
  return {.values = {0, 0.25, 0.5, 0.75, 1}, .counts = {0, 0, 0, 0, 0}};
}

SprtCounts SprtCounts::Trinomial() {
  return {.values = {0, 0.5, 1}, .counts = {0, 0, 0}};
}

double SprtCounts::units() const {
  double n = 0;
  for (double c : counts) n += c;
  return n;
}

void SprtCounts::Add(double score) {
  size_t best = 0;
  for (size_t k = 1; k < values.size(); ++k) {
    if (std::abs(values[k] - score) < std::abs(values[best] - score)) best = k;
  }
  counts[best] += 1;
}

SprtBounds SprtLlrBounds(double alpha, double beta) {
  return {.lower = std::log(beta / (1 - alpha)),
          .upper = std::log((1 - beta) / alpha)};
}

double SprtLlr(const SprtCounts& counts, double elo0, double elo1) {
  std::vector<double> n = counts.counts;
  double total = 0;
  for (double& c : n) {
    c = std::max(c, kEmptyOutcome);
    total += c;
  }
  std::vector<double> seen;
  for (double c : n) seen.push_back(c / total);
  const std::vector<double> log_p0 =
      ConstrainedLogProbabilities(seen, counts.values, ExpectedScore(elo0, 0));
  const std::vector<double> log_p1 =
      ConstrainedLogProbabilities(seen, counts.values, ExpectedScore(elo1, 0));
  double llr = 0;
  for (size_t k = 0; k < n.size(); ++k) {
    llr += n[k] * (log_p1[k] - log_p0[k]);
  }
  return llr;
}

EloEstimate SprtEloEstimate(const SprtCounts& counts) {
  const double n = counts.units();
  if (n == 0) return {0, {-kSprtEloLimit, kSprtEloLimit}};
  double mean = 0;
  for (size_t k = 0; k < counts.values.size(); ++k) {
    mean += counts.counts[k] * counts.values[k] / n;
  }
  double var = 0;
  for (size_t k = 0; k < counts.values.size(); ++k) {
    const double d = counts.values[k] - mean;
    var += counts.counts[k] * d * d / n;
  }
  if (var == 0) {
    // Every unit alike (all won, say): no spread to measure, so the
    // interval is Wilson's, which treats each unit as one game.
    const Interval wilson = WilsonInterval95(mean * n, n);
    return {EloOfScore(mean),
            {EloOfScore(wilson.low), EloOfScore(wilson.high)}};
  }
  const double half = 1.959963984540054 * std::sqrt(var / n);
  return {EloOfScore(mean), {EloOfScore(mean - half), EloOfScore(mean + half)}};
}

}  // namespace gameai
