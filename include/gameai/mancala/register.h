// gameai/mancala/register.h: the registry entry of game `mancala`.
#ifndef GAMEAI_MANCALA_REGISTER_H_
#define GAMEAI_MANCALA_REGISTER_H_

#include <memory>

#include "gameai/dynamic/play_screen.h"
#include "gameai/dynamic/registry.h"

namespace gameai::mancala {

GameEntry GameEntryForMancala();

// MakePlayScreen: how `gameai play` shows the game (its entry's
// play_screen).
std::unique_ptr<PlayScreen> MakePlayScreen();

}  // namespace gameai::mancala

#endif  // GAMEAI_MANCALA_REGISTER_H_
