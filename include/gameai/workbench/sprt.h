// gameai/workbench/sprt.h: the sequential probability ratio test of a new
// agent against a base one (docs/tournaments.md gives the formulas).
//
// H0: the new agent is elo0 stronger than the base, H1: elo1 (logistic
// Elo, the scale of ratings.h). Results come in units: a game pair (the
// same seed and opening, seats swapped) in a two-player game, scored 0,
// 1/4, 1/2, 3/4 or 1 (the pentanomial model, as fishtest), or one game
// scored 0, 1/2 or 1 otherwise (the trinomial model). The log-likelihood
// ratio is the generalized one: each hypothesis' distribution is the
// maximum-likelihood one over the unit's outcomes whose mean score is the
// hypothesis' expected score. The test stops when the ratio leaves
// (log(β / (1 − α)), log((1 − β) / α)).
#ifndef GAMEAI_WORKBENCH_SPRT_H_
#define GAMEAI_WORKBENCH_SPRT_H_

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "gameai/arena/arena.h"
#include "gameai/arena/stats.h"

namespace gameai {

enum class SprtDecision { kNone, kH0, kH1 };
const char* SprtDecisionName(SprtDecision decision);  // "H0", "H1", "none"

// SprtCounts: how many units ended with each score; values[k] is outcome
// k's score, in [0, 1].
struct SprtCounts {
  std::vector<double> values;
  std::vector<double> counts;
  static SprtCounts Pentanomial();  // 0, 1/4, 1/2, 3/4, 1
  static SprtCounts Trinomial();    // 0, 1/2, 1
  double units() const;
  // Add: a unit of score `score` (the nearest listed value).
  void Add(double score);
};

struct SprtBounds {
  double lower = 0, upper = 0;
};
// SprtLlrBounds: log(β / (1 − α)) and log((1 − β) / α).
SprtBounds SprtLlrBounds(double alpha, double beta);

// SprtLlr: the generalized log-likelihood ratio of H1 (expected score of
// elo1) against H0 (elo0). Empty outcomes count as 0.001 units, as fishtest
// does, so that one-sided results still give finite ratios.
double SprtLlr(const SprtCounts& counts, double elo0, double elo1);

// SprtEloEstimate: the Elo of the mean score per unit, with the normal 95%
// interval of that mean mapped to Elo (Wilson's when every unit scored
// alike); a score of 0 or 1 (and interval ends beyond) shows as ∓/±
// kSprtEloLimit.
inline constexpr double kSprtEloLimit = 1200;
struct EloEstimate {
  double estimate = 0;
  Interval ci95;
};
EloEstimate SprtEloEstimate(const SprtCounts& counts);

// ---- the test on real agents ----

// kSprtPairsPerBatch: units played per batch (one match of the arena with
// its own agents): the test looks at every unit in order, so a batch's
// units past the decision are not counted and the result does not depend
// on the threads.
inline constexpr int kSprtUnitsPerBatch = 4;
inline constexpr int64_t kMaxSprtGames = 10'000'000;

struct SprtOptions {
  std::string game;
  std::string new_agent, base_agent;
  double elo0 = 0, elo1 = 5;
  double alpha = 0.05, beta = 0.05;
  int64_t max_games = 20000;
  uint64_t seed = 1;
  int threads = 1;  // batches played at once
  int random_opening = 0;
  std::vector<AgentEntry> custom_agents;  // as MatchOptions'
  std::string command;  // how the test was asked for, for the reports
  std::function<bool()> cancelled;
  std::function<void(int64_t games)> on_progress;
};

struct SprtPoint {  // the ratio after `games` games
  int64_t games = 0;
  double llr = 0;
};

struct SprtResult {
  SprtOptions options;
  std::string model;  // "pentanomial" or "trinomial"
  int games_per_unit = 2;
  SprtDecision decision = SprtDecision::kNone;
  int64_t games = 0;
  double llr = 0;
  SprtBounds bounds;
  SprtCounts counts;
  EloEstimate elo;
  std::vector<SprtPoint> path;  // after every unit (at most kMaxSprtPath)
  // The new and base agents' rows over the counted games (wins, draws and
  // losses, move times).
  std::vector<AgentResult> agents;
  double elapsed_seconds = 0;
};
inline constexpr size_t kMaxSprtPath = 100'000;

// ApplySprtOptionsJson: the keys of a JSON object ("elo0" and "elo1"
// required; "alpha", "beta", "max_games", "seed", "threads",
// "random_opening") onto `options`; InvalidArgument naming a missing or
// unknown key or a bad value, `options` then unchanged.
absl::Status ApplySprtOptionsJson(std::string_view json, SprtOptions& options);

// RunSprt: plays units until a bound is crossed or max_games are played.
// Errors as RunMatch's, and InvalidArgument for elo0 >= elo1, alpha or
// beta outside (0, 0.5), max_games outside [1, kMaxSprtGames].
absl::StatusOr<SprtResult> RunSprt(const SprtOptions& options);

}  // namespace gameai

#endif  // GAMEAI_WORKBENCH_SPRT_H_
