// gameai/gameai.h: everything a program needs to load games and agents,
// play them and run matches. Game kernels and search templates have their
// own headers (gameai/mancala/mancala.h, gameai/search/mcts.h, ...).
#ifndef GAMEAI_GAMEAI_H_
#define GAMEAI_GAMEAI_H_

#include "gameai/core/agent.h"
#include "gameai/core/arena.h"
#include "gameai/core/game.h"
#include "gameai/core/registry.h"
#include "gameai/core/types.h"

#endif  // GAMEAI_GAMEAI_H_
