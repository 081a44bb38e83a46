#include "gameai/daifugo/register.h"

#include "gameai/base/status_macros.h"
#include "gameai/daifugo/daifugo.h"
#include "gameai/daifugo/internal/agents.h"
#include "gameai/daifugo/uecda/client.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/search/mcts.h"

namespace gameai::daifugo {

GameEntry GameEntryForDaifugo() {
  return {
      .name = "daifugo",
      .help =
          "Daifugo (大富豪), UECda rules: a match of `games` deals with the "
          "card exchange between them; score: mean place points per deal",
      .params =
          {
              ParamDef::Int("players", 5, 3, kMaxPlayers, "players"),
              ParamDef::Int("games", 10, 1, 10'000, "deals in a match"),
              ParamDef::Bool("eight_cut", true, "8-cut (8切り)"),
              ParamDef::Bool("revolution", true, "revolution (革命)"),
              ParamDef::Bool("lock", true, "suit lock (縛り)"),
              ParamDef::Int("reset_every", 100, 1, 10'000,
                            "places forgotten (no exchange) every N games"),
              ParamDef::Int("shuffle_every", 3, 0, 10'000,
                            "seats shuffled every N games (0: never)"),
              ParamDef::Bool("uecda", false,
                             "the UECda server's rules exactly (players=5, "
                             "every rule on; shuffle_every=1: never)"),
          },
      .make = [](const Params& params)
          -> absl::StatusOr<std::shared_ptr<const Game>> {
        GAMEAI_ASSIGN_OR_RETURN(
            Rules rules,
            Rules::Create({
                .players = static_cast<int>(params.GetInt("players")),
                .games = static_cast<int>(params.GetInt("games")),
                .eight_cut = params.GetBool("eight_cut"),
                .revolution = params.GetBool("revolution"),
                .lock = params.GetBool("lock"),
                .reset_every = static_cast<int>(params.GetInt("reset_every")),
                .shuffle_every =
                    static_cast<int>(params.GetInt("shuffle_every")),
                .uecda = params.GetBool("uecda"),
            }));
        return MakeKernelGame("daifugo", params, std::move(rules));
      },
      .agents = {HeuristicAgentEntry(), MonteCarloAgentEntry(),
                 MctsAgentEntry<Rules>()},
      .hint_agent = "montecarlo",
      .play_screen = MakePlayScreen,
      .view_fields = ViewFields,
      .commands = {uecda::UecdaCommand()},
      .test_specs =
          {"daifugo(players=3,games=4,reset_every=2,shuffle_every=0)",
           "daifugo(players=7,games=3,shuffle_every=1)",
           "daifugo(players=4,games=3,eight_cut=false,revolution=false,"
           "lock=false)",
           "daifugo(uecda=true,games=3,reset_every=2)"},
  };
}

}  // namespace gameai::daifugo
