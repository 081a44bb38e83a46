// RegisterBuiltinGames: the one list of every built-in game and generic agent.
#include "absl/base/call_once.h"
#include "gameai/core/random_agent.h"
#include "gameai/core/registry.h"
#include "gameai/daifugo/register.h"
#include "gameai/linesboard/register.h"
#include "gameai/mancala/register.h"
#include "gameai/minirisk/register.h"
#include "gameai/yacht/register.h"

namespace gameai {

void RegisterBuiltinGames() {
  static absl::once_flag once;
  absl::call_once(once, [] {
    // Names are unique in this list, so registration cannot fail.
    (void)RegisterGenericAgent(RandomAgentEntry());
    (void)RegisterGame(mancala::GameEntryForMancala());
    (void)RegisterGame(yacht::GameEntryForYacht());
    (void)RegisterGame(linesboard::GameEntryForLinesBoard());
    (void)RegisterGame(minirisk::GameEntryForMiniRisk());
    (void)RegisterGame(daifugo::GameEntryForDaifugo());
  });
}

}  // namespace gameai
