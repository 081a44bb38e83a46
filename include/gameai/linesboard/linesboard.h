// gameai/linesboard/linesboard.h: the two-player Lines board, the kernel
// of game `linesboard`.
//
// Rules (docs/linesboard.md): a rows x cols board of
// balls in `colors` colors. A move carries one ball to an empty cell
// reachable from it through orthogonally adjacent empty cells. Then every
// straight line (row, column, diagonal) of at least `min_line` balls of one
// color is removed; the move scores the sum of the removed lines' lengths
// (a ball on two lines counts twice). A scoring move gives the same player
// another move. A move that removes nothing ends the turn: the `spawn`
// previewed balls land on random empty cells, lines they form vanish
// without score, a new preview is drawn and the other player moves. The
// game ends with no empty cell, no legal move, or `max_turns` turns played
// in all. Higher score wins.
//
// Choices where the spec is silent (also in the README):
//   - the start: `initial_balls` balls of random colors on random cells,
//     lines among them removed, then the first preview is drawn;
//   - spawned balls land one by one while empty cells remain (the rest of
//     the preview is dropped on a full board); lines are removed once all
//     have landed;
//   - a turn that ends the game (board full, max_turns) still counts.
//
// Chance is split into small steps so each has few outcomes:
//   setup ball: one (cell, color) pair, uniform;
//   spawn ball: one empty cell, uniform, for the first previewed color;
//   preview:    one color, uniform.
//
// Actions (cells numbered row-major, cell = row * cols + col):
//   0 .. cells^2 - 1            a move: source * cells + target
//   then cells * 8 setup actions (cell * 8 + color), cells spawn actions
//   (cell), 8 preview actions (color): see the k*Action helpers.
// Text: "b3-k7" (column letter, row number from 1), "setup C@b3",
// "spawn C@b3", "preview C"; colors are letters A..H.
#ifndef GAMEAI_LINESBOARD_LINESBOARD_H_
#define GAMEAI_LINESBOARD_LINESBOARD_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "gameai/base/random.h"
#include "gameai/base/types.h"
#include "gameai/kernel/kernel.h"
#include "gameai/kernel/move_list.h"
#include "gameai/linesboard/bitboard.h"

namespace gameai::linesboard {

inline constexpr int kMaxColors = 8;
inline constexpr int kMaxSpawn = 8;
inline constexpr int kMaxCells = kMaxRows * kMaxCols;
// At most (cells / 2)^2 moves: every pair of a ball and an empty cell.
inline constexpr int kMaxMoves = (kMaxCells / 2) * (kMaxCells / 2);

struct Options {
  int rows = 8;
  int cols = 16;
  int colors = 6;
  int initial_balls = 8;
  int spawn = 3;
  int min_line = 3;
  int max_turns = 200;
};

// Position: one bitboard per color, the preview, scores and the chance steps
// still due. 160 bytes, no pointers. The counters are wide enough for every
// accepted option: turns up to max_turns (100,000), scores up to MaxScore.
struct Position {
  std::array<Bits, kMaxColors> balls;      // balls[c]: the cells of color c
  std::array<uint8_t, kMaxSpawn> preview;  // colors, next to land first
  std::array<uint32_t, 2> score;
  uint32_t turns;        // turns ended so far
  uint8_t preview_size;  // colors in the preview
  uint8_t setup_left;    // setup balls still to place
  uint8_t spawn_left;    // previewed balls still to land
  uint8_t draws_left;    // preview colors still to draw
  uint8_t player;        // the player to move (or who moved last)
  uint8_t over;          // 1 once the game has ended
};
static_assert(sizeof(Position) == 160);

using Move = uint16_t;
using MoveList = FixedMoveList<Move, kMaxMoves>;

// LineMatches: what a move's matches are worth.
struct LineMatches {
  int score = 0;    // sum of the removed lines' lengths
  int removed = 0;  // distinct cells removed
  Bits cells = 0;   // the removed cells
  friend bool operator==(const LineMatches&, const LineMatches&) = default;
};

class Rules {
 public:
  using Position = linesboard::Position;
  using Move = linesboard::Move;
  using MoveList = linesboard::MoveList;
  // Every list of moves (legal moves and chance outcomes) is in ascending
  // action order (kernel.h).
  static constexpr bool kMovesAscending = true;
  using ChanceList = std::vector<KernelChanceOutcome<Move>>;

  static absl::StatusOr<Rules> Create(const Options& options);
  const Options& options() const { return options_; }
  const Geometry& geometry() const { return geometry_; }
  int NumCells() const { return cells_; }

  GameType Type() const;
  int NumPlayers() const { return 2; }
  Action NumDistinctActions() const { return preview_action_ + kMaxColors; }
  int MaxGameLength() const;
  // MaxScore: a bound on a player's score: every ball placed (at most
  // cells + spawn * max_turns) scores at most once per line direction.
  int64_t MaxScore() const;
  Position InitialPosition() const;
  Player CurrentPlayer(const Position& s) const;
  void LegalMoves(const Position& s, MoveList& moves) const;
  bool IsLegal(const Position& s, Move m) const;
  void Apply(Position& s, Move m) const;
  void ChanceOutcomes(const Position& s, ChanceList& outcomes) const;
  void ChanceOutcomes(const Position& s,
                      std::vector<ChanceOutcome>& outcomes) const;
  Move SampleChance(const Position& s, Rng& rng) const;
  // SampleMove: a uniformly random legal move, without listing them all;
  // nullopt when there is none.
  std::optional<Move> SampleMove(const Position& s, Rng& rng) const;
  // Return: +1 for the higher score, -1 for the lower, 0 for a tie.
  double Return(const Position& s, Player p) const;
  double Score(const Position& s, Player p) const { return s.score[p]; }
  Action ToAction(Move m) const { return m; }
  Move ToMove(Action a) const { return static_cast<Move>(a); }
  std::string ToString(const Position& s) const;
  std::string Serialize(const Position& s) const;
  // Deserialize: the state Serialize wrote, once Validate accepts it.
  absl::StatusOr<Position> Deserialize(std::string_view text) const;
  // Validate: the invariants play keeps: balls on the board's cells, one
  // color per cell, the chance steps of one phase at a time (setup, then
  // spawning the whole preview, then drawing it full again), counters in
  // range, no line standing once the balls have landed, a game that has not
  // ended still has an empty cell and a legal move; then CheckPlayable.
  absl::Status Validate(const Position& s) const;
  std::string ObservationString(const Position& s, Player) const {
    return ToString(s);
  }
  std::string MoveToString(const Position& s, Move m) const;
  // ParseMove: the move MoveToString names `text`, legal or not.
  std::optional<Move> ParseMove(const Position& s, std::string_view text) const;

  // Tensors for learners (docs/linesboard.md, linesboard_tensor.cc).
  std::vector<int> ObservationTensorShape() const;
  void ObservationTensor(const Position& s, Player p, absl::Span<float> out) const;

  // --- Board helpers (bit indices, see bitboard.h) ---
  int CellOfBit(int bit) const { return cell_of_bit_[bit]; }
  int BitOfCell(int cell) const { return bit_of_cell_[cell]; }
  Move MakeMove(int source_bit, int target_bit) const {
    return static_cast<Move>(cell_of_bit_[source_bit] * cells_ +
                             cell_of_bit_[target_bit]);
  }
  int SourceBit(Move m) const { return bit_of_cell_[m / cells_]; }
  int TargetBit(Move m) const { return bit_of_cell_[m % cells_]; }
  bool IsPlayerMove(Move m) const { return m < setup_action_; }
  Move SetupAction(int bit, int color) const {
    return static_cast<Move>(setup_action_ + cell_of_bit_[bit] * kMaxColors +
                             color);
  }
  Move SpawnAction(int bit) const {
    return static_cast<Move>(spawn_action_ + cell_of_bit_[bit]);
  }
  Move PreviewAction(int color) const {
    return static_cast<Move>(preview_action_ + color);
  }

  static Bits Occupied(const Position& s) {
    Bits all = 0;
    for (const Bits& b : s.balls) all |= b;
    return all;
  }
  Bits Empty(const Position& s) const { return geometry_.cells() & ~Occupied(s); }
  // ColorAt: the color of the ball at `bit`, or -1 for an empty cell.
  static int ColorAt(const Position& s, int bit);

  // Matches: every line of at least min_line balls of one color on the
  // board, scored as the rules say (all colors, all four directions).
  LineMatches Matches(const Position& s) const;
  // MoveMatches: the matches moving the ball at `source_bit` to
  // `target_bit` makes, found around the target only. REQUIRES the board
  // has no line (true at every player's turn) and a legal move.
  LineMatches MoveMatches(const Position& s, int source_bit, int target_bit) const;
  // Reachable: the empty cells the ball at `source_bit` can move to.
  Bits Reachable(const Position& s, int source_bit) const;
  // ForEachSource: calls f(source_bit, targets) for every ball with at
  // least one target, in increasing cell order; targets in a bitboard.
  template <class F>
  void ForEachSource(const Position& s, F&& f) const;

 private:
  explicit Rules(const Options& options);
  // ListChanceOutcomes: for both ChanceOutcomes ({move or action, p}).
  template <class List>
  void ListChanceOutcomes(const Position& s, List& outcomes) const;
  // CheckGameOver: ends the game on a full board, with no legal move, or
  // after max_turns (called whenever a player would move next).
  void CheckGameOver(Position& s) const;
  void RemoveLinesWithoutScore(Position& s) const;

  Options options_;
  Geometry geometry_;
  int cells_ = 0;
  Move setup_action_ = 0, spawn_action_ = 0, preview_action_ = 0;
  std::array<int16_t, kMaxBits> cell_of_bit_{};
  std::array<uint8_t, kMaxCells> bit_of_cell_{};
  std::array<Bits, kMaxBits> neighbours_{};  // orthogonal neighbours
};

template <class F>
void Rules::ForEachSource(const Position& s, F&& f) const {
  const Bits empty = Empty(s);
  if (empty == 0) return;
  // Label each empty cell with its region, once; a ball's targets are the
  // union of the regions next to it.
  std::array<Bits, kMaxCells / 2 + 1> regions;
  std::array<uint8_t, kMaxBits> region_of;
  int num_regions = 0;
  Bits sources = 0;
  for (Bits left = empty; left != 0;) {
    const Bits region = geometry_.Flood(Bit(LowestBit(left)), empty);
    left &= ~region;
    ForEachBit(region, [&](int bit) {
      region_of[bit] = static_cast<uint8_t>(num_regions);
    });
    regions[num_regions++] = region;
    sources |= geometry_.Dilate(region);
  }
  sources &= ~empty;
  ForEachBit(sources, [&](int source) {
    Bits targets = 0;
    ForEachBit(neighbours_[source] & empty,
               [&](int n) { targets |= regions[region_of[n]]; });
    f(source, targets);
  });
}

// The capabilities this kernel has (gameai/kernel/kernel.h): a slip in
// one of their signatures fails here instead of turning it off.
static_assert(Kernel<Rules>);
static_assert(ChanceKernel<Rules>);
static_assert(HasActionChanceOutcomes<Rules>);
static_assert(HasFastIsLegal<Rules>);
static_assert(HasSampleMove<Rules>);
static_assert(HasParseMove<Rules>);
static_assert(ListsMovesAscending<Rules>);
static_assert(HasValidate<Rules>);
static_assert(HasObservationTensor<Rules>);

}  // namespace gameai::linesboard

#endif  // GAMEAI_LINESBOARD_LINESBOARD_H_
