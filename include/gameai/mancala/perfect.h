// gameai/mancala/perfect.h: the `perfect` agent, which plays a move of
// optimal final margin (the first in pit order), from the exact solver
// (solver.h) whose table it keeps between moves and games.
#ifndef GAMEAI_MANCALA_PERFECT_H_
#define GAMEAI_MANCALA_PERFECT_H_

#include "gameai/dynamic/registry.h"

namespace gameai::mancala {

// The largest board `perfect` takes unless told: 6 pits x 4 seeds.
inline constexpr int kPerfectDefaultMaxSeeds = 48;

AgentEntry PerfectAgentEntry();

}  // namespace gameai::mancala

#endif  // GAMEAI_MANCALA_PERFECT_H_
