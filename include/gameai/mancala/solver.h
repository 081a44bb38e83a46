// gameai/mancala/solver.h: the exact value of a Kalah position.
//
// The future of a Kalah game depends only on the pits and the side to move,
// not on the stores, so the solver searches the "future margin": what the
// side to move will still gain over the opponent from the seeds left in the
// pits. Positions are canonical (the mover's pits first), so a position and
// its mirror share one entry.
//
//  - MTD(f): zero-window alpha-beta probes converging on the exact value,
//    over a transposition table of lower/upper bounds;
//  - move ordering: the table's best move, extra turns, then captures
//    (largest gain first);
//  - enhanced transposition cutoffs: before searching, every child's
//    stored bound is checked for an immediate cutoff;
//  - parallel search: helper threads search each probe beside the main
//    one with their move order varied near the root, sharing the table
//    (entries checked against torn writes), so that each finds bounds the
//    other then reads;
//  - an endgame database (endgame_db.h) of exact values for positions with
//    at most `db_seeds` seeds in the pits, filled on demand, or complete,
//    built once and kept in a file;
//  - bounds: the future margin lies in [-k, k] for k seeds in the pits.
//
//   absl::StatusOr<SolveResult> r = SolveKalah(rules, rules.InitialPosition(),
//   {}); r->margin  // +8 for 6 pits x 4 seeds, the standard capture rule
#ifndef GAMEAI_MANCALA_SOLVER_H_
#define GAMEAI_MANCALA_SOLVER_H_

#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "gameai/mancala/mancala.h"

namespace gameai::mancala {

struct SolverOptions {
  // tt_log2_size: 2^n entries of 16 bytes, four per cache line; -1 picks
  // by the pit seeds above the database (6x4: 2^26, 1 GB, over an 11-seed
  // database; 2^22 over a 22-seed one).
  int tt_log2_size = -1;
  // db_seeds: largest pit-seed count kept in the endgame database; -1 picks
  // the largest that fits db_max_bytes and, filled on demand, has at most
  // 2^21 entries (filled by full-width search, a larger one costs more than
  // it saves: 6x3 solves in 0.6 s at 10 seeds, 2.0 s at 14).
  int db_seeds = -1;
  int64_t db_max_bytes = int64_t{1} << 30;
  // db_file: a complete database loaded from this file, or built and saved
  // there when the file does not hold it; "": filled on demand.
  std::string db_file;
  // all_move_margins: also the exact margin after every legal move (each
  // costs about a solve of its own); otherwise only the best move.
  bool all_move_margins = false;
  // guess_depth: MTD(f) starts from the score of a heuristic alpha-beta
  // search this deep (0: from 0).
  int guess_depth = 12;
  // max_nodes, max_seconds: the search's budget (0: none; the time counts
  // from the start, building or loading the database included, which is
  // not interrupted). When it runs out the result is not `solved` and
  // holds the bounds proved so far.
  int64_t max_nodes = 0;
  double max_seconds = 0;
  // memory_bytes: the budget for the table and the database together: a
  // table size picked (tt_log2_size -1) is the largest within it and what
  // the process can get; a size asked for beyond it is an error.
  int64_t memory_bytes = int64_t{2} << 30;
  // threads: how many search each MTD(f) probe of a large position, one
  // of them in charge and the others ahead of it through the shared table
  // (0: one per hardware thread). The answers do not depend on it. With a
  // node budget the search runs on one thread, so that the bounds proved
  // within it are the same at every run.
  int threads = 0;
};

struct SolveResult {
  // solved: the margin (and the best move, or every move's margin) found
  // within the budget. Otherwise margin_lower..margin_upper is what was
  // proved, and the best move and move_margins are not known.
  bool solved = true;
  // margin: player 0's final store minus player 1's under perfect play
  // (when solved; else margin_lower).
  int margin = 0;
  int margin_lower = 0;
  int margin_upper = 0;
  Move best_move = 0;
  // move_margins: with all_move_margins, the final margin for player 0
  // after each legal move of the side to move (else, and for empty pits,
  // kNoMove).
  static constexpr int kNoMove = -1000;
  std::array<int, kMaxPits> move_margins{};
  int64_t nodes = 0;
  int probes = 0;  // MTD(f) zero-window searches
  int tt_log2_size = 0;
  int db_seeds = 0;
  int64_t db_bytes = 0;
  int64_t db_entries_filled = 0;
  std::string db_source;  // "on demand", "built" or "loaded" (and saved)
  double db_seconds = 0;  // building or loading it, included in `seconds`
  double seconds = 0;
};

// KalahSolver: SolveKalah's table and endgame database kept between calls,
// so that a game's later positions, and later games on the same board,
// reuse what earlier solves stored. Its answers (the margins, and the best
// move: the first in pit order of those achieving the margin) do not
// depend on what it stored before. Not thread-safe.
//
//   auto solver = KalahSolver::Create(rules, {});
//   SolveResult r = (*solver)->Solve(position);  // r.best_move
class KalahSolver {
 public:
  // Create: the table sized for `sizing`'s seeds (the board's start: the
  // most any position of the game has), the database made or loaded.
  // Errors: as SolveKalah's.
  static absl::StatusOr<std::unique_ptr<KalahSolver>> Create(
      const Rules& rules, const SolverOptions& options, const Position& sizing);
  static absl::StatusOr<std::unique_ptr<KalahSolver>> Create(
      const Rules& rules, const SolverOptions& options) {
    return Create(rules, options, rules.InitialPosition());
  }
  ~KalahSolver();
  // Solve: SolveKalah's answer for `state`; the options' budgets count from
  // this call, and `nodes` and `probes` are this call's.
  SolveResult Solve(const Position& state);

 private:
  struct Impl;
  explicit KalahSolver(std::unique_ptr<Impl> impl);
  SolveResult Solve(const Position& state,
                    std::chrono::steady_clock::time_point start);
  friend absl::StatusOr<SolveResult> SolveKalah(const Rules&, const Position&,
                                                const SolverOptions&);
  std::unique_ptr<Impl> impl_;
};

// SolveKalah: REQUIRES nothing of `state` (a finished game has margin of its
// stores). Errors: a table size out of [10, 30] (or -1), a negative
// budget, a table and database beyond memory_bytes or the machine
// (ResourceExhausted), a database file that cannot be used or written.
// A budget that runs out is no error: see SolveResult::solved.
absl::StatusOr<SolveResult> SolveKalah(const Rules& rules,
                                       const Position& state,
                                       const SolverOptions& options);

}  // namespace gameai::mancala

#endif  // GAMEAI_MANCALA_SOLVER_H_
