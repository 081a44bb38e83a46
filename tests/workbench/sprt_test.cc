// The SPRT's statistics: its bounds, the ratio's direction, and its error
// rates on simulated results at elo0 and elo1.
#include "gameai/workbench/sprt.h"

#include <cmath>
#include <cstdio>

#include "gameai/base/random.h"
#include "gameai/workbench/ratings.h"
#include "gtest/gtest.h"

namespace gameai {
namespace {

TEST(Sprt, BoundsAreWaldsOnes) {
  const SprtBounds b = SprtLlrBounds(0.05, 0.05);
  EXPECT_NEAR(b.lower, std::log(0.05 / 0.95), 1e-12);
  EXPECT_NEAR(b.upper, std::log(0.95 / 0.05), 1e-12);
  const SprtBounds c = SprtLlrBounds(0.01, 0.1);
  EXPECT_NEAR(c.lower, std::log(0.1 / 0.99), 1e-12);
  EXPECT_NEAR(c.upper, std::log(0.9 / 0.01), 1e-12);
}

TEST(Sprt, RatioLeansTowardTheHypothesisTheResultsFit) {
  SprtCounts good = SprtCounts::Pentanomial(), even = good;
  good.counts = {5, 10, 40, 30, 15};   // mean 0.5875: about +61 Elo
  even.counts = {10, 20, 40, 20, 10};  // mean 0.5
  EXPECT_GT(SprtLlr(good, 0, 40), 0);
  EXPECT_LT(SprtLlr(even, 0, 40), 0);
  // More of the same results: a ratio further from 0.
  SprtCounts more = good;
  for (double& c : more.counts) c *= 2;
  EXPECT_NEAR(SprtLlr(more, 0, 40), 2 * SprtLlr(good, 0, 40), 1e-2);
}

TEST(Sprt, EloEstimateOfKnownCounts) {
  SprtCounts t = SprtCounts::Trinomial();
  t.counts = {25, 50, 25};
  EloEstimate e = SprtEloEstimate(t);
  EXPECT_NEAR(e.estimate, 0, 1e-9);
  EXPECT_LT(e.ci95.low, 0);
  EXPECT_NEAR(e.ci95.low, -e.ci95.high, 1e-9);
  t.counts = {0, 0, 12};  // every game won: Wilson's interval, not a point
  e = SprtEloEstimate(t);
  EXPECT_EQ(e.estimate, kSprtEloLimit);
  EXPECT_LT(e.ci95.low, 400);
  EXPECT_GT(e.ci95.low, 100);
}

// Simulated units at a true Elo: each game a win, draw or loss with a
// draw rate of 30% and the expected score of `elo`; a pentanomial unit is
// two such games.
double SimulatedUnit(double elo, bool pentanomial, Rng& rng) {
  const double score = ExpectedScore(elo, 0);
  const double draw = 0.3;
  const double win = score - draw / 2;
  auto game = [&] {
    const double u = rng.Uniform();
    return u < win ? 1.0 : u < win + draw ? 0.5 : 0.0;
  };
  return pentanomial ? (game() + game()) / 2 : game();
}

// ErrorRate: how often the test ends in `wrong` when the truth is `elo`.
double ErrorRate(double elo, SprtDecision wrong, bool pentanomial, int runs) {
  const double elo0 = 0, elo1 = 30, alpha = 0.05, beta = 0.05;
  const SprtBounds bounds = SprtLlrBounds(alpha, beta);
  int errors = 0;
  for (int run = 0; run < runs; ++run) {
    Rng rng(DeriveSeed(pentanomial ? 101 : 202, run));
    SprtCounts counts =
        pentanomial ? SprtCounts::Pentanomial() : SprtCounts::Trinomial();
    SprtDecision decision = SprtDecision::kNone;
    for (int unit = 0; unit < 200000 && decision == SprtDecision::kNone;
         ++unit) {
      counts.Add(SimulatedUnit(elo, pentanomial, rng));
      const double llr = SprtLlr(counts, elo0, elo1);
      if (llr >= bounds.upper) decision = SprtDecision::kH1;
      if (llr <= bounds.lower) decision = SprtDecision::kH0;
    }
    EXPECT_NE(decision, SprtDecision::kNone);
    if (decision == wrong) ++errors;
  }
  return static_cast<double>(errors) / runs;
}

// The rates must stay within the stated 5% plus three standard errors of
// a share over `runs` runs (the SPRT overshoots its bounds, so its true
// rates sit below alpha and beta).
constexpr int kRuns = 1000;
double Tolerance() { return 3 * std::sqrt(0.05 * 0.95 / kRuns); }

TEST(Sprt, PentanomialErrorRatesStayWithinAlphaAndBeta) {
  const double false_h1 = ErrorRate(0, SprtDecision::kH1, true, kRuns);
  const double false_h0 = ErrorRate(30, SprtDecision::kH0, true, kRuns);
  std::printf(
      "pentanomial: H1 accepted at elo0 in %.3f, H0 at elo1 in %.3f of %d "
      "runs\n",
      false_h1, false_h0, kRuns);
  EXPECT_LE(false_h1, 0.05 + Tolerance());
  EXPECT_LE(false_h0, 0.05 + Tolerance());
  // Far from both hypotheses the test hardly errs.
  EXPECT_LE(ErrorRate(-30, SprtDecision::kH1, true, 100), 0.02);
}

TEST(Sprt, TrinomialErrorRatesStayWithinAlphaAndBeta) {
  const double false_h1 = ErrorRate(0, SprtDecision::kH1, false, kRuns);
  const double false_h0 = ErrorRate(30, SprtDecision::kH0, false, kRuns);
  std::printf(
      "trinomial: H1 accepted at elo0 in %.3f, H0 at elo1 in %.3f of %d runs\n",
      false_h1, false_h0, kRuns);
  EXPECT_LE(false_h1, 0.05 + Tolerance());
  EXPECT_LE(false_h0, 0.05 + Tolerance());
}

}  // namespace
}  // namespace gameai
