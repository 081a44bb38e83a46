#include "gameai/tictactoe/register.h"

#include <memory>
#include <utility>

#include "absl/status/statusor.h"
#include "gameai/base/status_macros.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/search/mcts.h"
#include "gameai/tictactoe/perfect.h"
#include "gameai/tictactoe/tictactoe.h"

namespace gameai::tictactoe {

GameEntry GameEntryForTicTacToe() {
  return {
      .name = "tictactoe",
      .help =
          "Tic-tac-toe: mark the cells of a 3x3 grid in turn; three in a "
          "row wins",
      .params = {ParamDef::Int("first_player", 0, 0, 1,
                               "who marks first (player 0 is X, 1 is O)")},
      .make = [](const Params& params)
          -> absl::StatusOr<std::shared_ptr<const Game>> {
        GAMEAI_ASSIGN_OR_RETURN(
            Rules rules, Rules::Create({.first_player = static_cast<Player>(
                                            params.GetInt("first_player"))}));
        return MakeKernelGame("tictactoe", params, std::move(rules));
      },
      // `random` is generic and comes by itself.
      .agents = {PerfectAgentEntry(), MctsAgentEntry<Rules>()},
      // The hint of `gameai play`: the exact move.
      .hint_agent = "perfect",
      .play_screen = MakePlayScreen,
      // The other seat first, so that the generic suites also play O's
      // opening (the counts of marks and the player to move differ).
      .test_specs = {"tictactoe(first_player=1)"},
  };
}

}  // namespace gameai::tictactoe
