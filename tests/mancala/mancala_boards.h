// Helpers for Mancala tests: rules from options, boards from their
// serialized form ("to_move p0 pits... store0 p1 pits... store1").
#ifndef GAMEAI_TESTS_MANCALA_BOARDS_H_
#define GAMEAI_TESTS_MANCALA_BOARDS_H_

#include "gameai/mancala/mancala.h"
#include "gtest/gtest.h"

namespace gameai::mancala::testing {

inline Rules MakeRules(Options options = {}) {
  absl::StatusOr<Rules> rules = Rules::Create(options);
  EXPECT_TRUE(rules.ok()) << rules.status();
  return *rules;
}

inline Position Board(const Rules& rules, const char* text) {
  absl::StatusOr<Position> state = rules.Deserialize(text);
  EXPECT_TRUE(state.ok()) << state.status();
  return state.ok() ? *state : Position{};
}

}  // namespace gameai::mancala::testing

#endif  // GAMEAI_TESTS_MANCALA_BOARDS_H_
