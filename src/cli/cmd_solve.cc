// `gameai solve GAME [--state TEXT | --state-file FILE | --position TEXT]
// [--solver 'key=value,...'] [--json]`.
#include <cstdio>

#include "args.h"
#include "base/json_text.h"
#include "fmt/format.h"
#include "gameai/base/stop_request.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/registry.h"
#include "gameai/dynamic/state_solver.h"
#include "platform/interrupt.h"
#include "read_file.h"

namespace gameai::cli {
namespace {

// A state's text is one line of numbers; a longer file is no state.
constexpr size_t kMaxStateFileBytes = 64 << 10;

// SolverHelp: each game's --position text and solver options with their
// defaults (the end of gameai solve --help).
std::string SolverHelp() {
  std::string out;
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

// StoppedByCtrlC: a search Ctrl-C ended early found no answer; it is
// not printed, and the exit status says why.
int StoppedByCtrlC() {
  return Fail(absl::CancelledError(
      "solve: stopped by Ctrl-C before the end; no value is given"));
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
  if (platform::Interrupted()) return StoppedByCtrlC();
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
  if (platform::Interrupted()) return StoppedByCtrlC();
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
  if (platform::Interrupted()) return StoppedByCtrlC();
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

// SolveCommand: `gameai solve` without its Ctrl-C handling.
static int SolveCommand(const std::vector<std::string>& argv) {
  std::string spec, state, state_file, position, scorecard, options;
  bool json = false;
  CommandLine command("solve",
                      "The exact value of GAME (a spec) where the game has a "
                      "solver: of its start, or of the state given.");
  command.Positional("GAME", &spec, "the game (a spec)");
  command.Text(
      "--state", &state,
      "solve this state (the game's state text, as State::Serialize writes "
      "it)");
  command.Text("--state-file", &state_file, "the state text from FILE");
  command.Text(
      "--position", &position,
      "the value of a position in the game's own short text (the games "
      "with one below)");
  command.Text("--scorecard", &scorecard,
               "the same as --position (an older name)");
  command.Text("--solver", &options,
               "the solver's options 'k=v,...' (below; default: all "
               "defaults)");
  command.Flag("--json", &json, "the result as JSON on stdout");
  command.Exclusive({"--state", "--state-file", "--position", "--scorecard"});
  command.Footer(SolverHelp());
  if (std::optional<int> done = command.Parse(argv)) return *done;
  if (command.Given("--scorecard")) position = scorecard;
  const int inputs = command.Given("--state") + command.Given("--state-file") +
                     command.Given("--position") + command.Given("--scorecard");
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(spec);
  if (!game.ok()) return Fail(game.status());
  if (command.Given("--position") || command.Given("--scorecard")) {
    return SolvePosition(**game, position, options, json);
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
  if (command.Given("--state-file")) {
    absl::StatusOr<std::string> text =
        ReadBoundedFile(state_file, kMaxStateFileBytes);
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
  if (command.Given("--state")) {
    return SolveStateText(**game, state, options, json);
  }
  return SolveGame(**game, **entry, *params, json);
}

// Ctrl-C ends the search at its next poll (StopScope).
int RunSolve(const std::vector<std::string>& argv) {
  platform::CatchInterrupt();
  StopScope stop([] { return platform::Interrupted(); });
  return SolveCommand(argv);
}

}  // namespace gameai::cli
