// gameai/kernel/undo_checkpoints.h: how a KernelState undoes without a copy
// per action. The position is saved every kEvery transitions; an undo
// replays the history's actions from the last saved position (chance
// outcomes are in the history, so the replay is exact). A game that is
// never undone pays, every kEvery moves, one position copy.
#ifndef GAMEAI_KERNEL_UNDO_CHECKPOINTS_H_
#define GAMEAI_KERNEL_UNDO_CHECKPOINTS_H_

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "gameai/base/types.h"
#include "gameai/dynamic/game.h"
#include "gameai/kernel/kernel.h"

namespace gameai {

// ApplyHistoryItem: applies to `s` the transition whose items start at
// history[i] (one item, or one per seat for a joint action); returns the
// index after it. `seen_by` gets the seats that saw a single action, where
// the kernel hides moves.
template <Kernel R>
size_t ApplyHistoryItem(const R& rules,
                        const std::vector<State::HistoryItem>& history,
                        size_t i, typename R::Position& s, uint32_t* seen_by) {
  if (history[i].joint) {
    const size_t n = static_cast<size_t>(rules.NumPlayers());
    if constexpr (SimultaneousKernel<R>) {
      std::array<typename R::Move, kMaxPlayers> joint{};
      for (size_t p = 0; p < n; ++p) {
        joint[p] = rules.ToMove(history[i + p].action);
      }
      rules.ApplyJoint(s, joint.data());
    }
    return i + n;
  }
  const typename R::Move move = rules.ToMove(history[i].action);
  if constexpr (HiddenInformationKernel<R>) {
    *seen_by = rules.MoveSeenBy(s, history[i].player, move);
  }
  (void)seen_by;
  rules.Apply(s, move);
  return i + 1;
}

template <Kernel R>
class UndoCheckpoints {
 public:
  using Position = typename R::Position;

  // kEvery: a power of two near sizeof(Position) / 4, so checkpoints cost
  // about 4 bytes per transition (a quarter of a history item) and an undo
  // at most kEvery - 1 kernel moves.
  static constexpr size_t kEvery =
      std::clamp<size_t>(std::bit_ceil(sizeof(Position) / 4), 8, 128);

  explicit UndoCheckpoints(const Position& start) : start_(start) {}

  // BeforeTransition: called before each transition with the history's
  // length and the position then. Saves it before every kEvery-th
  // transition (the first is the start) and returns true there, so the
  // caller grows its history in blocks.
  bool BeforeTransition(size_t history_items, uint32_t seen_by,
                        const Position& current) {
    const bool due = transitions_ % kEvery == 0;
    if (due && transitions_ > 0) {
      checkpoints_.push_back({history_items, seen_by, current});
    }
    ++transitions_;
    return due;
  }

  // Reserve: room for the checkpoints of a history of `items` items.
  void Reserve(size_t items) { checkpoints_.reserve(items / kEvery + 1); }

  // Rewind: `history` has just dropped one transition's items. Sets
  // *position and *seen_by to those after what remains: the latest saved
  // position at or before it, the rest replayed. The positions replayed
  // through are kept (undo_cache_), so undoing step by step or trying moves
  // from one position costs one copy per undo.
  void Rewind(const R& rules, const std::vector<State::HistoryItem>& history,
              Position* position, uint32_t* seen_by) {
    --transitions_;
    const size_t target = history.size();
    while (!undo_cache_.empty() && undo_cache_.back().items > target) {
      undo_cache_.pop_back();
    }
    while (!checkpoints_.empty() && checkpoints_.back().items > target) {
      checkpoints_.pop_back();
    }
    size_t from = 0;
    *position = start_;
    *seen_by = 0;
    const bool from_cache =
        !undo_cache_.empty() &&
        (checkpoints_.empty() ||
         undo_cache_.back().items >= checkpoints_.back().items);
    if (from_cache) {
      Restore(undo_cache_.back(), position, seen_by, &from);
    } else {
      // The cache's positions (if any) precede this checkpoint: superseded.
      undo_cache_.clear();
      if (!checkpoints_.empty()) {
        Restore(checkpoints_.back(), position, seen_by, &from);
      }
    }
    // Taken again when the game passes this transition once more.
    if (!checkpoints_.empty() && checkpoints_.back().items == target) {
      checkpoints_.pop_back();
    }
    while (from < target) {
      from = ApplyHistoryItem(rules, history, from, *position, seen_by);
      undo_cache_.push_back({from, *seen_by, *position});
    }
  }

  // PositionAt: the position after the first `items` items of `history` (a
  // transition boundary), rebuilt from the saved positions.
  Position PositionAt(const R& rules,
                      const std::vector<State::HistoryItem>& history,
                      size_t items) const {
    Position s = start_;
    size_t from = 0;
    for (const std::vector<Checkpoint>* saved : {&undo_cache_, &checkpoints_}) {
      for (auto it = saved->rbegin(); it != saved->rend(); ++it) {
        if (it->items <= items && it->items >= from) {
          s = it->position;
          from = it->items;
          break;
        }
      }
    }
    uint32_t seen_by = 0;
    while (from < items) {
      from = ApplyHistoryItem(rules, history, from, s, &seen_by);
    }
    return s;
  }

 private:
  // Checkpoint: the position after the first `items` history items, and
  // the seats that saw the last action there.
  struct Checkpoint {
    size_t items;
    uint32_t seen_by;
    Position position;
  };

  static void Restore(const Checkpoint& saved, Position* position,
                      uint32_t* seen_by, size_t* items) {
    *position = saved.position;
    *seen_by = saved.seen_by;
    *items = saved.items;
  }

  Position start_;  // the position before the history's first item
  // The positions before transitions kEvery, 2 * kEvery, ...
  std::vector<Checkpoint> checkpoints_;
  // Positions replayed by undos since the last checkpoint before them (at
  // most about kEvery, all within the current history).
  std::vector<Checkpoint> undo_cache_;
  size_t transitions_ = 0;  // transitions in the history
};

}  // namespace gameai

#endif  // GAMEAI_KERNEL_UNDO_CHECKPOINTS_H_
