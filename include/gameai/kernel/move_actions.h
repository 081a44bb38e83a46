// gameai/kernel/move_actions.h: a kernel's move lists read as the dynamic
// layer's sorted action vectors, without allocating per call: the scratch
// list a kernel fills, the conversion to actions, and their order.
#ifndef GAMEAI_KERNEL_MOVE_ACTIONS_H_
#define GAMEAI_KERNEL_MOVE_ACTIONS_H_

#include <algorithm>
#include <compare>
#include <cstddef>
#include <iterator>
#include <memory>
#include <type_traits>
#include <vector>

#include "gameai/base/types.h"
#include "gameai/kernel/kernel.h"
#include "gameai/kernel/move_list.h"

namespace gameai {

// ActionIterator<R>: kernel R's moves read as actions, so that
// vector::assign sizes its buffer once (a new vector: one allocation of the
// exact size) and widens the moves in one pass, without zeroing or a
// capacity test per element.
template <Kernel R>
class ActionIterator {
 public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = Action;
  using difference_type = std::ptrdiff_t;
  using pointer = const Action*;
  using Move = typename R::Move;
  using reference = Action;

  ActionIterator(const R* rules, const Move* move)
      : rules_(rules), move_(move) {}
  Action operator*() const { return rules_->ToAction(*move_); }
  Action operator[](difference_type i) const {
    return rules_->ToAction(move_[i]);
  }
  ActionIterator& operator++() {
    ++move_;
    return *this;
  }
  ActionIterator operator++(int) {
    ActionIterator before = *this;
    ++move_;
    return before;
  }
  ActionIterator& operator--() {
    --move_;
    return *this;
  }
  ActionIterator& operator+=(difference_type n) {
    move_ += n;
    return *this;
  }
  ActionIterator operator+(difference_type n) const {
    return ActionIterator(rules_, move_ + n);
  }
  difference_type operator-(const ActionIterator& other) const {
    return move_ - other.move_;
  }
  bool operator==(const ActionIterator& other) const {
    return move_ == other.move_;
  }
  auto operator<=>(const ActionIterator& other) const {
    return move_ <=> other.move_;
  }

 private:
  const R* rules_;
  const Move* move_;
};

// WithScratchMoves: calls f with a move list of kernel R to fill: a local
// one where lists are small, else one per thread (a fresh large list is
// zeroed at every construction: Daifugo's holds 2,605 moves, Lines' 4,096).
// The per-thread list is on the heap: the C library's thread-locals must
// fit the loader's small static TLS reserve (c_lib_self_contained.sh).
template <Kernel R, class F>
void WithScratchMoves(F f) {
  using MoveList = typename R::MoveList;
  if constexpr (sizeof(MoveList) <= 512) {
    if constexpr (std::is_constructible_v<MoveList, UnfilledTag>) {
      MoveList moves(kUnfilled);  // not zeroed: Yacht's holds 88 bytes
      f(moves);
    } else {
      MoveList moves;
      f(moves);
    }
  } else {
    static thread_local const std::unique_ptr<MoveList> moves =
        std::make_unique<MoveList>();
    f(*moves);
  }
}

// MovesToActions: `moves` as actions into *out (its contents replaced).
// assign writes them in place when the buffer holds them (no zeroing, as
// resize would do) and else sizes one new block.
template <Kernel R>
void MovesToActions(const R& rules, const typename R::MoveList& moves,
                    std::vector<Action>* out) {
  const typename R::Move* first = moves.begin();
  out->assign(ActionIterator<R>(&rules, first),
              ActionIterator<R>(&rules, first + moves.size()));
}

// SortActions: ascending, as LegalActions promises; a kernel that lists
// its moves in ascending action order (kMovesAscending) is not checked.
template <Kernel R>
void SortActions(std::vector<Action>* out) {
  if constexpr (!ListsMovesAscending<R>) {
    if (!std::is_sorted(out->begin(), out->end())) {
      std::sort(out->begin(), out->end());
    }
  }
}

}  // namespace gameai

#endif  // GAMEAI_KERNEL_MOVE_ACTIONS_H_
