// gameai/yacht/register.h: the registry entry of game `yacht`.
#ifndef GAMEAI_YACHT_REGISTER_H_
#define GAMEAI_YACHT_REGISTER_H_

#include <memory>

#include "gameai/dynamic/play_screen.h"
#include "gameai/dynamic/registry.h"

namespace gameai::yacht {

GameEntry GameEntryForYacht();

// MakePlayScreen: how `gameai play` shows the game (its entry's
// play_screen).
std::unique_ptr<PlayScreen> MakePlayScreen();

}  // namespace gameai::yacht

#endif  // GAMEAI_YACHT_REGISTER_H_
