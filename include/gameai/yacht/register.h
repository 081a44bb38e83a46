// gameai/yacht/register.h: the registry entry of game `yacht`.
#ifndef GAMEAI_YACHT_REGISTER_H_
#define GAMEAI_YACHT_REGISTER_H_

#include "gameai/core/registry.h"

namespace gameai::yacht {

GameEntry GameEntryForYacht();

}  // namespace gameai::yacht

#endif  // GAMEAI_YACHT_REGISTER_H_
