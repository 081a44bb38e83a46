// gameai/linesboard/register.h: the registry entry of game `linesboard`.
#ifndef GAMEAI_LINESBOARD_REGISTER_H_
#define GAMEAI_LINESBOARD_REGISTER_H_

#include <memory>

#include "gameai/dynamic/play_screen.h"
#include "gameai/dynamic/registry.h"

namespace gameai::linesboard {

GameEntry GameEntryForLinesBoard();

// MakePlayScreen: how `gameai play` shows the game (its entry's
// play_screen).
std::unique_ptr<PlayScreen> MakePlayScreen();

}  // namespace gameai::linesboard

#endif  // GAMEAI_LINESBOARD_REGISTER_H_
