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
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "gameai/dynamic/registry.h"
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
  // left untouched. With no `cache_path`, the environment variable
  // GAMEAI_YACHT_TABLE_DIR (when set and not empty) names a directory
  // whose yacht-optimal-bonus0.table / -bonus1.table is the cache path, so
  // processes share one computation (the test suite sets it). A table
  // computed here uses `threads` (0: one per hardware thread).
  static absl::StatusOr<std::shared_ptr<const OptimalTable>> Shared(
      const Options& options, const std::string& cache_path = "",
      int threads = 0);

  // Save: a table file (gameai/base/file_io.h: kind yacht-optimal-table v2,
  // params "yahtzee_bonus=0|1 entries=N", checksummed), written to a
  // temporary file renamed into place.
  absl::Status Save(const std::string& path) const;
  // Load: the table Save wrote for these rules. Errors: nothing at `path`
  // (NotFound), a file of anything else, truncated, with a wrong checksum,
  // or an entry that is no expected score (NaN, negative, > 2000).
  static absl::StatusOr<std::shared_ptr<const OptimalTable>> Load(
      const Options& options, const std::string& path);

  // Expected: points still to come from the start of a turn with `card`.
  // REQUIRES: Lookup(card).ok() (an unreachable scorecard reads as 0); the
  // unchecked form is for the inner loops.
  double Expected(const Scorecard& card) const;
  // Lookup: Expected for any scorecard, or an InvalidArgument error naming
  // why no game reaches it (an open mask beyond the 13 categories, an upper
  // total the filled upper boxes cannot make, a 50 in YACHT with YACHT
  // open), for which the table holds no value.
  absl::StatusOr<double> Lookup(const Scorecard& card) const;
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
  // PlanRerolls: levels 1 and 2 and keeps 0 and 1 from level 0, whatever
  // it holds (an agent maximizing something else than points fills level
  // 0 with its own values); FillKeeps: keep[level] from level[level], the
  // means over the dice rolled (linear: it averages any quantity).
  static void PlanRerolls(TurnPlan& plan);
  static void FillKeeps(TurnPlan& plan, int level);
  // BestCategory: the category to write `dice` (five-dice id) into, and
  // its value (points + Expected after).
  std::pair<int, double> BestCategory(const Scorecard& card, int dice) const;
  // CategoryValue: writing `dice` into `category`: its points plus
  // Expected after; -1 when the category may not be chosen.
  double CategoryValue(const Scorecard& card, int category, int dice) const;
  // NextCard: the table's scorecard after writing `dice` into `category`
  // (open boxes, the upper total capped at 63, YACHT's 50; not the total).
  static Scorecard NextCard(const Scorecard& card, int category, int dice);

 private:
  explicit OptimalTable(const Rules& rules);
  friend class ScoreSpread;
  // RollChoices: per five-dice roll, the category PlanLevels writes it in.
  using RollChoices = std::array<int8_t, kNumRolls>;
  // PlanLevels: PlanTurn's levels 0..2 and keeps 0..1 (and, when asked,
  // the category chosen for each roll).
  void PlanLevels(const Scorecard& card, TurnPlan& plan,
                  RollChoices* chosen = nullptr) const;
  // AfterBox: the scorecard after writing `category` with `counted` dice
  // counted (an upper box: the dice of its face; YACHT: five for a 50),
  // and in `bonus` the upper bonus that writing earns.
  static Scorecard AfterBox(const Scorecard& card, int category, int counted,
                            int& bonus);
  // LastRoll: PlanTurn's level 0, each roll's best box with no reroll left
  // (and, when asked, that box).
  void LastRoll(const Scorecard& card, std::array<double, kNumRolls>& best,
                RollChoices* chosen) const;
  template <bool kRecordChoices>
  void LastRollOf(const Scorecard& card, std::array<double, kNumRolls>& best,
                  RollChoices* chosen) const;
  // Scratch: a worker's room for one turn (plan) or for up to kMaxLanes
  // turns at once (rows: a row of kMaxLanes numbers per multiset id, then
  // a row of -infinity that OneLess's missing faces point at).
  static constexpr int kMaxLanes = 8;
  struct Scratch {
    TurnPlan plan;
    std::array<double, (kNumMultisets + 1) * kMaxLanes> rows;
  };
  // FillStates: values[Index(...)] for every reachable turn-start
  // scorecard (total 0), by layers of open categories, fewest first, each
  // layer split over `threads`; a state whose bonus is out of reach copies
  // the value of the one it plays alike. compute(open, flag, uppers,
  // count, out, scratch) gives out[i] for the scorecards of `open` boxes,
  // YACHT flag `flag` and upper total uppers[i], i < count <= kMaxLanes.
  using StatesFunction =
      std::function<void(int open, int flag, const uint8_t* uppers, int count,
                         double* out, Scratch& scratch)>;
  static void FillStates(bool yahtzee_bonus, int threads,
                         std::vector<double>& values,
                         const StatesFunction& compute);
  // TurnStartValues: the table's entries for kLanes scorecards that share
  // their open boxes and YACHT flag, computed lane by lane exactly as
  // PlanLevels and RollAllFive would one at a time, each step over the
  // lanes at once (which the compiler vectorizes).
  template <int kLanes>
  void TurnStartValues(int open, int flag, const uint8_t* uppers, double* out,
                       double* rows) const;
  // CacheFromEnvironment: `<dir>/yacht-<what>-bonus<0|1>.table` in the
  // directory GAMEAI_YACHT_TABLE_DIR names, or "" when it is unset or
  // empty (the cache of Shared tables, and of ScoreSpread's).
  static std::string CacheFromEnvironment(std::string_view what,
                                          bool yahtzee_bonus);
  // MeanOverOneMoreDie: `rows` holds a row of `width` numbers per multiset
  // id; each row of fewer than five dice becomes the mean of the rows with
  // one more die of each face (the five-dice rows are given).
  static void MeanOverOneMoreDie(double* rows, size_t width);
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
  // Per category c, the rolls that score in it: scoring_[c][k] for
  // k < num_scoring_[c] (TurnStartValues offers a box only to those).
  std::array<std::array<uint8_t, kNumRolls>, kNumCategories> scoring_{};
  std::array<int, kNumCategories> num_scoring_{};
};

AgentEntry OptimalAgentEntry();

// ParseScorecard: "OPEN TOTAL UPPER YACHT50", one player's four numbers of
// the state text (docs/yacht.md); OPEN may also be category names joined
// by commas ("FULL,YACHT,CHANCE"; "-" for none). Errors name the field and
// what is accepted; a total below the upper total (and its bonus) is one.
absl::StatusOr<Scorecard> ParseScorecard(std::string_view text);

// LookupScorecard: the points still to come from the start of a turn with
// `scorecard` (ParseScorecard's text) under the rules of `game`, from the
// shared table (solver option `cache=FILE` as for `gameai solve yacht`).
// Errors: `game` is no yacht game, bad text, bad options, an unreachable
// scorecard (Lookup).
absl::StatusOr<double> LookupScorecard(const Game& game,
                                       std::string_view scorecard,
                                       std::string_view solver_options);

// SolveYachtState: the optimal table's values at `state` for the player
// whose turn it is (with several players: that player's own expected
// points, opponents aside, as `optimal` plays): the points still to come,
// within the turn (a roll to make, dice to hold or score) as at its start,
// with every option's value at a decision. Solver option `cache` as for
// `gameai solve yacht`. Errors: a state of another game, a scorecard the
// table has no value for (Lookup).
absl::StatusOr<StateSolution> SolveYachtState(const gameai::State& state,
                                              const Params& solver_params);

}  // namespace gameai::yacht

#endif  // GAMEAI_YACHT_OPTIMAL_H_
