#include "gameai/yacht/register.h"

#include <chrono>

#include "gameai/base/status_macros.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/search/mcts.h"
#include "gameai/yacht/internal/dice8.h"
#include "gameai/yacht/maxwin.h"
#include "gameai/yacht/optimal.h"
#include "gameai/yacht/yacht.h"

namespace gameai::yacht {

AgentEntry YachtGreedyAgentEntry();  // agents.cc

namespace {

absl::StatusOr<std::vector<SolveField>> Solve(const Game& game,
                                              const Params& params) {
  const auto* kernel_game = dynamic_cast<const KernelGame<Rules>*>(&game);
  if (kernel_game == nullptr)
    return absl::InvalidArgumentError("not a yacht game");
  const Options& options = kernel_game->rules().options();
  const auto start = std::chrono::steady_clock::now();
  GAMEAI_ASSIGN_OR_RETURN(
      std::shared_ptr<const OptimalTable> table,
      params.GetString("cache").empty()
          ? OptimalTable::Compute(options,
                                  static_cast<int>(params.GetInt("threads")))
          : OptimalTable::Shared(options, params.GetString("cache"),
                                 static_cast<int>(params.GetInt("threads"))));
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  return std::vector<SolveField>{
      {"expected_score", table->StartValue()},
      {"seconds", seconds},
      {"rules",
       std::string(
           options.yahtzee_bonus
               ? "yahtzee bonus and forced joker (published: 254.5877; "
                 "254.59 in Verhoeff 1999)"
               : "13 categories, 35 at 63, no yahtzee bonus (published: "
                 "245.87, Glenn 2006)")},
  };
}

// ScorecardValue: the position value of a turn start with a scorecard.
absl::StatusOr<std::vector<SolveField>> ScorecardValue(
    const Game& game, std::string_view scorecard,
    std::string_view solver_options) {
  GAMEAI_ASSIGN_OR_RETURN(double to_come,
                          LookupScorecard(game, scorecard, solver_options));
  const double total = ParseScorecard(scorecard)->total;
  return std::vector<SolveField>{{"expected_points_to_come", to_come},
                                 {"expected_final_score", total + to_come}};
}

}  // namespace

GameEntry GameEntryForYacht() {
  return {
      .name = "yacht",
      .help = "Yacht dice: 13 rounds, five dice, two rerolls, 13 categories",
      .params =
          {
              ParamDef::Int("players", 2, 1, kMaxPlayers,
                            "players (1: solitaire)"),
              ParamDef::Bool(
                  "yahtzee_bonus", false,
                  "Yahtzee's +100 per further yacht and the forced joker"),
          },
      .make = [](const Params& params)
          -> absl::StatusOr<std::shared_ptr<const Game>> {
        GAMEAI_ASSIGN_OR_RETURN(
            Rules rules,
            Rules::Create(
                {.players = static_cast<int>(params.GetInt("players")),
                 .yahtzee_bonus = params.GetBool("yahtzee_bonus")}));
        return MakeKernelGame("yacht", params, std::move(rules));
      },
      .agents = {dice8::Dice8AgentEntry(), OptimalAgentEntry(),
                 MaxWinAgentEntry(), YachtGreedyAgentEntry(),
                 MctsAgentEntry<Rules>()},
      .solve = Solve,
      .solver_params =
          {
              ParamDef::Int("threads", 2, 1, 64, "threads for the table"),
              ParamDef::String("cache", "",
                               "table file: loaded if valid, else written"),
          },
      .solve_state = SolveYachtState,
      .hint_agent = "optimal",
      .position_value = ScorecardValue,
      .position_name = "scorecard",
      .position_help =
          "the start of a turn with this scorecard, 'OPEN TOTAL UPPER "
          "YACHT50' (OPEN a mask or names like FULL,YACHT)",
      .play_screen = MakePlayScreen,
      .view_fields = ViewFields,
      .test_specs = {"yacht(players=1)", "yacht(players=3,yahtzee_bonus=true)"},
  };
}

}  // namespace gameai::yacht
