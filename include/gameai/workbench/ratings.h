// gameai/workbench/ratings.h: ratings on the Elo scale from finishing
// orders (docs/tournaments.md gives the formulas).
//
// The model is Plackett–Luce: agent i has strength exp(θ_i), and a table's
// finishing order is drawn place by place, each next finisher chosen from
// those left with probability proportional to its strength. With two
// players this is Bradley–Terry, P(i beats j) = 1 / (1 + 10^((r_j - r_i) /
// 400)) with r = 400 θ / ln 10, the Elo scale. A tie is counted as the
// average of the log-likelihoods of its orders: a draw of two players is
// half a win and half a loss.
//
// The fit is the maximum of the likelihood plus one virtual draw between
// every two agents that met (as BayesElo's prior), so that an agent that
// won every game still gets a finite rating. The intervals come from the
// curvature of that function at its maximum (the inverse observed
// information), relative to the anchor agent, whose rating is 0 exactly.
#ifndef GAMEAI_WORKBENCH_RATINGS_H_
#define GAMEAI_WORKBENCH_RATINGS_H_

#include <cstdint>
#include <vector>

#include "absl/status/statusor.h"
#include "gameai/arena/stats.h"

namespace gameai {

// kMaxRatedAgents: agents are sets of bits in a 64-bit word.
inline constexpr int kMaxRatedAgents = 64;
// kMaxTiedAtOnce: the most agents one tie may hold (its orders are
// averaged over every subset: 2^8 terms).
inline constexpr int kMaxTiedAtOnce = 8;

// FinishingOrder: one game's result, best first; agents sharing a place
// are in one group. {{2}, {0, 1}}: agent 2 first, 0 and 1 tied after it.
using FinishingOrder = std::vector<std::vector<int>>;

// RatingModel: what the games say, gathered game by game; memory does not
// grow with the number of games (identical terms are added together).
class RatingModel {
 public:
  explicit RatingModel(int agents);
  // Add: one game, `weight` times. InvalidArgument for an agent outside
  // [0, agents), one listed twice, fewer than two agents, or a tie of more
  // than kMaxTiedAtOnce.
  absl::Status Add(const FinishingOrder& order, double weight = 1);
  // Merge: another model's games (of as many agents) added to these.
  void Merge(const RatingModel& other);
  int agents() const { return agents_; }

  // The function maximized: Σ_i linear_i θ_i − Σ_S weight_S · log Σ_{i∈S}
  // exp θ_i, over the agent sets S of the terms.
  struct Term {
    uint64_t set = 0;
    double weight = 0;
  };
  const std::vector<double>& linear() const { return linear_; }
  std::vector<Term> Terms() const;
  // WithPrior: these games and one virtual draw between every two agents
  // that met.
  RatingModel WithPrior() const;

 private:
  void AddTerm(uint64_t set, double weight);
  void MeetAll(const FinishingOrder& order);

  int agents_;
  std::vector<double> linear_;
  std::vector<std::pair<uint64_t, double>> terms_;  // sorted by set
  std::vector<uint64_t> met_;                       // bit j of met_[i]
};

struct Ratings {
  std::vector<double> elo;     // per agent, the anchor's is 0
  std::vector<Interval> ci95;  // elo ± 1.96 standard errors
  // covariance: of the Elo ratings (n × n, the anchor's row and column 0).
  std::vector<std::vector<double>> covariance;
  // los[i][j]: the likelihood that i is stronger than j,
  // Φ((elo_i − elo_j) / sd(elo_i − elo_j)); 0.5 on the diagonal.
  std::vector<std::vector<double>> los;
  int anchor = 0;
  int iterations = 0;  // Newton steps taken
};

// FitRatings: the maximum of model.WithPrior() by Newton's method.
// FailedPrecondition when the games do not connect every agent to the anchor
// (their relative ratings are then not determined).
absl::StatusOr<Ratings> FitRatings(const RatingModel& model, int anchor);

// EloScale: 400 / ln 10, Elo points per unit of θ.
double EloScale();
// ExpectedScore: P(a beats b) + P(draw)/2 in the two-player model.
double ExpectedScore(double elo_a, double elo_b);

}  // namespace gameai

#endif  // GAMEAI_WORKBENCH_RATINGS_H_
