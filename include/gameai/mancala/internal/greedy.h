// gameai/mancala/internal/greedy.h: the original game's computer player
// (`greedy`, the "beginner" level), ported from its GetBestMove / Value.
//
// For each non-empty pit in pit order it sows on a copy and values the copy
// from the mover's side: +5000 when the mover's store holds more than half
// of all seeds, -5000 when the opponent's does, 0 when both hold exactly
// half, else store(mover) - store(opponent). A move that earns an extra turn
// is valued instead by the best value of the mover's continuation, found the
// same way. The strictly greatest value wins, so ties go to the lowest pit.
// It never looks at the opponent's reply.
//
// Our choice where the original game is silent: an extra-turn move that ends
// the game has no continuation; it is valued as the finished position.
#ifndef GAMEAI_MANCALA_INTERNAL_GREEDY_H_
#define GAMEAI_MANCALA_INTERNAL_GREEDY_H_

#include <array>

#include "gameai/dynamic/registry.h"
#include "gameai/mancala/mancala.h"

namespace gameai::mancala {

// GreedyValue: the original game's Value() of `s` from `player`'s side.
int GreedyValue(const Rules& rules, const Position& s, Player player);

struct GreedyChoice {
  Move move = 0;
  int value = -6000;  // the original game's initial best value
  // Value of each pit (index = pit); -6000 for empty pits.
  std::array<int, kMaxPits> pit_values{};
};

// GreedyBestMove: REQUIRES a position with the mover to act.
GreedyChoice GreedyBestMove(const Rules& rules, const Position& s);

AgentEntry GreedyAgentEntry();

}  // namespace gameai::mancala

#endif  // GAMEAI_MANCALA_INTERNAL_GREEDY_H_
