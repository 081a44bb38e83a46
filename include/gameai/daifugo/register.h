// gameai/daifugo/register.h: the registry entry of game `daifugo`.
#ifndef GAMEAI_DAIFUGO_REGISTER_H_
#define GAMEAI_DAIFUGO_REGISTER_H_

#include "gameai/core/registry.h"

namespace gameai::daifugo {

GameEntry GameEntryForDaifugo();

}  // namespace gameai::daifugo

#endif  // GAMEAI_DAIFUGO_REGISTER_H_
