// gameai/daifugo/register.h: the registry entry of game `daifugo`.
#ifndef GAMEAI_DAIFUGO_REGISTER_H_
#define GAMEAI_DAIFUGO_REGISTER_H_

#include <memory>
#include <string>

#include "gameai/dynamic/play_screen.h"
#include "gameai/dynamic/registry.h"

namespace gameai::daifugo {

GameEntry GameEntryForDaifugo();

// MakePlayScreen: how `gameai play` shows the game (its entry's
// play_screen).
std::unique_ptr<PlayScreen> MakePlayScreen();

// ViewFields: a seat's view as the network protocol's "fields" (JSON text;
// its entry's view_fields).
std::string ViewFields(const gameai::State& view, Player seat);

}  // namespace gameai::daifugo

#endif  // GAMEAI_DAIFUGO_REGISTER_H_
