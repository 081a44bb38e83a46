// `gameai solve GAME [--solver 'key=value,...'] [--json]`.
#include "args.h"
#include "fmt/format.h"
#include "gameai/core/json_writer.h"
#include "gameai/core/registry.h"
#include "gameai/core/spec.h"
#include "gameai/core/text.h"

namespace gameai::cli {

int RunSolve(const std::vector<std::string>& argv) {
  absl::StatusOr<Args> args = ParseArgs(argv, {"solver"}, {"json"});
  if (!args.ok()) return Fail(args.status());
  if (args->positional.size() != 1) {
    return Fail(absl::InvalidArgumentError(
        "usage: gameai solve GAME [--solver 'key=value,...'] [--json]"));
  }
  const std::string& game_spec = args->positional[0];
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(game_spec);
  if (!game.ok()) return Fail(game.status());
  absl::StatusOr<const GameEntry*> entry = FindGame((*game)->Name());
  if (!entry.ok()) return Fail(entry.status());
  if (!(*entry)->solve) {
    return Fail(absl::InvalidArgumentError(
        fmt::format("game '{}' has no exact solver", (*game)->Name())));
  }
  absl::StatusOr<Spec> solver_spec = ParseSpec(fmt::format(
      "solver({})",
      args->values.count("solver") ? args->values["solver"] : std::string()));
  if (!solver_spec.ok()) return Fail(solver_spec.status());
  absl::StatusOr<Params> params =
      ResolveParams(*solver_spec, (*entry)->solver_params,
                    fmt::format("solver of '{}'", (*game)->Name()));
  if (!params.ok()) return Fail(params.status());
  absl::StatusOr<std::vector<SolveField>> fields =
      (*entry)->solve(**game, *params);
  if (!fields.ok()) return Fail(fields.status());
  if (args->switches.count("json")) {
    JsonWriter w;
    w.BeginObject();
    w.Key("game");
    w.String((*game)->Spec());
    for (const SolveField& f : *fields) {
      w.Key(f.name);
      if (const auto* i = std::get_if<int64_t>(&f.value)) w.Int(*i);
      if (const auto* d = std::get_if<double>(&f.value)) w.Double(*d);
      if (const auto* s = std::get_if<std::string>(&f.value)) w.String(*s);
    }
    w.EndObject();
    fmt::print("{}\n", w.Take());
  } else {
    fmt::print("{}\n", (*game)->Spec());
    for (const SolveField& f : *fields) {
      std::visit([&](const auto& v) { fmt::print("  {}: {}\n", f.name, v); },
                 f.value);
    }
  }
  return 0;
}

}  // namespace gameai::cli
