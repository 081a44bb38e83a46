// gameai/yacht/maxwin.h: the `maxwin` agent, which plays to beat the other
// players rather than to score most (src/yacht/maxwin.cc tells how).
#ifndef GAMEAI_YACHT_MAXWIN_H_
#define GAMEAI_YACHT_MAXWIN_H_

#include <functional>
#include <memory>
#include <vector>

#include "gameai/dynamic/registry.h"

namespace gameai::yacht {

// FinalScore: a player's final score as maxwin models it, over whole
// points: either exact (the points so far plus a distribution of those to
// come) or normal with a mean and a variance (exactly the mean when the
// variance is 0).
class FinalScore {
 public:
  static FinalScore Normal(double mean, double variance);
  // Exact: `base` plus points to come with P(points <= i) = (*cdf)[i] (1
  // beyond the vector).
  static FinalScore Exact(int base,
                          std::shared_ptr<const std::vector<double>> cdf);

  // Below: P(score < x) for a whole number x.
  double Below(double x) const;
  // ForEachScore: every whole score of probability above 0 (a normal one
  // within 6 standard deviations), with its probability.
  void ForEachScore(const std::function<void(double, double)>& visit) const;
  bool normal() const { return cdf_ == nullptr; }
  double mean() const { return mean_; }
  double variance() const { return variance_; }

 private:
  double mean_ = 0, variance_ = 0;  // normal
  int base_ = 0;                    // exact
  std::shared_ptr<const std::vector<double>> cdf_;
};

// WinShare: the expected share of the win (1 alone on top, 1/2 sharing
// it, 0 below) of a player whose final score is `me`, against `others`,
// all independent. REQUIRES at least one other.
double WinShare(const FinalScore& me, const std::vector<FinalScore>& others);

AgentEntry MaxWinAgentEntry();

}  // namespace gameai::yacht

#endif  // GAMEAI_YACHT_MAXWIN_H_
