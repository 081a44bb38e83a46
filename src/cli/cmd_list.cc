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
  bool json = false;
  CommandLine command("games",
                      "Every game with its parameters, defaults and ranges.");
  command.Flag("--json", &json, "as JSON on stdout");
  if (std::optional<int> done = command.Parse(argv)) return *done;
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
  bool json = false;
  std::string given;
  CommandLine command("agents",
                      "The agents of GAME (of every game without it) with "
                      "their options, defaults and ranges.");
  command.OptionalPositional("GAME", &given, "a game name or spec");
  command.Flag("--json", &json, "as JSON on stdout");
  if (std::optional<int> done = command.Parse(argv)) return *done;
  std::vector<const GameEntry*> games;
  if (given.empty()) {
    games = RegisteredGames();
  } else {
    // A name or a whole spec ("mancala(pits=3)": the game's agents are
    // the same with any parameters, which must still be valid).
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
