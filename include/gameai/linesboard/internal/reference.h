// gameai/linesboard/internal/reference.h: the original game's board model
// ported plainly.
//
// A cell array (-1 empty, else a color), breadth-first search from every
// ball for its targets, and a full rescan of every line after a move on a
// copy of the board: the method of the original game's BoardState
// (list_legal_moves, duplicate_state, apply_move, collect_matches,
// pick_greedy_move). It is the slow obvious reference the bitboard kernel is
// tested against, and the baseline of the greedy benchmark. Not used by any
// agent.
#ifndef GAMEAI_LINESBOARD_INTERNAL_REFERENCE_H_
#define GAMEAI_LINESBOARD_INTERNAL_REFERENCE_H_

#include <utility>
#include <vector>

#include "gameai/base/random.h"
#include "gameai/linesboard/linesboard.h"

namespace gameai::linesboard {

struct ReferenceMatches {
  int score = 0;
  std::vector<int> to_remove;  // cells (row-major), sorted, no repeats
};

class ReferenceBoard {
 public:
  ReferenceBoard(int rows, int cols, int min_line);
  // FromState: the board of a kernel state.
  static ReferenceBoard FromState(const Rules& rules, const Position& s);

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int At(int cell) const { return cells_[cell]; }
  void Set(int cell, int color) { cells_[cell] = color; }

  // ListLegalMoves: every (source, target) pair, sorted.
  std::vector<std::pair<int, int>> ListLegalMoves() const;
  void ApplyMove(int source, int target);
  ReferenceMatches CollectMatches() const;
  ReferenceBoard Duplicate() const { return *this; }

 private:
  int rows_, cols_, min_line_;
  std::vector<int> cells_;
};

// ReferenceGreedyMove: the original game's pick_greedy_move over `moves`: the
// best (score, cells removed) after a copy-apply-rescan per move, uniformly
// random among ties. Returns the index into `moves`.
int ReferenceGreedyMove(const ReferenceBoard& board,
                        const std::vector<std::pair<int, int>>& moves,
                        Rng& rng);

}  // namespace gameai::linesboard

#endif  // GAMEAI_LINESBOARD_INTERNAL_REFERENCE_H_
