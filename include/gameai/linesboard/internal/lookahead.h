// gameai/linesboard/internal/lookahead.h: a Lines player that plans its whole
// turn.
//
// With scoring moves on the board it searches the chains of scoring moves
// its extra moves allow (the best `chain_width` at each step, `chain_depth`
// deep) and plays the first move of the chain worth the most points. With
// none, its quiet move ends the turn and hands the board to the opponent
// after the spawns: it keeps the moves that leave the opponent the fewest
// scoring cells (Threats), and among `finalists` of those picks the one
// whose expected threats after `spawn_samples` sampled spawns are lowest.
#ifndef GAMEAI_LINESBOARD_INTERNAL_LOOKAHEAD_H_
#define GAMEAI_LINESBOARD_INTERNAL_LOOKAHEAD_H_

#include <memory>
#include <string>

#include "gameai/base/random.h"
#include "gameai/dynamic/registry.h"
#include "gameai/linesboard/internal/greedy.h"
#include "gameai/linesboard/linesboard.h"

namespace gameai::linesboard {

struct LookaheadOptions {
  int chain_depth = 3;
  int chain_width = 6;
  int finalists = 48;
  int spawn_samples = 8;
};

// Threats: the (color, empty cell) pairs where a ball of that color that
// can reach the cell would complete a line: what the next mover can score.
int Threats(const Rules& rules, const Position& s);

class LookaheadPlanner {
 public:
  explicit LookaheadPlanner(const LookaheadOptions& options)
      : options_(options) {}
  // Choose: the move for the player to move. REQUIRES a player to move.
  Move Choose(const Rules& rules, const Position& s, Rng& rng);
  // Explain: what the last choice weighed.
  const std::string& explanation() const { return explanation_; }
  // ChainValue: the most points a chain of scoring moves from `s` earns
  // (s's player still moving), `depth` moves at most; its first move in
  // `first`. 0 when nothing scores.
  int ChainValue(const Rules& rules, const Position& s, int depth,
                 Move* first = nullptr);

 private:
  Move QuietMove(const Rules& rules, const Position& s, Rng& rng);

  LookaheadOptions options_;
  MoveEvaluator evaluator_;
  std::string explanation_;
};

AgentEntry LookaheadAgentEntry();

}  // namespace gameai::linesboard

#endif  // GAMEAI_LINESBOARD_INTERNAL_LOOKAHEAD_H_
