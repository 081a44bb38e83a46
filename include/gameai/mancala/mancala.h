// gameai/mancala/mancala.h: Kalah, the kernel of game `mancala`.
//
// Rules (docs/mancala.md): two players each own `pits` pits
// and a store. A move takes every seed of one of the mover's non-empty pits
// and sows them one by one counter-clockwise, skipping the opponent's store.
// Last seed in the mover's store: the mover moves again. Last seed in an
// empty pit of the mover's side: that seed and the opposite pit's seeds go
// to the mover's store (with empty_capture=false only if the opposite pit
// holds seeds). As soon as one side's pits are all empty the game ends and
// each player adds the seeds left on their side to their store. More seeds
// in store wins. See https://en.wikipedia.org/wiki/Kalah.
//
// Parameters:
//   pits           1..8   default 6    pits per player
//   seeds          1..8   default 4    seeds per pit at the start
//   first_player   0..1   default 0
//   empty_capture  bool   default false (true: Irving et al. 2000's rule)
//
// Actions: the mover's pit, 0..pits-1, counted from the mover's first pit in
// sowing order (player 0's pit i is board index i, player 1's pit i is board
// index pits+1+i). Text form: the pit number 1..pits.
#ifndef GAMEAI_MANCALA_MANCALA_H_
#define GAMEAI_MANCALA_MANCALA_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "gameai/base/types.h"
#include "gameai/kernel/kernel.h"
#include "gameai/kernel/move_list.h"

namespace gameai::mancala {

inline constexpr int kMaxPits = 8;
inline constexpr int kBoardSize = 2 * (kMaxPits + 1);

struct Options {
  int pits = 6;
  int seeds = 4;
  Player first_player = 0;
  bool empty_capture = false;
};

// Position. board, in sowing (counter-clockwise) order:
//   [0, pits)            player 0's pits
//   pits                 player 0's store
//   [pits+1, 2*pits+1)   player 1's pits
//   2*pits+1             player 1's store
//   (2*pits+2, 18)       unused, always 0
//   18                   to_move (0 or 1); 19..23 padding, always 0
// The game is over exactly when every pit is empty (the end sweeps the
// remaining seeds into the stores), so no terminal flag is stored. The 24
// bytes are also read as three 64-bit words so that a sowing is one
// byte-wise add of a precomputed mask (no byte exceeds 128: no carries).
struct Position {
  std::array<uint8_t, kBoardSize> board;
  uint8_t to_move;
  std::array<uint8_t, 5> padding;
  friend bool operator==(const Position&, const Position&) = default;
};
static_assert(sizeof(Position) == 24 && offsetof(Position, to_move) == kBoardSize);
static_assert(2 * kMaxPits * 8 <= 255, "every seed count fits a byte");

using Move = uint8_t;

// MoveList: ascending pits.
using MoveList = FixedMoveList<Move, kMaxPits>;

class Rules {
 public:
  using Position = mancala::Position;
  using Move = mancala::Move;
  using MoveList = mancala::MoveList;
  // Every list of moves (legal moves and chance outcomes) is in ascending
  // action order (kernel.h).
  static constexpr bool kMovesAscending = true;

  // Create: validates the option ranges above.
  static absl::StatusOr<Rules> Create(const Options& options);

  const Options& options() const { return options_; }
  int pits() const { return options_.pits; }
  int TotalSeeds() const { return 2 * options_.pits * options_.seeds; }
  // StoreIndex / PitIndex: board indices of a player's store and pit i.
  int StoreIndex(Player p) const {
    return p * (options_.pits + 1) + options_.pits;
  }
  int PitIndex(Player p, int i) const { return p * (options_.pits + 1) + i; }

  GameType Type() const;
  int NumPlayers() const { return 2; }
  Action NumDistinctActions() const { return options_.pits; }
  // MaxGameLength: stores never shrink, and between two store increments
  // every move brings the sown seeds strictly closer to their side's store,
  // so a game has at most (S + 1) * (S * pits + 1) moves for S seeds.
  int MaxGameLength() const;

  Position InitialPosition() const;
  Player CurrentPlayer(const Position& s) const {
    return IsOver(s) ? kTerminalPlayer : s.to_move;
  }
  bool IsOver(const Position& s) const {
    return (SideWord(s, 0) | SideWord(s, 1)) == 0;
  }
  // SideEmpty: whether player p's pits are all empty.
  bool SideEmpty(const Position& s, Player p) const { return SideWord(s, p) == 0; }
  // SideWord: player p's pits as the bytes of a word, pit 0 lowest.
  uint64_t SideWord(const Position& s, Player p) const {
    uint64_t word;
    std::memcpy(&word, s.board.data() + PitIndex(p, 0), sizeof(word));
    return word & side_mask_;
  }
  // SideSeeds: the seeds in player p's pits.
  int SideSeeds(const Position& s, Player p) const {
    // Byte sum by multiplication: at most 128 seeds, so no byte overflows.
    return static_cast<int>((SideWord(s, p) * 0x0101010101010101ULL) >> 56);
  }

  void LegalMoves(const Position& s, MoveList& moves) const;
  bool IsLegal(const Position& s, Move m) const {
    return m < options_.pits && !IsOver(s) &&
           s.board[PitIndex(s.to_move, m)] > 0;
  }
  // Apply: REQUIRES IsLegal(s, m).
  void Apply(Position& s, Move m) const;

  int Store(const Position& s, Player p) const { return s.board[StoreIndex(p)]; }
  double Return(const Position& s, Player p) const;
  double Score(const Position& s, Player p) const { return Store(s, p); }

  Action ToAction(Move m) const { return m; }
  Move ToMove(Action a) const { return static_cast<Move>(a); }

  // ToString: the board drawn with player 1 on top (pits right to left),
  // player 1's store left and player 0's store right.
  std::string ToString(const Position& s) const;
  // Serialize: "to_move b0 b1 ... b(2*pits+1)", e.g. the start of 6x4 is
  // "0 4 4 4 4 4 4 0 4 4 4 4 4 4 0".
  std::string Serialize(const Position& s) const;
  // Deserialize: rejects wrong counts, non-numbers, a seed total that differs
  // from 2*pits*seeds, and a finished side with seeds left on the other.
  absl::StatusOr<Position> Deserialize(std::string_view text) const;
  // Validate: to_move 0 or 1, the unused bytes zero, 2*pits*seeds seeds
  // in all, both sides empty or neither; then CheckPlayable.
  absl::Status Validate(const Position& s) const;
  std::string ObservationString(const Position& s, Player) const {
    return ToString(s);
  }
  std::string MoveToString(const Position&, Move m) const {
    return std::to_string(m + 1);
  }

  // Tensors for learners (docs/mancala.md, mancala_tensor.cc).
  std::vector<int> ObservationTensorShape() const;
  void ObservationTensor(const Position& s, Player p, absl::Span<float> out) const;

 private:
  explicit Rules(const Options& options);

  // Sowing: seeds dropped by n seeds (1 <= n <= lap) from a pit, as bytes
  // to add, and where the last seed lands.
  struct Sowing {
    std::array<uint64_t, 3> add;
    int last;
  };
  static constexpr int kMaxLap = 2 * kMaxPits + 1;
  const Sowing& SowingFor(Player mover, int pit, int n) const {
    return sowings_[mover][pit][n - 1];
  }

  Options options_;
  uint64_t side_mask_;
  // opposite_[mover][pos]: the pit opposite `pos` when `pos` is one of the
  // mover's pits, else -1 (no capture possible there).
  std::array<std::array<int8_t, kBoardSize>, 2> opposite_;
  int lap_;  // positions a seed can land on: every slot but the other store
  std::array<std::array<std::array<Sowing, kMaxLap>, kMaxPits>, 2> sowings_;
  std::array<std::array<uint64_t, 3>, 2> full_lap_;  // one seed everywhere
};

// The capabilities this kernel has (gameai/kernel/kernel.h): a slip in
// one of their signatures fails here instead of turning it off.
static_assert(Kernel<Rules>);
static_assert(HasFastIsLegal<Rules>);
static_assert(ListsMovesAscending<Rules>);
static_assert(HasValidate<Rules>);
static_assert(HasObservationTensor<Rules>);

}  // namespace gameai::mancala

#endif  // GAMEAI_MANCALA_MANCALA_H_
