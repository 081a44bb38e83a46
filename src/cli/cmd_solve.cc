// `gameai solve GAME [--solver 'key=value,...'] [--json]`.
#include "args.h"
#include "fmt/format.h"
#include "gameai/core/json_writer.h"
#include "gameai/core/registry.h"
#include "gameai/core/spec.h"
#include "gameai/core/text.h"

namespace gameai::cli {
namespace {

// SolveHelp: the options, and each solver's own with their defaults.
std::string SolveHelp() {
  std::string out =
      "usage: gameai solve GAME [--solver 'key=value,...'] [--json]\n"
      "\n"
      "The exact value of GAME (a spec) where the game has a solver.\n"
      "\n"
      "options:\n"
      "  --solver 'k=v,...'  the solver's options (below; default: all "
      "defaults)\n"
      "  --json              the result as JSON on stdout\n"
      "  --help              this text\n";
  for (const GameEntry* g : RegisteredGames()) {
    if (!g->solve) continue;
    out += fmt::format("\nsolver options of {}:\n", g->name);
    for (const ParamDef& p : g->solver_params) {
      out += fmt::format("  {}\n", p.Describe());
    }
  }
  return out;
}

}  // namespace

int RunSolve(const std::vector<std::string>& argv) {
  absl::StatusOr<Args> args = ParseArgs(argv, {"solver"}, {"json", "help"});
  if (!args.ok()) return Fail(args.status());
  if (args->switches.count("help")) {
    fmt::print("{}", SolveHelp());
    return 0;
  }
  if (args->positional.size() != 1) {
    return Fail(absl::InvalidArgumentError(
        "usage: gameai solve GAME [--solver 'key=value,...'] [--json] "
        "(gameai solve --help)"));
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
