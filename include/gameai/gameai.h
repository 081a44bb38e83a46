// gameai/gameai.h: everything a program needs to load games and agents,
// play them and run matches. Game kernels and search templates have their
// own headers (gameai/mancala/mancala.h, gameai/search/mcts.h, ...).
#ifndef GAMEAI_GAMEAI_H_
#define GAMEAI_GAMEAI_H_

#include "gameai/arena/arena.h"
#include "gameai/base/types.h"
#include "gameai/dynamic/agent.h"
#include "gameai/dynamic/game.h"
#include "gameai/dynamic/registry.h"

#endif  // GAMEAI_GAMEAI_H_
