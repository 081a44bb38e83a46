#include "gameai/dynamic/state_solver.h"

#include <variant>

#include "absl/status/status.h"
#include "base/json_text.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/dynamic/spec.h"

namespace gameai {

std::vector<std::string> SolvableGames() {
  RegisterBuiltinGames();
  std::vector<std::string> names;
  for (const GameEntry* g : RegisteredGames()) {
    if (g->solve_state) names.push_back(g->name);
  }
  return names;
}

absl::StatusOr<const GameEntry*> SolverEntry(const Game& game) {
  GAMEAI_ASSIGN_OR_RETURN(const GameEntry* entry, FindGame(game.Name()));
  if (!entry->solve_state) {
    return absl::InvalidArgumentError(
        fmt::format("game '{}' has no exact solver; games with one: {}",
                    game.Name(), fmt::join(SolvableGames(), ", ")));
  }
  return entry;
}

absl::StatusOr<Params> ResolveSolverOptions(const GameEntry& entry,
                                            std::string_view options) {
  GAMEAI_ASSIGN_OR_RETURN(Spec spec,
                          ParseSpec(fmt::format("solver({})", options)));
  return ResolveParams(spec, entry.solver_params,
                       fmt::format("solver of '{}'", entry.name));
}

absl::StatusOr<StateSolution> SolveState(const State& state,
                                         std::string_view solver_options) {
  GAMEAI_ASSIGN_OR_RETURN(const GameEntry* entry, SolverEntry(state.GetGame()));
  absl::StatusOr<Params> params = ResolveSolverOptions(*entry, solver_options);
  if (!params.ok()) return params.status();
  return entry->solve_state(state, *params);
}

absl::StatusOr<std::vector<SolveField>> PositionValue(
    const Game& game, std::string_view text, std::string_view solver_options) {
  GAMEAI_ASSIGN_OR_RETURN(const GameEntry* entry, FindGame(game.Name()));
  if (!entry->position_value) {
    std::vector<std::string> names;
    for (const GameEntry* g : RegisteredGames()) {
      if (g->position_value) {
        names.push_back(fmt::format("{} ({})", g->name, g->position_name));
      }
    }
    return absl::InvalidArgumentError(fmt::format(
        "game '{}' has no position value; games with one: {}", game.Name(),
        names.empty() ? std::string("none in this build")
                      : fmt::format("{}", fmt::join(names, ", "))));
  }
  return entry->position_value(game, text, solver_options);
}

std::string StateSolutionToJson(const State& state,
                                const StateSolution& solution) {
  using Json = nlohmann::ordered_json;
  Json doc = {{"game", state.GetGame().Spec()},
              {"state", state.Serialize()},
              {"status", solution.status},
              {"value", solution.status == "bounded" ? Json(nullptr)
                                                     : Json(solution.value)},
              {"value_lower", solution.value_lower},
              {"value_upper", solution.value_upper},
              {"value_meaning", solution.value_meaning},
              {"best_action", solution.best_action ? Json(*solution.best_action)
                                                   : Json(nullptr)},
              {"best_action_text", solution.best_action_text},
              {"nodes", solution.nodes},
              {"action_values", Json::array()}};
  for (const StateSolution::ActionValue& a : solution.action_values) {
    doc["action_values"].push_back(
        {{"action", a.action}, {"text", a.text}, {"value", a.value}});
  }
  for (const SolveField& f : solution.details) {
    doc[f.name] = std::visit([](const auto& v) { return Json(v); }, f.value);
  }
  return JsonText(doc);
}

}  // namespace gameai
