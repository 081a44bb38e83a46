// PlainReference: the slow, obvious exact value of a Kalah position, for
// tests of the solver and the endgame database.
#ifndef GAMEAI_TESTS_MANCALA_REFERENCE_H_
#define GAMEAI_TESTS_MANCALA_REFERENCE_H_

#include <algorithm>
#include <array>
#include <cstring>

#include "absl/container/flat_hash_map.h"
#include "gameai/mancala/mancala.h"

namespace gameai::mancala::testing {

// PlainReference: full-width negamax over the final store difference, with
// a hash map from the whole state (stores too) to its value (no pruning, no
// bounds).
class PlainReference {
 public:
  explicit PlainReference(const Rules& rules) : rules_(rules) {}

  // Margin: player 0's final store minus player 1's under perfect play.
  int Margin(const Position& s) {
    if (rules_.IsOver(s)) return rules_.Store(s, 0) - rules_.Store(s, 1);
    std::array<uint64_t, 3> key;
    std::memcpy(key.data(), &s, sizeof(key));
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    MoveList moves;
    rules_.LegalMoves(s, moves);
    int best = s.to_move == 0 ? -1000 : 1000;
    for (Move m : moves) {
      Position child = s;
      rules_.Apply(child, m);
      const int v = Margin(child);
      best = s.to_move == 0 ? std::max(best, v) : std::min(best, v);
    }
    memo_[key] = best;
    return best;
  }

 private:
  const Rules& rules_;
  absl::flat_hash_map<std::array<uint64_t, 3>, int> memo_;
};

}  // namespace gameai::mancala::testing

#endif  // GAMEAI_TESTS_MANCALA_REFERENCE_H_
