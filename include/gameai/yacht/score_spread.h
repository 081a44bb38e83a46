// gameai/yacht/score_spread.h: how widely `optimal`'s points spread.
//
// For every turn-start scorecard, the variance of the points still to come
// when the rest of the game is played by `optimal` (OptimalTable), beside
// their mean (the table's value). Computed like the table, by layers of
// open categories: the second moment of a turn's points plus what follows
// averages over rolls the way the mean does, along the choices the mean
// makes (ties: the first category, the larger keep).
//
// For scorecards with at most kExactOpen open boxes, also the whole
// distribution of those points, the same way (a distribution is averaged
// over rolls as a mean is), computed when first asked and kept.
//
//   absl::StatusOr<std::shared_ptr<const ScoreSpread>> s =
//       ScoreSpread::Shared({.players = 2});
//   (*s)->Mean(card), (*s)->Variance(card), (*s)->Distribution(card)
#ifndef GAMEAI_YACHT_SCORE_SPREAD_H_
#define GAMEAI_YACHT_SCORE_SPREAD_H_

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "absl/status/statusor.h"
#include "gameai/yacht/optimal.h"

namespace gameai::yacht {

class ScoreSpread {
 public:
  static std::shared_ptr<const ScoreSpread> Compute(
      std::shared_ptr<const OptimalTable> table, int threads);
  // Shared: one per rule set for the whole process, over
  // OptimalTable::Shared(options), computed on first use with one thread
  // per hardware thread. When GAMEAI_YACHT_TABLE_DIR names a directory
  // (as for OptimalTable::Shared), its yacht-spread-bonus0.table /
  // -bonus1.table is read, or written when missing; anything else there
  // is an error, left untouched.
  static absl::StatusOr<std::shared_ptr<const ScoreSpread>> Shared(
      const Options& options);

  // Save: a table file (gameai/base/file_io.h: kind yacht-score-spread v1,
  // params "yahtzee_bonus=0|1 entries=N start=<the table's start value>",
  // checksummed) of the second moments.
  absl::Status Save(const std::string& path) const;
  // Load: what Save wrote over `table` (the same rules and start value).
  // Errors: nothing at `path` (NotFound), a file of anything else,
  // truncated, with a wrong checksum, or a second moment that is none
  // (NaN, negative, below the mean's square, beyond 2000 squared).
  static absl::StatusOr<std::shared_ptr<const ScoreSpread>> Load(
      std::shared_ptr<const OptimalTable> table, const std::string& path);

  // Mean, Variance: of the points still to come from the start of a turn
  // with `card`. REQUIRES: table().Lookup(card).ok().
  double Mean(const Scorecard& card) const { return table_->Expected(card); }
  double Variance(const Scorecard& card) const;
  const OptimalTable& table() const { return *table_; }

  // Distribution: P(points to come <= i) for i = 0, 1, ... (1 beyond the
  // vector), from the start of a turn with `card`. REQUIRES at most
  // kExactOpen open boxes and table().Lookup(card).ok(). Computed on first
  // use (with every card it leads to) and kept: thread-safe. Each card
  // kept costs at most a few KB; there are at most about 70,000.
  static constexpr int kExactOpen = 4;
  using Cdf = std::vector<double>;
  std::shared_ptr<const Cdf> Distribution(const Scorecard& card) const;

 private:
  explicit ScoreSpread(std::shared_ptr<const OptimalTable> table);
  // TurnChoices: `optimal`'s choices in a turn: per roll of five, the box
  // it is written in when no reroll is left, and per level (rerolls left
  // afterwards) the keep taken.
  struct TurnChoices {
    OptimalTable::RollChoices category;
    std::array<std::array<int16_t, kNumRolls>, 2> keep;
  };
  void ChoicesOf(const Scorecard& card, OptimalTable::TurnPlan& values,
                 TurnChoices& choices) const;
  // PickKeepsInside: per multiset id, the keep inside it of the best value
  // (keep K's value at keep[K * stride]; ties: the larger keep, as
  // PlanRerolls), growing one die at a time.
  static void PickKeepsInside(const double* keep, int stride,
                              std::array<int16_t, kNumMultisets>& best_inside);
  // FollowChoices: `level` holds a row of `width` numbers per roll of five
  // with no reroll left, numbers that average over dice as a mean does (a
  // second moment, a distribution). They are carried back through both
  // rerolls along `choices` (`keep`: scratch of kNumMultisets rows) and
  // averaged over the first roll into `start`.
  static void FollowChoices(const TurnChoices& choices, size_t width,
                            double* level, double* keep, double* start);
  // TurnSecondMoment: E[(points to come)^2] from the start of a turn, from
  // the entries of the layers below.
  double TurnSecondMoment(const Scorecard& card,
                          OptimalTable::TurnPlan& values) const;
  double StoredSecondMoment(const Scorecard& card) const;
  // TurnDistribution: the probabilities of 0, 1, ... points to come, from
  // the distributions after the turn (computed first, under the lock).
  std::vector<double> TurnDistribution(const Scorecard& card) const;
  std::shared_ptr<const Cdf> DistributionLocked(const Scorecard& card) const;
  int IndexOf(const Scorecard& card) const;

  std::shared_ptr<const OptimalTable> table_;
  std::vector<double> second_;  // OptimalTable's indexing
  mutable std::mutex mutex_;    // guards distributions_
  mutable std::unordered_map<int, std::shared_ptr<const Cdf>> distributions_;
};

}  // namespace gameai::yacht

#endif  // GAMEAI_YACHT_SCORE_SPREAD_H_
