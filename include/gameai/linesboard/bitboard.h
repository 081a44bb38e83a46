// gameai/linesboard/bitboard.h: 128-bit boards for the Lines game.
//
// Layout: bit r * 16 + c is the cell in row r, column c (one 16-bit lane
// per row, rows 0..7). The value is two 64-bit words: rows 0..3 in the low
// word, rows 4..7 in the high one (the compiler's unsigned __int128 does
// the carries between them). On a board narrower than 16 columns or
// shorter than 8 rows the unused bits stay zero: every shift is masked with
// the board's cells, and shifts that move along a row also drop the bits
// that would wrap into the next lane (see Geometry::Shift).
#ifndef GAMEAI_LINESBOARD_BITBOARD_H_
#define GAMEAI_LINESBOARD_BITBOARD_H_

#include <bit>
#include <cstdint>

namespace gameai::linesboard {

__extension__ using Bits = unsigned __int128;

inline constexpr int kLaneWidth = 16;
inline constexpr int kMaxRows = 8;
inline constexpr int kMaxCols = 16;
inline constexpr int kMaxBits = kMaxRows * kLaneWidth;

constexpr Bits Bit(int index) { return Bits{1} << index; }
constexpr int BitIndex(int row, int col) { return row * kLaneWidth + col; }

inline int PopCount(Bits x) {
  return std::popcount(static_cast<uint64_t>(x)) +
         std::popcount(static_cast<uint64_t>(x >> 64));
}
// LowestBit: the index of the lowest set bit. REQUIRES x != 0.
inline int LowestBit(Bits x) {
  const auto low = static_cast<uint64_t>(x);
  return low != 0 ? std::countr_zero(low)
                  : 64 + std::countr_zero(static_cast<uint64_t>(x >> 64));
}
// ForEachBit: calls f(index) for every set bit, lowest first.
template <class F>
inline void ForEachBit(Bits x, F&& f) {
  for (auto low = static_cast<uint64_t>(x); low != 0; low &= low - 1) {
    f(std::countr_zero(low));
  }
  for (auto high = static_cast<uint64_t>(x >> 64); high != 0;
       high &= high - 1) {
    f(64 + std::countr_zero(high));
  }
}

// Direction: the four line directions and their opposites. Line directions
// step to a higher bit index (+1, +16, +17, +15); their opposites step
// back by the same amount.
enum Direction : int { kEast, kSouth, kSouthEast, kSouthWest };
inline constexpr int kNumLineDirections = 4;
inline constexpr int kDirectionStep[kNumLineDirections] = {1, 16, 17, 15};
inline constexpr int kDirectionRowStep[kNumLineDirections] = {0, 1, 1, 1};
inline constexpr int kDirectionColStep[kNumLineDirections] = {1, 0, 1, -1};

// Geometry: the masks of one board size.
class Geometry {
 public:
  Geometry() = default;
  Geometry(int rows, int cols) : rows_(rows), cols_(cols) {
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) cells_ |= Bit(BitIndex(r, c));
    }
    Bits first_col = 0, last_lane_col = 0;
    for (int r = 0; r < kMaxRows; ++r) {
      first_col |= Bit(BitIndex(r, 0));
      last_lane_col |= Bit(BitIndex(r, kLaneWidth - 1));
    }
    // A step to column c + 1 can only wrap into column 0 of the next lane;
    // a step to column c - 1 only into column 15 of the previous one.
    not_first_col_ = cells_ & ~first_col;
    not_last_lane_col_ = cells_ & ~last_lane_col;
  }

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  Bits cells() const { return cells_; }

  // Forward: every bit moved one step along line direction `d`.
  Bits Forward(Bits x, int d) const {
    switch (d) {
      case kEast:
        return (x << 1) & not_first_col_;
      case kSouth:
        return (x << 16) & cells_;
      case kSouthEast:
        return (x << 17) & not_first_col_;
      default:  // kSouthWest
        return (x << 15) & not_last_lane_col_;
    }
  }
  // Backward: every bit moved one step against line direction `d`.
  Bits Backward(Bits x, int d) const {
    switch (d) {
      case kEast:
        return (x >> 1) & not_last_lane_col_;
      case kSouth:
        return (x >> 16) & cells_;
      case kSouthEast:
        return (x >> 17) & not_last_lane_col_;
      default:  // kSouthWest
        return (x >> 15) & not_first_col_;
    }
  }
  // Dilate: x and its orthogonal neighbours on the board.
  Bits Dilate(Bits x) const {
    return x | ((x << 1) & not_first_col_) | ((x >> 1) & not_last_lane_col_) |
           ((x << 16) & cells_) | (x >> 16);
  }
  // Flood: the cells of `open` connected to `seed` by orthogonal steps
  // inside `open`. REQUIRES seed inside open.
  Bits Flood(Bits seed, Bits open) const {
    Bits region = seed;
    while (true) {
      const Bits grown = Dilate(region) & open;
      if (grown == region) return region;
      region = grown;
    }
  }

 private:
  int rows_ = 0, cols_ = 0;
  Bits cells_ = 0;
  Bits not_first_col_ = 0;
  Bits not_last_lane_col_ = 0;
};

}  // namespace gameai::linesboard

#endif  // GAMEAI_LINESBOARD_BITBOARD_H_
