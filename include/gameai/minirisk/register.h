// gameai/minirisk/register.h: the registry entry of game `minirisk`.
#ifndef GAMEAI_MINIRISK_REGISTER_H_
#define GAMEAI_MINIRISK_REGISTER_H_

#include "gameai/core/registry.h"

namespace gameai::minirisk {

GameEntry GameEntryForMiniRisk();

}  // namespace gameai::minirisk

#endif  // GAMEAI_MINIRISK_REGISTER_H_
