#include "gameai/mancala/register.h"

#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/mancala/internal/alphabeta.h"
#include "gameai/mancala/internal/greedy.h"
#include "gameai/mancala/mancala.h"
#include "gameai/mancala/perfect.h"
#include "gameai/mancala/solver.h"
#include "gameai/search/mcts.h"

namespace gameai::mancala {

namespace {

std::vector<AgentEntry> Agents() {
  std::vector<AgentEntry> agents = {GreedyAgentEntry(), AlphaBetaAgentEntry(),
                                    MctsAgentEntry<Rules>()};
  for (AgentEntry& level : LevelAgentEntries())
    agents.push_back(std::move(level));
  agents.push_back(PerfectAgentEntry());
  return agents;
}

// OptionsFrom: the solver options of `gameai solve --solver`.
SolverOptions OptionsFrom(const Params& params) {
  return {.tt_log2_size = static_cast<int>(params.GetInt("tt")),
          .db_seeds = static_cast<int>(params.GetInt("db_seeds")),
          .db_max_bytes = params.GetInt("db_mb") << 20,
          .db_file = params.GetString("db_file"),
          .all_move_margins = params.GetBool("all_moves"),
          .guess_depth = static_cast<int>(params.GetInt("guess")),
          .max_nodes = params.GetInt("nodes"),
          .max_seconds = params.GetDouble("time_s"),
          .memory_bytes = params.GetInt("mem_mb") << 20,
          .threads = static_cast<int>(params.GetInt("threads"))};
}

// SearchFields: the search's own figures, the same for a spec and a state.
std::vector<SolveField> SearchFields(const SolveResult& r) {
  return {
      {"probes", int64_t{r.probes}},
      {"seconds", r.seconds},
      {"db_seeds", int64_t{r.db_seeds}},
      {"db_bytes", r.db_bytes},
      {"db_entries_filled", r.db_entries_filled},
      {"db_source", r.db_source},
      {"db_seconds", r.db_seconds},
      {"tt_bytes", int64_t{16} << r.tt_log2_size},
  };
}

absl::StatusOr<StateSolution> SolveState(const gameai::State& state,
                                         const Params& params) {
  const auto* kernel = dynamic_cast<const KernelState<Rules>*>(&state);
  if (kernel == nullptr) {
    return absl::InvalidArgumentError(fmt::format(
        "not a mancala state: a state of {}", state.GetGame().Spec()));
  }
  const Rules& rules = kernel->rules();
  const Position& s = kernel->position();
  GAMEAI_ASSIGN_OR_RETURN(SolveResult r,
                          SolveKalah(rules, s, OptionsFrom(params)));
  StateSolution out;
  out.value_meaning =
      "player 0's final store minus player 1's under perfect play";
  out.status = rules.IsOver(s) ? "terminal" : r.solved ? "solved" : "bounded";
  out.value = r.margin;
  out.value_lower = r.margin_lower;
  out.value_upper = r.margin_upper;
  if (out.status == "solved") {
    out.best_action = rules.ToAction(r.best_move);
    out.best_action_text = rules.MoveToString(s, r.best_move);
  }
  out.nodes = r.nodes;
  for (int pit = 0; pit < rules.pits(); ++pit) {
    if (r.move_margins[pit] == SolveResult::kNoMove) continue;
    const Move m = static_cast<Move>(pit);
    out.action_values.push_back({rules.ToAction(m), rules.MoveToString(s, m),
                                 static_cast<double>(r.move_margins[pit])});
  }
  out.details = SearchFields(r);
  return out;
}

absl::StatusOr<std::vector<SolveField>> Solve(const Game& game,
                                              const Params& params) {
  const auto* kernel_game = dynamic_cast<const KernelGame<Rules>*>(&game);
  if (kernel_game == nullptr) {
    return absl::InvalidArgumentError("not a mancala game");
  }
  const Rules& rules = kernel_game->rules();
  GAMEAI_ASSIGN_OR_RETURN(
      SolveResult r,
      SolveKalah(rules, rules.InitialPosition(), OptionsFrom(params)));
  std::vector<SolveField> fields;
  if (r.solved) {
    fields = {
        {"status", std::string("solved")},
        {"margin", int64_t{r.margin}},
        {"best_move", rules.MoveToString(rules.InitialPosition(), r.best_move)},
    };
  } else {
    fields = {{"status", std::string("not solved within the budget")}};
  }
  fields.insert(fields.end(), {
                                  {"margin_lower", int64_t{r.margin_lower}},
                                  {"margin_upper", int64_t{r.margin_upper}},
                                  {"nodes", r.nodes},
                              });
  const std::vector<SolveField> search = SearchFields(r);
  fields.insert(fields.end(), search.begin(), search.end());
  for (int pit = 0; pit < rules.pits(); ++pit) {
    if (r.move_margins[pit] != SolveResult::kNoMove) {
      fields.push_back({fmt::format("margin_after_pit_{}", pit + 1),
                        int64_t{r.move_margins[pit]}});
    }
  }
  return fields;
}

}  // namespace

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
        GAMEAI_ASSIGN_OR_RETURN(
            Rules rules,
            Rules::Create({.pits = static_cast<int>(params.GetInt("pits")),
                           .seeds = static_cast<int>(params.GetInt("seeds")),
                           .first_player = static_cast<Player>(
                               params.GetInt("first_player")),
                           .empty_capture = params.GetBool("empty_capture")}));
        return MakeKernelGame("mancala", params, std::move(rules));
      },
      .agents = Agents(),
      .solve = Solve,
      .solver_params =
          {
              ParamDef::Int("tt", -1, -1, 30,
                            "log2 of the transposition table entries (16 "
                            "bytes each; -1: by the board's seeds)"),
              ParamDef::Int("db_seeds", -1, -1, 40,
                            "endgame database up to this many pit seeds (-1: "
                            "the largest within db_mb, and of at most 2M "
                            "entries without db_file)"),
              ParamDef::Int("db_mb", 1024, 1, 65536,
                            "endgame database memory limit"),
              ParamDef::String("db_file", "",
                               "keep a complete endgame database in this "
                               "file (built once; \"\": filled on demand)"),
              ParamDef::Int("guess", 12, 0, 40,
                            "depth of the heuristic search giving MTD(f) its "
                            "first guess (0: start from 0)"),
              ParamDef::Bool(
                  "all_moves", false,
                  "also the exact margin after every first move (slower)"),
              ParamDef::Int("nodes", 0, 0, int64_t{1} << 50,
                            "node budget (0: none); when spent: \"not "
                            "solved within the budget\" with the bounds "
                            "proved"),
              ParamDef::Double("time_s", 0, 0, 1e7,
                               "time budget in seconds, from the start "
                               "(0: none)"),
              ParamDef::Int("mem_mb", 2048, 1, int64_t{1} << 22,
                            "memory budget of the table and the database "
                            "together (MB)"),
              ParamDef::Int("threads", 0, 0, 64,
                            "threads searching together (0: one per core); "
                            "the answer does not depend on them"),
          },
      .solve_state = SolveState,
      .hint_agent = "strongest",
      .play_screen = MakePlayScreen,
      .view_fields = ViewFields,
      .test_specs = {"mancala(pits=1,seeds=1)",
                     "mancala(pits=3,seeds=2,first_player=1)",
                     "mancala(pits=8,seeds=8,empty_capture=true)",
                     "mancala(pits=6,seeds=6,empty_capture=true)"},
  };
}

}  // namespace gameai::mancala
