#include "gameai/core/state_solver.h"

#include <variant>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/core/spec.h"

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
  absl::StatusOr<const GameEntry*> entry = FindGame(game.Name());
  if (!entry.ok()) return entry.status();
  if (!(*entry)->solve_state) {
    return absl::InvalidArgumentError(
        fmt::format("game '{}' has no exact solver; games with one: {}",
                    game.Name(), fmt::join(SolvableGames(), ", ")));
  }
  return *entry;
}

absl::StatusOr<Params> ResolveSolverOptions(const GameEntry& entry,
                                            std::string_view options) {
  absl::StatusOr<Spec> spec = ParseSpec(fmt::format("solver({})", options));
  if (!spec.ok()) return spec.status();
  return ResolveParams(*spec, entry.solver_params,
                       fmt::format("solver of '{}'", entry.name));
}

absl::StatusOr<StateSolution> SolveState(const State& state,
                                         std::string_view solver_options) {
  absl::StatusOr<const GameEntry*> entry = SolverEntry(state.GetGame());
  if (!entry.ok()) return entry.status();
  absl::StatusOr<Params> params = ResolveSolverOptions(**entry, solver_options);
  if (!params.ok()) return params.status();
  return (*entry)->solve_state(state, *params);
}

void WriteSolveField(const SolveField& field, JsonWriter& w) {
  w.Key(field.name);
  if (const auto* i = std::get_if<int64_t>(&field.value)) w.Int(*i);
  if (const auto* d = std::get_if<double>(&field.value)) w.Double(*d);
  if (const auto* s = std::get_if<std::string>(&field.value)) w.String(*s);
}

std::string StateSolutionToJson(const State& state,
                                const StateSolution& solution) {
  JsonWriter w;
  w.BeginObject();
  w.Key("game");
  w.String(state.GetGame().Spec());
  w.Key("state");
  w.String(state.Serialize());
  w.Key("status");
  w.String(solution.status);
  w.Key("value");
  if (solution.status == "bounded") {
    w.Null();
  } else {
    w.Double(solution.value);
  }
  w.Key("value_lower");
  w.Double(solution.value_lower);
  w.Key("value_upper");
  w.Double(solution.value_upper);
  w.Key("value_meaning");
  w.String(solution.value_meaning);
  w.Key("best_action");
  if (solution.best_action) {
    w.Int(*solution.best_action);
  } else {
    w.Null();
  }
  w.Key("best_action_text");
  w.String(solution.best_action_text);
  w.Key("nodes");
  w.Int(solution.nodes);
  w.Key("action_values");
  w.BeginArray();
  for (const StateSolution::ActionValue& a : solution.action_values) {
    w.BeginObject();
    w.Key("action");
    w.Int(a.action);
    w.Key("text");
    w.String(a.text);
    w.Key("value");
    w.Double(a.value);
    w.EndObject();
  }
  w.EndArray();
  for (const SolveField& f : solution.details) WriteSolveField(f, w);
  w.EndObject();
  return w.Take();
}

}  // namespace gameai
