#include "gameai/linesboard/register.h"

#include "gameai/base/status_macros.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/linesboard/internal/greedy.h"
#include "gameai/linesboard/internal/lookahead.h"
#include "gameai/linesboard/linesboard.h"
#include "gameai/search/mcts.h"

namespace gameai::linesboard {

GameEntry GameEntryForLinesBoard() {
  return {
      .name = "linesboard",
      .help =
          "two-player Color Lines on 8x16: move a ball along a free path, "
          "lines of 3+ score and give another move",
      .params =
          {
              ParamDef::Int("rows", 8, 3, kMaxRows, "board rows"),
              ParamDef::Int("cols", 16, 3, kMaxCols, "board columns"),
              ParamDef::Int("colors", 6, 2, kMaxColors, "ball colors"),
              ParamDef::Int("initial_balls", 8, 0, kMaxCells - 1,
                            "balls on the board at the start (< cells)"),
              ParamDef::Int("spawn", 3, 0, kMaxSpawn,
                            "balls previewed and spawned after a quiet move"),
              ParamDef::Int("min_line", 3, 2, kMaxCols,
                            "shortest line removed (<= the longer side)"),
              ParamDef::Int("max_turns", 200, 1, 100000,
                            "turns in all before the game ends"),
          },
      .make = [](const Params& params)
          -> absl::StatusOr<std::shared_ptr<const Game>> {
        GAMEAI_ASSIGN_OR_RETURN(
            Rules rules,
            Rules::Create({
                .rows = static_cast<int>(params.GetInt("rows")),
                .cols = static_cast<int>(params.GetInt("cols")),
                .colors = static_cast<int>(params.GetInt("colors")),
                .initial_balls =
                    static_cast<int>(params.GetInt("initial_balls")),
                .spawn = static_cast<int>(params.GetInt("spawn")),
                .min_line = static_cast<int>(params.GetInt("min_line")),
                .max_turns = static_cast<int>(params.GetInt("max_turns")),
            }));
        return MakeKernelGame("linesboard", params, std::move(rules));
      },
      .agents = {GreedyAgentEntry(), LookaheadAgentEntry(),
                 MctsAgentEntry<Rules>()},
      .hint_agent = "lookahead",
      .play_screen = MakePlayScreen,
      .view_fields = ViewFields,
      .test_specs =
          {"linesboard(rows=3,cols=3,colors=2,initial_balls=3,spawn=1)",
           "linesboard(rows=5,cols=7,colors=3,initial_balls=10,spawn=2,"
           "min_line=4,max_turns=50)",
           "linesboard(colors=2,initial_balls=100,min_line=5)",
           "linesboard(rows=4,cols=16,spawn=0,initial_balls=30)"},
  };
}

}  // namespace gameai::linesboard
