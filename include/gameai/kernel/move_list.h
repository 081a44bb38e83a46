// gameai/kernel/move_list.h: FixedMoveList, the kernels' move list: a fixed
// array and a count, so generating moves never allocates.
#ifndef GAMEAI_KERNEL_MOVE_LIST_H_
#define GAMEAI_KERNEL_MOVE_LIST_H_

#include <array>
#include <cstddef>

namespace gameai {

// kUnfilled: a tag for FixedMoveList's constructor that leaves its entries
// unwritten.
struct UnfilledTag {};
inline constexpr UnfilledTag kUnfilled{};

template <class Move, size_t kCapacity>
struct FixedMoveList {
  FixedMoveList() : moves{} {}
  // FixedMoveList(kUnfilled): empty, entries unwritten: for a list made
  // per call and filled at once, where zeroing a few dozen entries costs
  // about as much as listing them. Reads stay below size().
  explicit FixedMoveList(UnfilledTag) {}

  std::array<Move, kCapacity> moves;
  int count = 0;

  int size() const { return count; }
  Move operator[](int i) const { return moves[i]; }
  const Move* begin() const { return moves.data(); }
  const Move* end() const { return moves.data() + count; }
  // push_back: REQUIRES size() < kCapacity.
  void push_back(Move m) { moves[count++] = m; }
};

}  // namespace gameai

#endif  // GAMEAI_KERNEL_MOVE_LIST_H_
