// Helpers for Lines board tests: rules from options, boards drawn as rows
// of '.' and color letters, random positions.
#ifndef GAMEAI_TESTS_LINESBOARD_BOARDS_H_
#define GAMEAI_TESTS_LINESBOARD_BOARDS_H_

#include <string>
#include <vector>

#include "fmt/format.h"
#include "gameai/base/random.h"
#include "gameai/linesboard/linesboard.h"
#include "gtest/gtest.h"

namespace gameai::linesboard::testing {

inline Rules MakeRules(Options options = {}) {
  absl::StatusOr<Rules> rules = Rules::Create(options);
  EXPECT_TRUE(rules.ok()) << rules.status();
  return *rules;
}

// Board: player `player` to move on the drawn rows; the preview is given,
// or by default "ABC..." as long as the rules' spawn.
inline Position Board(const Rules& rules, const std::vector<std::string>& rows,
                   int player = 0, std::string preview = "") {
  if (preview.empty()) {
    preview = std::string("ABCDEFGH").substr(0, rules.options().spawn);
  }
  absl::StatusOr<Position> state = rules.Deserialize(fmt::format(
      "cells={} preview={} score=0,0 turns=0 player={} setup=0 spawn=0 "
      "draws=0 over=0",
      fmt::join(rows, "/"), preview.empty() ? "-" : preview, player));
  EXPECT_TRUE(state.ok()) << state.status();
  return state.ok() ? *state : Position{};
}

// Cell: the bit of the cell named like "b3" (column letter, row from 1).
inline int Cell(const char* name) {
  return BitIndex(std::atoi(name + 1) - 1, name[0] - 'a');
}

inline Move MoveOf(const Rules& rules, const char* from, const char* to) {
  return rules.MakeMove(Cell(from), Cell(to));
}

// RandomBoard: each cell holds a ball with probability `density`, of a
// uniformly random color; lines may stand.
inline Position RandomBoard(const Rules& rules, double density, Rng& rng) {
  Position s{};
  s.player = static_cast<uint8_t>(rng.Below(2));
  ForEachBit(rules.geometry().cells(), [&](int bit) {
    if (rng.Uniform() < density) {
      s.balls[rng.Below(rules.options().colors)] |= Bit(bit);
    }
  });
  return s;
}

// WithoutLines: the board with every line removed, as play leaves it.
inline Position WithoutLines(const Rules& rules, Position s) {
  const LineMatches m = rules.Matches(s);
  for (Bits& b : s.balls) b &= ~m.cells;
  return s;
}

}  // namespace gameai::linesboard::testing

#endif  // GAMEAI_TESTS_LINESBOARD_BOARDS_H_
