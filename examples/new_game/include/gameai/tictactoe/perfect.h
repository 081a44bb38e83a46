// gameai/tictactoe/perfect.h: exact play of tic-tac-toe (agent `perfect`).
//
// The game has 5,478 reachable positions for each first player, so the
// whole tree is solved once by negamax, memoised per position, at the
// first call (a table of 39,366 bytes: 3^9 grids by the player to move). A
// position's value is for the player to move: 0 when best play on both sides
// draws; else
// +-(1 + the cells still empty when the game ends), positive for a win, so
// that a quicker win and a slower loss count more. The agent plays the
// legal cell of the highest value; ties go to the lowest cell. Every legal
// position (what Rules::Validate accepts) is reachable, so every one is in
// the table.
#ifndef GAMEAI_TICTACTOE_PERFECT_H_
#define GAMEAI_TICTACTOE_PERFECT_H_

#include <array>

#include "gameai/dynamic/registry.h"
#include "gameai/tictactoe/tictactoe.h"

namespace gameai::tictactoe {

// kNoValue: the value PerfectChoice gives a cell that is not a legal move.
inline constexpr int kNoValue = -100;

// PerfectValue: the value of `s` for its player to move (at a finished
// game: for s.to_move, so -(1 + empty cells) after a win, 0 after a
// draw). REQUIRES Validate(s) ok.
int PerfectValue(const Rules& rules, const Position& s);

struct PerfectChoice {
  Move move = 0;
  int value = kNoValue;
  // value after each cell (index = cell), for the mover; kNoValue where
  // the cell is taken.
  std::array<int, kCells> cell_values{};
};

// PerfectMove: the best move for the player to move, ties to the lowest
// cell. REQUIRES a player to move (not a finished game).
PerfectChoice PerfectMove(const Rules& rules, const Position& s);

// PerfectAgentEntry: the registry entry of agent `perfect`.
AgentEntry PerfectAgentEntry();

}  // namespace gameai::tictactoe

#endif  // GAMEAI_TICTACTOE_PERFECT_H_
