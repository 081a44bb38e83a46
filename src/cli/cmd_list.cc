// `gameai games` and `gameai agents [GAME]`.
#include "args.h"
#include "fmt/format.h"
#include "gameai/core/json_writer.h"
#include "gameai/core/registry.h"

namespace gameai::cli {
namespace {

void WriteParams(JsonWriter& w, const std::vector<ParamDef>& params) {
  w.Key("params");
  w.BeginArray();
  for (const ParamDef& p : params) {
    w.BeginObject();
    w.Key("name");
    w.String(p.name);
    w.Key("description");
    w.String(p.Describe());
    w.EndObject();
  }
  w.EndArray();
}

void PrintParams(const std::vector<ParamDef>& params) {
  for (const ParamDef& p : params) fmt::print("    {}\n", p.Describe());
}

// MemoryLine: "none", "<what>" or "with OPTION=true: <what>".
std::string MemoryLine(const AgentEntry& a) {
  if (a.memory.empty()) return "none";
  if (a.memory_option.empty()) return a.memory;
  return fmt::format("with {}=true: {}", a.memory_option, a.memory);
}

}  // namespace

int RunGames(const std::vector<std::string>& argv) {
  absl::StatusOr<Args> args = ParseArgs(argv, {}, {"json", "help"});
  if (!args.ok()) return Fail(args.status());
  if (args->switches.count("help")) {
    fmt::print(
        "usage: gameai games [--json]\n\nEvery game with its parameters, "
        "defaults and ranges.\n\noptions:\n  --json  as JSON on stdout\n"
        "  --help  this text\n");
    return 0;
  }
  if (!args->positional.empty()) {
    return Fail(absl::InvalidArgumentError(
        "usage: gameai games [--json] (no positional arguments)"));
  }
  const bool json = args->switches.count("json") > 0;
  JsonWriter w;
  w.BeginArray();
  for (const GameEntry* g : RegisteredGames()) {
    if (json) {
      w.BeginObject();
      w.Key("name");
      w.String(g->name);
      w.Key("help");
      w.String(g->help);
      WriteParams(w, g->params);
      w.EndObject();
    } else {
      fmt::print("{}: {}\n", g->name, g->help);
      PrintParams(g->params);
    }
  }
  w.EndArray();
  if (json) fmt::print("{}\n", w.Take());
  return 0;
}

int RunAgents(const std::vector<std::string>& argv) {
  absl::StatusOr<Args> args = ParseArgs(argv, {}, {"json", "help"});
  if (!args.ok()) return Fail(args.status());
  if (args->switches.count("help")) {
    fmt::print(
        "usage: gameai agents [GAME] [--json]\n\nThe agents of GAME (of "
        "every game without it) with their options,\ndefaults and "
        "ranges.\n\noptions:\n  --json  as JSON on stdout\n  --help  "
        "this text\n");
    return 0;
  }
  if (args->positional.size() > 1) {
    return Fail(
        absl::InvalidArgumentError("usage: gameai agents [GAME] [--json]"));
  }
  std::vector<const GameEntry*> games;
  if (args->positional.empty()) {
    games = RegisteredGames();
  } else {
    absl::StatusOr<const GameEntry*> game = FindGame(args->positional[0]);
    if (!game.ok()) return Fail(game.status());
    games.push_back(*game);
  }
  const bool json = args->switches.count("json") > 0;
  JsonWriter w;
  w.BeginArray();
  for (const GameEntry* g : games) {
    if (!json) fmt::print("{}:\n", g->name);
    for (const AgentEntry* a : AgentsFor(*g)) {
      if (json) {
        w.BeginObject();
        w.Key("game");
        w.String(g->name);
        w.Key("name");
        w.String(a->name);
        w.Key("help");
        w.String(a->help);
        w.Key("memory");
        w.String(a->memory);
        w.Key("memory_option");
        w.String(a->memory_option);
        WriteParams(w, a->params);
        w.EndObject();
      } else {
        fmt::print("  {}: {}\n", a->name, a->help);
        fmt::print("    memory: {}\n", MemoryLine(*a));
        PrintParams(a->params);
      }
    }
  }
  w.EndArray();
  if (json) fmt::print("{}\n", w.Take());
  return 0;
}

}  // namespace gameai::cli
