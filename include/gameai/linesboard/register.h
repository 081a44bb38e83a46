// gameai/linesboard/register.h: the registry entry of game `linesboard`.
#ifndef GAMEAI_LINESBOARD_REGISTER_H_
#define GAMEAI_LINESBOARD_REGISTER_H_

#include "gameai/core/registry.h"

namespace gameai::linesboard {

GameEntry GameEntryForLinesBoard();

}  // namespace gameai::linesboard

#endif  // GAMEAI_LINESBOARD_REGISTER_H_
