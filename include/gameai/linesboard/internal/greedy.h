// gameai/linesboard/internal/greedy.h: fast evaluation of every move, and the
// original game's greedy player built on it.
#ifndef GAMEAI_LINESBOARD_INTERNAL_GREEDY_H_
#define GAMEAI_LINESBOARD_INTERNAL_GREEDY_H_

#include <array>
#include <cstdint>

#include "gameai/base/random.h"
#include "gameai/dynamic/registry.h"
#include "gameai/linesboard/linesboard.h"

namespace gameai::linesboard {

// MoveEvaluator: the (score, cells removed) of every legal move, without
// copying the board. A move's lines all pass through its target, and do
// not depend on which ball of the color arrives unless that ball lies on
// one of them; so the lines through each (target, color) are found once
// and only the moves whose source sits on them are worked out again.
// REQUIRES: no line on the board (true at every player's turn).
class MoveEvaluator {
 public:
  // ForEachMove: calls f(move, score, removed) for every legal move in
  // increasing action order. Returns the number of moves.
  template <class F>
  int ForEachMove(const Rules& rules, const Position& s, F&& f);

 private:
  struct Lines {
    Bits around = 0;  // same-colored cells in line with the target
    int16_t score = 0, removed = 0;
    uint32_t stamp = 0;
  };
  const Lines& LinesAt(const Rules& rules, const Position& s, int target,
                       int color);

  uint32_t stamp_ = 0;
  std::array<std::array<Lines, kMaxColors>, kMaxBits> lines_{};
};

// GreedyChoice: the original game's pick: the best (score, removed) pair and
// how many moves share it.
struct GreedyChoice {
  Move move = 0;
  int score = 0;
  int removed = 0;
  int ties = 0;
  int evaluated = 0;
};

// GreedyMove: the original game's computer move: the greatest score, then the
// most cells removed, uniformly random among the moves tied at the best pair
// (in increasing action order, index rng.Below(ties)). With nothing
// scoring, that is a uniformly random legal move. REQUIRES a player to
// move.
GreedyChoice GreedyMove(const Rules& rules, const Position& s, Rng& rng,
                        MoveEvaluator& evaluator);

AgentEntry GreedyAgentEntry();

template <class F>
int MoveEvaluator::ForEachMove(const Rules& rules, const Position& s, F&& f) {
  if (++stamp_ == 0) {  // wrapped: forget every entry
    for (auto& row : lines_) row.fill(Lines{});
    stamp_ = 1;
  }
  int count = 0;
  rules.ForEachSource(s, [&](int source, Bits targets) {
    const int color = Rules::ColorAt(s, source);
    const int base = rules.CellOfBit(source) * rules.NumCells();
    ForEachBit(targets, [&](int target) {
      const Lines& lines = LinesAt(rules, s, target, color);
      const auto move = static_cast<Move>(base + rules.CellOfBit(target));
      if ((lines.around >> source) & 1) {
        const LineMatches r = rules.MoveMatches(s, source, target);
        f(move, r.score, r.removed);
      } else {
        f(move, lines.score, lines.removed);
      }
      ++count;
    });
  });
  return count;
}

}  // namespace gameai::linesboard

#endif  // GAMEAI_LINESBOARD_INTERNAL_GREEDY_H_
