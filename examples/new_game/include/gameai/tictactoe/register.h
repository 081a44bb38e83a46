// gameai/tictactoe/register.h: the registry entry of game `tictactoe`.
#ifndef GAMEAI_TICTACTOE_REGISTER_H_
#define GAMEAI_TICTACTOE_REGISTER_H_

#include <memory>

#include "gameai/dynamic/play_screen.h"
#include "gameai/dynamic/registry.h"

namespace gameai::tictactoe {

GameEntry GameEntryForTicTacToe();

// MakePlayScreen: how `gameai play` shows the game (its entry's
// play_screen).
std::unique_ptr<PlayScreen> MakePlayScreen();

}  // namespace gameai::tictactoe

#endif  // GAMEAI_TICTACTOE_REGISTER_H_
