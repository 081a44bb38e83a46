// `gameai solve GAME [--state TEXT | --state-file FILE | --position TEXT]
// [--solver 'key=value,...'] [--json]`.
#include <cstdio>

#include "args.h"
#include "base/json_text.h"
#include "fmt/format.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/registry.h"
#include "gameai/dynamic/state_solver.h"
#include "read_file.h"

namespace gameai::cli {
namespace {

constexpr char kUsage[] =
    "usage: gameai solve GAME [--state TEXT | --state-file FILE | "
    "--position TEXT] [--solver 'key=value,...'] [--json]";
// A state's text is one line of numbers; a longer file is no state.
constexpr size_t kMaxStateFileBytes = 64 << 10;

// SolveHelp: the options, and each solver's own with their defaults.
std::string SolveHelp() {
  std::string out = fmt::format(
      "{}\n"
      "\n"
      "The exact value of GAME (a spec) where the game has a solver: of its\n"
      "start, or of the state given.\n"
      "\n"
      "options:\n"
      "  --state TEXT        solve this state (the game's state text, as\n"
      "                      `State::Serialize` writes it)\n"
      "  --state-file FILE   the state text from FILE\n"
      "  --position TEXT     the value of a position in the game's own short\n"
      "                      text (the games with one below)\n"
      "  --scorecard TEXT    the same as --position (an older name)\n"
      "  --solver 'k=v,...'  the solver's options (below; default: all "
      "defaults)\n"
      "  --json              the result as JSON on stdout\n"
      "  --help              this text\n",
      kUsage);
  for (const GameEntry* g : RegisteredGames()) {
    if (g->position_value) {
      out += fmt::format("\n--position of {} (a {}): {}\n", g->name,
                         g->position_name, g->position_help);
    }
    if (!g->solve) continue;
    out += fmt::format("\nsolver options of {}:\n", g->name);
    for (const ParamDef& p : g->solver_params) {
      out += fmt::format("  {}\n", p.Describe());
    }
  }
  return out;
}

void PrintFields(const std::vector<SolveField>& fields) {
  for (const SolveField& f : fields) {
    std::visit([&](const auto& v) { fmt::print("  {}: {}\n", f.name, v); },
               f.value);
  }
}

// SolveGame: the game from its start (the solver's own report).
int SolveGame(const Game& game, const GameEntry& entry, const Params& params,
              bool json) {
  absl::StatusOr<std::vector<SolveField>> fields = entry.solve(game, params);
  if (!fields.ok()) return Fail(fields.status());
  if (json) {
    nlohmann::ordered_json doc = {{"game", game.Spec()}};
    for (const SolveField& f : *fields) {
      doc[f.name] = std::visit(
          [](const auto& v) { return nlohmann::ordered_json(v); }, f.value);
    }
    fmt::print("{}\n", JsonText(doc));
  } else {
    fmt::print("{}\n", game.Spec());
    PrintFields(*fields);
  }
  return 0;
}

// SolveStateText: the state `text` of `game`. Doubles print in shortest
// round-trip form: the exact double.
int SolveStateText(const Game& game, const std::string& text,
                   const std::string& options, bool json) {
  absl::StatusOr<std::unique_ptr<State>> state = game.DeserializeState(text);
  if (!state.ok()) return Fail(state.status());
  absl::StatusOr<StateSolution> s = SolveState(**state, options);
  if (!s.ok()) return Fail(s.status());
  if (json) {
    fmt::print("{}\n", StateSolutionToJson(**state, *s));
    return 0;
  }
  fmt::print("{}\n  state: {}\n  status: {}\n", game.Spec(),
             (*state)->Serialize(), s->status);
  if (s->status == "bounded") {
    fmt::print("  value: in [{}, {}] (not solved within the budget)\n",
               s->value_lower, s->value_upper);
  } else {
    fmt::print("  value: {}\n", s->value);
  }
  fmt::print("  value_meaning: {}\n", s->value_meaning);
  if (s->best_action) {
    fmt::print("  best_action: {} ({})\n", *s->best_action,
               s->best_action_text);
  }
  fmt::print("  nodes: {}\n", s->nodes);
  for (const StateSolution::ActionValue& a : s->action_values) {
    fmt::print("  after {} ({}): {}\n", a.text, a.action, a.value);
  }
  PrintFields(s->details);
  return 0;
}

// SolvePosition: a position in the game's own short text (its entry's
// position_value), shown under the entry's name for such a text.
int SolvePosition(const Game& game, const std::string& text,
                  const std::string& options, bool json) {
  absl::StatusOr<std::vector<SolveField>> fields =
      PositionValue(game, text, options);
  if (!fields.ok()) return Fail(fields.status());
  const std::string name = (*FindGame(game.Name()))->position_name;
  if (json) {
    nlohmann::ordered_json doc = {{"game", game.Spec()}, {name, text}};
    for (const SolveField& f : *fields) {
      doc[f.name] = std::visit(
          [](const auto& v) { return nlohmann::ordered_json(v); }, f.value);
    }
    fmt::print("{}\n", JsonText(doc));
  } else {
    fmt::print("{}\n  {}: {}\n", game.Spec(), name, text);
    PrintFields(*fields);
  }
  return 0;
}

}  // namespace

int RunSolve(const std::vector<std::string>& argv) {
  absl::StatusOr<Args> args = ParseArgs(
      argv, {"solver", "state", "state-file", "position", "scorecard"},
      {"json", "help"});
  if (!args.ok()) return Fail(args.status());
  if (args->switches.count("help")) {
    fmt::print("{}", SolveHelp());
    return 0;
  }
  if (args->positional.size() != 1) {
    return Fail(absl::InvalidArgumentError(
        fmt::format("{} (gameai solve --help)", kUsage)));
  }
  if (args->values.count("scorecard")) {
    if (args->values.count("position")) {
      return Fail(absl::InvalidArgumentError(
          "--scorecard is --position's older name: give one of them"));
    }
    args->values["position"] = args->values["scorecard"];
  }
  const int inputs = static_cast<int>(args->values.count("state") +
                                      args->values.count("state-file") +
                                      args->values.count("position"));
  if (inputs > 1) {
    return Fail(absl::InvalidArgumentError(
        "--state, --state-file and --position exclude each other"));
  }
  absl::StatusOr<std::shared_ptr<const Game>> game =
      LoadGame(args->positional[0]);
  if (!game.ok()) return Fail(game.status());
  const bool json = args->switches.count("json") > 0;
  const std::string options =
      args->values.count("solver") ? args->values["solver"] : std::string();
  if (args->values.count("position")) {
    return SolvePosition(**game, args->values["position"], options, json);
  }
  // From the start: any game with a solver; from a state: its state solver.
  absl::StatusOr<const GameEntry*> entry =
      inputs == 0 ? FindGame((*game)->Name()) : SolverEntry(**game);
  if (!entry.ok()) return Fail(entry.status());
  if (inputs == 0 && !(*entry)->solve) {
    return Fail(absl::InvalidArgumentError(
        fmt::format("game '{}' has no exact solver; games with one: {}",
                    (*game)->Name(), fmt::join(SolvableGames(), ", "))));
  }
  absl::StatusOr<Params> params = ResolveSolverOptions(**entry, options);
  if (!params.ok()) return Fail(params.status());
  if (args->values.count("state-file")) {
    absl::StatusOr<std::string> text =
        ReadBoundedFile(args->values["state-file"], kMaxStateFileBytes);
    if (!text.ok()) {
      return Fail(absl::Status(
          text.status().code(),
          fmt::format("--state-file: {}{}", Str(text.status().message()),
                      text.status().code() == absl::StatusCode::kInvalidArgument
                          ? ", no state text"
                          : "")));
    }
    return SolveStateText(**game, *text, options, json);
  }
  if (args->values.count("state")) {
    return SolveStateText(**game, args->values["state"], options, json);
  }
  return SolveGame(**game, **entry, *params, json);
}

}  // namespace gameai::cli
