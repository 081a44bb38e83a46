// gameai: the command line of the library (docs/cli.md).
#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "args.h"
#include "fmt/format.h"
#include "gameai/base/memory.h"
#include "gameai/dynamic/registry.h"

namespace {

constexpr char kHelp[] =
    "gameai: games and game-playing agents\n"
    "\n"
    "  gameai games [--json]                 games, parameters, defaults, "
    "ranges\n"
    "  gameai agents [GAME] [--json]         agents per game with their "
    "options\n"
    "  gameai match GAME --agents A,B[,...] [--games N] [--seed S]\n"
    "               [--series K] [--threads T] [--random-opening PLIES]\n"
    "               [--json] [--game-log] [--html FILE]\n"
    "                                        play a series, report results\n"
    "  gameai tournament GAME --agents A,B,C[,...] [--format F]\n"
    "               [--games-per-pairing N] [--seed S] [--threads T]\n"
    "               [--random-opening P] [--anchor A] [--json] [--html FILE]\n"
    "                                        round robin or gauntlet, Elo "
    "ratings\n"
    "  gameai sprt GAME --agents NEW,BASE --elo0 E0 --elo1 E1 [--alpha A]\n"
    "               [--beta B] [--max-games N] [--json] [--html FILE]\n"
    "                                        is NEW stronger? as few games "
    "as it takes\n"
    "  gameai solve GAME [--state TEXT | --state-file FILE |\n"
    "               --position TEXT]\n"
    "               [--solver 'key=value,...'] [--json]\n"
    "                                        exact value where a solver "
    "exists\n"
    "  gameai play GAME [--agents human,AGENT] [--level L] [--names A,B]\n"
    "               [--seat N] [--seed S] [--hint AGENT] [--verbose]\n"
    "                                        play in the terminal\n"
    "  gameai serve GAME --seats SPEC,remote,... [--games N] [--seed S]\n"
    "               [--port P] [--move-ms T] [--log FILE] [--resume FILE]\n"
    "                                        host a tournament over the "
    "network\n"
    "  gameai connect HOST:PORT --agent SPEC --token T\n"
    "                                        play a remote seat of it\n"
    "%GAME_COMMANDS%"
    "\n"
    "gameai COMMAND --help lists a command's options with their defaults.\n"
    "\n"
    "Games and agents are spec strings: name(key=value,...), for example\n"
    "  gameai match '%EXAMPLE_GAME%' --agents "
    "'mcts(simulations=2000),random'\n";

// Fill: `marker` in `text` replaced by `value`.
void Fill(std::string& text, std::string_view marker, std::string_view value) {
  text.replace(text.find(marker), marker.size(), value);
}

// Help: kHelp with the commands the games of this build bring.
std::string Help() {
  std::string commands;
  for (const gameai::GameEntry* game : gameai::RegisteredGames()) {
    for (const gameai::CommandEntry& c : game->commands) {
      commands += fmt::format("  gameai {} {}\n{:40}{} ({})\n", c.name,
                              c.synopsis, "", c.help, game->name);
    }
  }
  std::string help = kHelp;
  Fill(help, "%GAME_COMMANDS%", commands);
  // The example names a game of this build (with its parameters).
  const std::vector<const gameai::GameEntry*> games = gameai::RegisteredGames();
  std::string example = games.empty() ? "GAME" : games.front()->name;
  if (!games.empty() && !games.front()->params.empty()) {
    const gameai::ParamDef& p = games.front()->params.front();
    example += fmt::format("({}={})", p.name, p.default_value);
  }
  Fill(help, "%EXAMPLE_GAME%", example);
  return help;
}

}  // namespace

int Dispatch(int argc, char** argv) {
  using namespace gameai::cli;
  if (argc < 2) {
    gameai::RegisterBuiltinGames();
    fmt::print(stderr, "{}", Help());
    return gameai::kExitUsage;
  }
  const std::string command = argv[1];
  const std::vector<std::string> rest(argv + 2, argv + argc);
  if (command == "games") return RunGames(rest);
  if (command == "agents") return RunAgents(rest);
  if (command == "match") return RunMatchCommand(rest);
  if (command == "tournament") return RunTournament(rest);
  if (command == "sprt") return RunSprt(rest);
  if (command == "solve") return RunSolve(rest);
  if (command == "play") return RunPlay(rest);
  if (command == "serve") return RunServe(rest);
  if (command == "connect") return RunConnect(rest);
  gameai::RegisterBuiltinGames();
  for (const gameai::GameEntry* game : gameai::RegisteredGames()) {
    for (const gameai::CommandEntry& c : game->commands) {
      if (c.name == command) return c.run(rest);
    }
  }
  if (command == "help" || command == "--help" || command == "-h") {
    fmt::print("{}", Help());
    return 0;
  }
  std::string commands =
      "games, agents, match, tournament, sprt, solve, play, serve, connect";
  for (const gameai::GameEntry* game : gameai::RegisteredGames()) {
    for (const gameai::CommandEntry& c : game->commands) {
      commands += ", " + c.name;
    }
  }
  return Fail(absl::InvalidArgumentError(
      "unknown command '" + command + "'; commands: " + commands + ", help"));
}

// main: no exception leaves the command: memory that runs out is an error
// message and exit status 1, not an abort.
int main(int argc, char** argv) {
  try {
    return Dispatch(argc, argv);
  } catch (const std::bad_alloc&) {
    std::fputs("gameai: ", stderr);
    std::fputs(gameai::kOutOfMemoryMessage, stderr);
    std::fputs("\n", stderr);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gameai: internal error: %s\n", e.what());
  }
  return gameai::kExitFailure;
}
