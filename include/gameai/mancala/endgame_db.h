// gameai/mancala/endgame_db.h: exact values of Kalah positions with few
// seeds left in the pits.
//
// The future of a Kalah position depends only on its pits and the side to
// move, so the database keeps, for every spread of at most `max_seeds`
// seeds over the 2·pits pits (the mover's pits first), the "future margin":
// what the side to move will still gain over the opponent with perfect play.
// One byte per spread, indexed by its rank among the spreads (6 pits: 1.4 MB
// up to 11 seeds, 142 MB up to 19, 548 MB up to 22).
//
// A database is filled either on demand (each entry once, by exact search
// over entries with as many or fewer seeds: seeds only ever leave the pits)
// or completely, and a complete one can be saved to and loaded from a file
// so that the cost of building it is paid once.
//
//   auto db = EndgameDb::Create(rules, 14);
//   (*db)->FillAll();
//   int future = (*db)->Value(state);  // state has <= 14 pit seeds
#ifndef GAMEAI_MANCALA_ENDGAME_DB_H_
#define GAMEAI_MANCALA_ENDGAME_DB_H_

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "gameai/mancala/mancala.h"

namespace gameai::mancala {

class SidesRules;

class EndgameDb {
 public:
  static constexpr int kMaxSeeds = 40;

  // Create: an empty database of the positions of `rules`' board with at
  // most max_seeds pit seeds. Errors: max_seeds outside [0, kMaxSeeds], or
  // no memory for it (checked first: gameai/base/memory.h).
  static absl::StatusOr<std::unique_ptr<EndgameDb>> Create(const Rules& rules,
                                                           int max_seeds);
  // Entries: how many spreads of at most `max_seeds` seeds `pits`-pit
  // boards have (the database's size in bytes).
  static int64_t Entries(int pits, int max_seeds);

  // Load: a complete database saved by Save for these rules' board and
  // capture rule, of up to max_seeds seeds (-1: the file's). The file is a
  // table file (gameai/base/file_io.h: kind kalah-endgame-db v2, params
  // "pits=P empty_capture=0|1 seeds=S entries=N", checksummed). Errors:
  // nothing at `path` (NotFound), an unreadable, foreign, other-sized,
  // truncated or damaged file, or no memory for it.
  static absl::StatusOr<std::unique_ptr<EndgameDb>> Load(
      const Rules& rules, int max_seeds, const std::string& path);
  // Save: REQUIRES complete(). Written to a temporary file renamed into
  // place; errors name the path and the reason.
  absl::Status Save(const std::string& path) const;

  // FileSeeds: the size of the database in `path`, if it is one of these
  // rules' board and capture rule.
  static absl::StatusOr<int> FileSeeds(const Rules& rules,
                                       const std::string& path);
  // LoadOrBuild: Load from `path` (`loaded` says whether it did); when
  // nothing is there, a complete build saved to `path` ("" for none; a
  // failed save is an error). A file holding anything else is an error and
  // left untouched, and so is a path whose directory cannot take a file
  // (checked before building).
  static absl::StatusOr<std::unique_ptr<EndgameDb>> LoadOrBuild(
      const Rules& rules, int max_seeds, const std::string& path,
      bool* loaded = nullptr);

  // Shared: one complete database per board, capture rule and size for the
  // whole process (LoadOrBuild on first use, then read-only: safe to use
  // from any thread).
  static absl::StatusOr<std::shared_ptr<const EndgameDb>> Shared(
      const Rules& rules, int max_seeds, const std::string& path);

  // FillAll: every entry, in order of seeds (so complete() afterwards), on
  // `threads` threads (0: one per core); the bytes do not depend on them.
  void FillAll(int threads = 0);
  bool complete() const { return filled() == entries_; }

  int max_seeds() const { return max_seeds_; }
  int64_t bytes() const { return entries_; }
  int64_t filled() const { return filled_.load(std::memory_order_relaxed); }

  // Index: the entry of a position with k <= max_seeds pit seeds.
  int64_t Index(const Position& s, int k) const;
  // The same from the mover's and the other's pits (Rules::SideWord).
  int64_t Index(uint64_t own, uint64_t other, int k) const;
  // Prefetch: starts fetching the entry's cache line.
  void Prefetch(int64_t index) const { __builtin_prefetch(&values_[index]); }
  // Known: the entry's exact future margin, if filled.
  bool Known(int64_t index) const { return Raw(index) != 0; }
  int Stored(int64_t index) const { return Raw(index) - kOffset; }

  // Value: the exact future margin of the side to move (REQUIRES a game not
  // over, with at most max_seeds pit seeds), filling entries on demand;
  // threads may fill one database together.
  int Value(const Position& s);
  int Value(const Position& s, int k);
  // ValueAt: Value of the position of these pits (the mover's, the
  // other's, as Index takes them) whose entry is `index`.
  int ValueAt(uint64_t own, uint64_t other, int64_t index);
  // Lookup: Value of a complete database (REQUIRES complete()).
  int Lookup(const Position& s, int k) const { return Stored(Index(s, k)); }

 private:
  EndgameDb(const Rules& rules, int max_seeds);
  struct Tables;
  static constexpr int kOffset = 64;  // stored value + kOffset; 0: unknown

  Rules rules_;
  std::shared_ptr<const SidesRules> sides_;  // the moves the fill plays
  int max_seeds_;
  std::shared_ptr<const Tables> tables_;
  int64_t entries_;
  // On huge pages (src/platform/huge_pages.h), returned by Release.
  struct Release {
    size_t bytes = 0;
    void operator()(uint8_t* p) const;
  };
  std::unique_ptr<uint8_t[], Release> values_;
  std::atomic<int64_t> filled_ = 0;
  uint8_t Raw(int64_t index) const {
    return __atomic_load_n(&values_[index], __ATOMIC_RELAXED);
  }
};

}  // namespace gameai::mancala

#endif  // GAMEAI_MANCALA_ENDGAME_DB_H_
