// gameai/mancala/register.h: the registry entry of game `mancala`.
#ifndef GAMEAI_MANCALA_REGISTER_H_
#define GAMEAI_MANCALA_REGISTER_H_

#include "gameai/core/registry.h"

namespace gameai::mancala {

GameEntry GameEntryForMancala();

}  // namespace gameai::mancala

#endif  // GAMEAI_MANCALA_REGISTER_H_
