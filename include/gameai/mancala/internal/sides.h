// gameai/mancala/internal/sides.h: Kalah positions as the exact solver
// searches them.
//
// The future margin of a position (what the side to move will still gain
// over the other) depends only on the pits, not on the stores, so the
// solver keeps just two words: the pits of the side to move and those of
// the other side, one byte per pit (pit 0 lowest, farthest from the store).
// A move is a few word additions from a table, made once per board: the
// solver's nodes cost a fraction of what the general Rules::Apply does on
// a whole Position.
#ifndef GAMEAI_MANCALA_INTERNAL_SIDES_H_
#define GAMEAI_MANCALA_INTERNAL_SIDES_H_

#include <array>
#include <bit>
#include <cstdint>

#include "gameai/mancala/mancala.h"

namespace gameai::mancala {

// Sides: the mover's pits, then the other's, as SideWord gives them.
struct Sides {
  uint64_t own;
  uint64_t other;
  friend bool operator==(const Sides&, const Sides&) = default;
};

// SidesMove: the outcome of one move.
struct SidesMove {
  Sides next;      // the position after it, its new mover's pits first
  int gain;        // the mover's store gain minus the other's
  bool over;       // the game ended (both sides then empty)
  bool same_side;  // an extra turn: the mover moves again
};

// WordSeeds: the seeds in one side's word (at most 128: no byte overflows).
inline int WordSeeds(uint64_t side) {
  return static_cast<int>((side * 0x0101010101010101ULL) >> 56);
}
inline int PitSeeds(const Sides& s) {
  return WordSeeds(s.own) + WordSeeds(s.other);
}
// NonEmptyPitBits: the high bit of the byte of each pit of a side that
// holds seeds, without a branch per pit.
inline uint64_t NonEmptyPitBits(uint64_t side) {
  constexpr uint64_t kLow7 = 0x7f7f7f7f7f7f7f7fULL;
  return (((side & kLow7) + kLow7) | side) & ~kLow7;
}
// NonEmptyPits: how many pits of a side hold seeds (its mover's moves).
inline int NonEmptyPits(uint64_t side) {
  return std::popcount(NonEmptyPitBits(side));
}
inline int PitOf(uint64_t side, int pit) {
  return static_cast<int>((side >> (8 * pit)) & 0xff);
}
// SidesOf: a position's Sides, its mover's first.
inline Sides SidesOf(const Rules& rules, const Position& s) {
  return {rules.SideWord(s, s.to_move), rules.SideWord(s, 1 - s.to_move)};
}
// SeedsAfter: the pit seeds after `move` from a position of k: until the
// game ends, the whole gain went into the mover's store.
inline int SeedsAfter(int k, const SidesMove& move) {
  return move.over ? 0 : k - move.gain;
}

// SidesRules: the moves of one board and capture rule on Sides.
class SidesRules {
 public:
  explicit SidesRules(const Rules& rules);

  int pits() const { return pits_; }

  // Play: REQUIRES a nonempty pit `pit` of the mover. What Rules::Apply
  // does, seen from the mover.
  void Play(const Sides& s, int pit, SidesMove& out) const;

 private:
  // Sowing: n seeds (1 <= n <= lap) from a pit: the bytes each side gains,
  // the seeds reaching the store, and where the last one lands.
  static constexpr int kLastInStore = -1;
  static constexpr int kLastOnOtherSide = -2;
  struct Sowing {
    uint64_t own;
    uint64_t other;
    int store;
    int last;  // the mover's pit, or kLastInStore, or kLastOnOtherSide
  };
  static constexpr int kMaxLap = 2 * kMaxPits + 1;

  int pits_;
  int lap_;  // slots a seed can land on: every one but the other store
  bool empty_capture_;
  uint64_t ones_;  // one seed in every pit of a side
  std::array<std::array<Sowing, kMaxLap>, kMaxPits> sowings_;
};

}  // namespace gameai::mancala

#endif  // GAMEAI_MANCALA_INTERNAL_SIDES_H_
