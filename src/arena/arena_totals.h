// arena_totals.h (internal to the arena): what one series of a match keeps
// of its games, and the byte form in which series played elsewhere (another
// MPI rank) travel to the process that merges them (arena.h,
// PlayMatchSeries / MergeMatchSeries).
#ifndef GAMEAI_CORE_ARENA_TOTALS_H_
#define GAMEAI_CORE_ARENA_TOTALS_H_

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "gameai/arena/arena.h"
#include "gameai/arena/stats.h"

namespace gameai::arena_internal {

// SpecTotals: one spec's results so far, summed exactly (ExactSum), so
// that series added together give the same totals for any split.
struct SpecTotals {
  int64_t games = 0, wins = 0, draws = 0, losses = 0, illegal_actions = 0;
  ExactSum scores, score_squares, returns, first_places;
  std::vector<ExactSum> tallies;
  // Move times (MatchOptions::time_moves): clock values, summed plainly.
  int64_t moves = 0;
  double move_seconds = 0, max_move_seconds = 0;

  void Add(const SpecTotals& other) {
    moves += other.moves;
    move_seconds += other.move_seconds;
    max_move_seconds = std::max(max_move_seconds, other.max_move_seconds);
    games += other.games;
    wins += other.wins;
    draws += other.draws;
    losses += other.losses;
    illegal_actions += other.illegal_actions;
    scores.Add(other.scores);
    score_squares.Add(other.score_squares);
    returns.Add(other.returns);
    first_places.Add(other.first_places);
    if (tallies.size() < other.tallies.size()) {
      tallies.resize(other.tallies.size());
    }
    for (size_t k = 0; k < other.tallies.size(); ++k) {
      tallies[k].Add(other.tallies[k]);
    }
  }
};

// PairedTotals: the differences (a solitaire spec's mean score minus spec
// 0's) over the rotation groups, one per group, summed exactly.
struct PairedTotals {
  int64_t pairs = 0;
  ExactSum sum, squares;

  void Add(const PairedTotals& other) {
    pairs += other.pairs;
    sum.Add(other.sum);
    squares.Add(other.squares);
  }
};

// GroupScores: the (spec, score) of each game of one solitaire rotation
// group seen so far (the agents of a group play the same chance).
using GroupScores = std::vector<std::pair<int, double>>;

// AddGroupDifferences: a complete group's difference of each spec against
// spec 0 into `paired` (one entry per spec; entry 0 unused).
void AddGroupDifferences(const GroupScores& group,
                         std::vector<PairedTotals>& paired);

// RepeatTotals: per rotation (seating), the series' first game's history
// hash and how many of its games had each history, for the first
// kTrackedHistories distinct histories (a series of random games keeps a
// bounded map; repeats of a history seen later go uncounted).
constexpr size_t kTrackedHistories = 1024;
struct RepeatTotals {
  std::vector<std::optional<uint64_t>> first;
  std::vector<absl::flat_hash_map<uint64_t, int64_t>> count;
};

// SeriesTotals: what a series keeps of its games: the totals per spec, the
// game log when asked for, and its first illegal actions. Nothing grows
// with the number of games unless the game log is asked for (a solitaire
// match's open groups are at most two per series: its first and last).
struct SeriesTotals {
  std::vector<SpecTotals> specs;
  std::vector<PairedTotals> paired;
  std::map<int64_t, GroupScores> open_groups;  // by group index
  RepeatTotals repeats;
  std::vector<GameLogEntry> game_log;
  std::vector<IllegalAction> illegal;  // the series' first kKeptIllegalActions
  // status: why the series stopped (memory ran out, an agent threw).
  absl::Status status;
};

// SeriesPart: the series [first_series, first_series + series.size()) of
// one match, and the fingerprint of the options they were played with
// (OptionsFingerprint), so that parts from processes started with other
// arguments are refused instead of merged.
struct SeriesPart {
  uint64_t fingerprint = 0;
  int64_t first_series = 0;
  std::vector<SeriesTotals> series;
};

// OptionsFingerprint: a hash of every option that changes the games.
uint64_t OptionsFingerprint(const MatchOptions& options, int64_t series);

// SerializePart / ParsePart: the part as bytes for processes running the
// same build on the same architecture (ExactSum goes as its raw words);
// a series that failed is never in a part (PlayMatchSeries returns its
// error instead).
// ParsePart refuses truncated or malformed bytes.
std::string SerializePart(const SeriesPart& part);
absl::StatusOr<SeriesPart> ParsePart(std::string_view bytes);

}  // namespace gameai::arena_internal

#endif  // GAMEAI_CORE_ARENA_TOTALS_H_
