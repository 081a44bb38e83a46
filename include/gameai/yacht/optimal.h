// gameai/yacht/optimal.h: the expected-score-maximizing solitaire strategy.
//
// Dynamic programming over (open categories, upper total capped at 63,
// YACHT scored 50 -- only with yahtzee_bonus): the table holds the expected
// points still to come at the start of a turn. A turn is solved over dice
// multisets: V0(dice) = best category now; for each roll level, the value
// of a kept multiset K is the mean over one more die of K+f (rolling k dice
// is rolling one at a time), and V(dice) = the best K inside the dice.
// Only reachable upper totals are computed; states with the same number of
// open categories are independent and split over threads.
//
//   absl::StatusOr<std::shared_ptr<const OptimalTable>> t =
//       OptimalTable::Compute({.players = 1}, /*threads=*/2);
//   (*t)->StartValue();  // 245.87 for the default rules (Glenn 2006)
#ifndef GAMEAI_YACHT_OPTIMAL_H_
#define GAMEAI_YACHT_OPTIMAL_H_

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "gameai/core/registry.h"
#include "gameai/yacht/yacht.h"

namespace gameai::yacht {

class OptimalTable {
 public:
  static absl::StatusOr<std::shared_ptr<const OptimalTable>> Compute(
      const Options& options, int threads);
  // Shared: one table per rule set, computed on first use, or loaded from
  // `cache_path`; when nothing is at `cache_path` the table is written
  // there (a failed write is an error). Anything else at `cache_path` (a
  // table of other rules, a damaged one, any other file) is an error and
  // left untouched.
  static absl::StatusOr<std::shared_ptr<const OptimalTable>> Shared(
      const Options& options, const std::string& cache_path = "");

  // Save: a table file (gameai/core/file_io.h: kind yacht-optimal-table v2,
  // params "yahtzee_bonus=0|1 entries=N", checksummed), written to a
  // temporary file renamed into place.
  absl::Status Save(const std::string& path) const;
  // Load: the table Save wrote for these rules. Errors: nothing at `path`
  // (NotFound), a file of anything else, truncated, with a wrong checksum,
  // or an entry that is no expected score (NaN, negative, > 2000).
  static absl::StatusOr<std::shared_ptr<const OptimalTable>> Load(
      const Options& options, const std::string& path);

  // Expected: points still to come from the start of a turn with `card`.
  double Expected(const Scorecard& card) const;
  double StartValue() const;
  const Rules& rules() const { return rules_; }

  // TurnPlan: the values of one turn for `card`: level[r][dice] is the
  // expected final gain (this turn's points plus Expected after it) of five
  // dice with r rerolls left, keep[r][K] that of keeping multiset K and
  // rolling the rest with r rerolls left afterwards.
  struct TurnPlan {
    std::array<std::array<double, kNumRolls>, 3> level;
    std::array<std::array<double, kNumMultisets>, 3> keep;
  };
  void PlanTurn(const Scorecard& card, TurnPlan& plan) const;
  // BestCategory: the category to write `dice` (five-dice id) into, and
  // its value (points + Expected after).
  std::pair<int, double> BestCategory(const Scorecard& card, int dice) const;

 private:
  explicit OptimalTable(const Rules& rules);
  static int Index(int open, int upper, int yacht50) {
    return ((open << 6) | upper) * 2 + yacht50;
  }
  const Rules rules_;
  std::vector<double> values_;
  // Per five-dice roll: each category's plain score, and the dice counted
  // by what follows the category (the face for upper boxes, 5 for a
  // yacht in YACHT), precomputed for PlanTurn's inner loop.
  std::array<std::array<uint8_t, kNumRolls>, kNumCategories> base_{};
  std::array<std::array<uint8_t, kNumRolls>, kNumCategories> counted_{};
};

AgentEntry OptimalAgentEntry();

}  // namespace gameai::yacht

#endif  // GAMEAI_YACHT_OPTIMAL_H_
