#include "gameai/minirisk/register.h"

#include "gameai/base/status_macros.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/minirisk/internal/agents.h"
#include "gameai/minirisk/minirisk.h"
#include "gameai/search/mcts.h"

namespace gameai::minirisk {

GameEntry GameEntryForMiniRisk() {
  return {
      .name = "minirisk",
      .help =
          "MiniRisk (Raj): bid cards 1..15 in secret for prize cards; equal "
          "bids cancel, the highest unique bid takes a positive pot",
      .params = {ParamDef::Int("players", 5, 2, kMaxPlayers, "players")},
      .make = [](const Params& params)
          -> absl::StatusOr<std::shared_ptr<const Game>> {
        GAMEAI_ASSIGN_OR_RETURN(Rules rules,
                                Rules::Create({.players = static_cast<int>(
                                                   params.GetInt("players"))}));
        return MakeKernelGame("minirisk", params, std::move(rules));
      },
      .agents = {FixedAgentEntry(), RlAgentEntry(), NaiveMcAgentEntry(),
                 PlannerAgentEntry(), MctsAgentEntry<Rules>()},
      .hint_agent = "planner",
      .play_screen = MakePlayScreen,
      .view_fields = ViewFields,
      .test_specs = {"minirisk(players=2)", "minirisk(players=8)"},
  };
}

}  // namespace gameai::minirisk
