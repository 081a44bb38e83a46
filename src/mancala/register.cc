#include "gameai/mancala/register.h"

#include "gameai/core/kernel_adapter.h"
#include "gameai/mancala/greedy.h"
#include "gameai/mancala/mancala.h"
#include "gameai/search/mcts.h"

namespace gameai::mancala {

GameEntry GameEntryForMancala() {
  return {
      .name = "mancala",
      .help = "Kalah: sow seeds counter-clockwise, capture, extra turns",
      .params =
          {
              ParamDef::Int("pits", 6, 1, kMaxPits, "pits per player"),
              ParamDef::Int("seeds", 4, 1, 8, "seeds per pit at the start"),
              ParamDef::Int("first_player", 0, 0, 1, "who moves first"),
              ParamDef::Bool("empty_capture", false,
                             "capture even when the opposite pit is empty"),
          },
      .make = [](const Params& params)
          -> absl::StatusOr<std::shared_ptr<const Game>> {
        absl::StatusOr<Rules> rules = Rules::Create(
            {.pits = static_cast<int>(params.GetInt("pits")),
             .seeds = static_cast<int>(params.GetInt("seeds")),
             .first_player = static_cast<Player>(params.GetInt("first_player")),
             .empty_capture = params.GetBool("empty_capture")});
        if (!rules.ok()) return rules.status();
        return MakeKernelGame("mancala", params, *std::move(rules));
      },
      .agents = {GreedyAgentEntry(), MctsAgentEntry<Rules>()},
  };
}

}  // namespace gameai::mancala
