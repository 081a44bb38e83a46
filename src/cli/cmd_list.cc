// `gameai games` and `gameai agents [GAME]`.
#include "args.h"
#include "base/json_text.h"
#include "fmt/format.h"
#include "gameai/dynamic/registry.h"
#include "gameai/dynamic/spec.h"

namespace gameai::cli {
namespace {

using Json = nlohmann::ordered_json;

Json ParamsJson(const std::vector<ParamDef>& params) {
  Json out = Json::array();
  for (const ParamDef& p : params) {
    out.push_back({{"name", p.name}, {"description", p.Describe()}});
  }
  return out;
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
  Json out = Json::array();
  for (const GameEntry* g : RegisteredGames()) {
    if (json) {
      out.push_back({{"name", g->name},
                     {"help", g->help},
                     {"params", ParamsJson(g->params)}});
    } else {
      fmt::print("{}: {}\n", g->name, g->help);
      PrintParams(g->params);
    }
  }
  if (json) fmt::print("{}\n", JsonText(out));
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
    // A name or a whole spec ("mancala(pits=3)": the game's agents are
    // the same with any parameters, which must still be valid).
    const std::string& given = args->positional[0];
    absl::StatusOr<Spec> spec = ParseSpec(given);
    if (!spec.ok()) return Fail(spec.status());
    absl::StatusOr<const GameEntry*> game = FindGame(spec->name);
    if (!game.ok()) return Fail(game.status());
    if (!spec->args.empty()) {
      if (absl::StatusOr<std::shared_ptr<const Game>> loaded = LoadGame(given);
          !loaded.ok()) {
        return Fail(loaded.status());
      }
    }
    games.push_back(*game);
  }
  const bool json = args->switches.count("json") > 0;
  Json out = Json::array();
  for (const GameEntry* g : games) {
    if (!json) fmt::print("{}:\n", g->name);
    for (const AgentEntry* a : AgentsFor(*g)) {
      if (json) {
        out.push_back({{"game", g->name},
                       {"name", a->name},
                       {"help", a->help},
                       {"memory", a->memory},
                       {"memory_option", a->memory_option},
                       {"params", ParamsJson(a->params)}});
      } else {
        fmt::print("  {}: {}\n", a->name, a->help);
        fmt::print("    memory: {}\n", MemoryLine(*a));
        PrintParams(a->params);
      }
    }
  }
  if (json) fmt::print("{}\n", JsonText(out));
  return 0;
}

}  // namespace gameai::cli
