// gameai/tictactoe/tictactoe.h: Tic-tac-toe, the kernel of game `tictactoe`.
//
// Rules (docs/tictactoe.md): two players take turns putting their mark on an
// empty cell of a 3x3 grid; player 0 marks X, player 1 marks O, and
// `first_player` marks first. The first to have three marks in a row (a
// row, a column or a diagonal) wins at once; a full grid without one is a
// draw. Returns are +1 for the winner, -1 for the loser, 0 for a draw. See
// https://en.wikipedia.org/wiki/Tic-tac-toe.
//
// Parameters:
//   first_player   0..1   default 0    who marks first (player 0 is X)
//
// Actions: the cell 0..8, row by row from the top left:
//   0 1 2
//   3 4 5
//   6 7 8
// Text form of a move: the cell number 1..9 (the action plus one, the same
// layout as a phone's keypad). Text form of a state: the three rows from
// the top, each three cells of X, O or '.', separated by '/', e.g.
// "X.O/.X./..." (docs/tictactoe.md).
#ifndef GAMEAI_TICTACTOE_TICTACTOE_H_
#define GAMEAI_TICTACTOE_TICTACTOE_H_

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "gameai/base/types.h"
#include "gameai/kernel/kernel.h"
#include "gameai/kernel/move_list.h"

namespace gameai::tictactoe {

inline constexpr int kCells = 9;
// kFullGrid: every cell's bit of a board (bits 0..8).
inline constexpr uint16_t kFullGrid = (1u << kCells) - 1;
// kLines: the eight lines of three as boards: three rows, three columns,
// two diagonals (each literal reads from cell 8 down to cell 0).
inline constexpr std::array<uint16_t, 8> kLines = {
    0b000'000'111, 0b000'111'000, 0b111'000'000,  // rows
    0b001'001'001, 0b010'010'010, 0b100'100'100,  // columns
    0b100'010'001, 0b001'010'100,                 // diagonals
};

struct Options {
  Player first_player = 0;
};

// Position. marks[p]: player p's board, bit c set when p has marked cell c
// (bits 0..8 in the cell numbering above; bits 9..15 always 0); the two
// boards never share a bit. to_move: the player to mark next (0 or 1); a
// finished game keeps the player who would have been next. padding: always
// 0. Who won is not stored: a line of three in one board says it, and
// only the last mover can have one. to_move is stored although the marks
// and first_player determine it, so that CurrentPlayer needs no count.
struct Position {
  std::array<uint16_t, 2> marks;
  uint8_t to_move;
  uint8_t padding;
  friend bool operator==(const Position&, const Position&) = default;
};
static_assert(sizeof(Position) == 6 && offsetof(Position, marks) == 0 &&
              offsetof(Position, to_move) == 4 &&
              offsetof(Position, padding) == 5);
static_assert(kCells <= 16, "a player's marks fit one 16-bit board");
static_assert((kLines[0] | kLines[1] | kLines[2]) == kFullGrid,
              "the rows cover the grid");

// Move: the cell 0..8.
using Move = uint8_t;

// MoveList: the empty cells, ascending.
using MoveList = FixedMoveList<Move, kCells>;

class Rules {
 public:
  using Position = tictactoe::Position;
  using Move = tictactoe::Move;
  using MoveList = tictactoe::MoveList;
  // LegalMoves lists cells in ascending order (kernel.h).
  static constexpr bool kMovesAscending = true;

  // Create: first_player must be 0 or 1.
  static absl::StatusOr<Rules> Create(const Options& options);

  const Options& options() const { return options_; }

  GameType Type() const;
  int NumPlayers() const { return 2; }
  Action NumDistinctActions() const { return kCells; }
  // MaxGameLength: every move fills one of the nine cells.
  int MaxGameLength() const { return kCells; }

  Position InitialPosition() const;
  Player CurrentPlayer(const Position& s) const {
    return IsOver(s) ? kTerminalPlayer : s.to_move;
  }
  // HasLine: whether `board` holds a line of three.
  static bool HasLine(uint16_t board) {
    for (uint16_t line : kLines) {
      if ((board & line) == line) return true;
    }
    return false;
  }
  // Occupied: the marked cells of both players.
  static uint16_t Occupied(const Position& s) {
    return s.marks[0] | s.marks[1];
  }
  static int EmptyCells(const Position& s) {
    return kCells - std::popcount(Occupied(s));
  }
  // Winner: the player with a line of three, or kInvalidPlayer (no line
  // yet, or a draw).
  static Player Winner(const Position& s) {
    if (HasLine(s.marks[0])) return 0;
    if (HasLine(s.marks[1])) return 1;
    return kInvalidPlayer;
  }
  static bool IsOver(const Position& s) {
    return Occupied(s) == kFullGrid || Winner(s) != kInvalidPlayer;
  }

  void LegalMoves(const Position& s, MoveList& moves) const;
  bool IsLegal(const Position& s, Move m) const {
    return m < kCells && !IsOver(s) && ((Occupied(s) >> m) & 1) == 0;
  }
  // Apply: REQUIRES IsLegal(s, m).
  void Apply(Position& s, Move m) const {
    s.marks[s.to_move] = static_cast<uint16_t>(s.marks[s.to_move] | (1u << m));
    s.to_move ^= 1;
  }

  // Return: +1 for the winner, -1 for the loser, 0 for a draw and before
  // the end.
  double Return(const Position& s, Player p) const {
    const Player winner = Winner(s);
    if (winner == kInvalidPlayer) return 0;
    return winner == p ? 1.0 : -1.0;
  }
  // Score: the return (a game of tic-tac-toe has no points).
  double Score(const Position& s, Player p) const { return Return(s, p); }

  Action ToAction(Move m) const { return m; }
  Move ToMove(Action a) const { return static_cast<Move>(a); }

  // ToString: the grid drawn with its lines, then who is to move or how
  // the game ended.
  std::string ToString(const Position& s) const;
  // Serialize: "X.O/.X./..." (rows from the top, cells left to right).
  std::string Serialize(const Position& s) const;
  // Deserialize: rejects anything but three rows of three X, O or '.'
  // separated by '/', and grids no game reaches (Validate).
  absl::StatusOr<Position> Deserialize(std::string_view text) const;
  // Validate: to_move 0 or 1, padding and the bits past cell 8 zero, no
  // cell marked twice, mark counts and to_move as first_player makes them,
  // at most one player with a line and that one the last mover; then
  // CheckPlayable. These are all the checks a grid needs: one that passes
  // them is reached by its marks in any alternating order that puts last a
  // mark shared by the winner's lines (a winner has at most five marks, so
  // two lines of its share a cell), and no earlier grid of that order has
  // a line.
  absl::Status Validate(const Position& s) const;
  std::string ObservationString(const Position& s, Player) const {
    return ToString(s);
  }
  std::string MoveToString(const Position&, Move m) const {
    return std::to_string(m + 1);
  }

  // Tensors for learners (docs/tictactoe.md, tictactoe_tensor.cc).
  std::vector<int> ObservationTensorShape() const;
  void ObservationTensor(const Position& s, Player p,
                         absl::Span<float> out) const;

 private:
  explicit Rules(const Options& options) : options_(options) {}

  Options options_;
};

// The capabilities this kernel has (gameai/kernel/kernel.h): a slip in one
// of their signatures fails here instead of silently turning it off.
static_assert(Kernel<Rules>);
static_assert(HasFastIsLegal<Rules>);
static_assert(ListsMovesAscending<Rules>);
static_assert(HasValidate<Rules>);
static_assert(HasObservationTensor<Rules>);

// MarkName: "X" for player 0, "O" for player 1.
inline const char* MarkName(Player p) { return p == 0 ? "X" : "O"; }

}  // namespace gameai::tictactoe

#endif  // GAMEAI_TICTACTOE_TICTACTOE_H_
