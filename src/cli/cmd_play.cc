// `gameai play GAME [--agents ...] ...`: the options of a game in the
// terminal; the game itself is play_session.cc.
#include <algorithm>
#include <iostream>

#include "args.h"
#include "fmt/format.h"
#include "gameai/arena/play_table.h"
#include "gameai/arena/saved_game.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/play_screen.h"
#include "gameai/dynamic/registry.h"
#include "gameai/dynamic/spec.h"
#include "play_session.h"

namespace gameai::cli {
namespace {

constexpr char kPlayFooter[] =
    "The computer's levels without --agents: {levels} (default: "
    "{strongest}).\n"
    "At your turn: a move (a number where options are listed), or hint,\n"
    "moves, board, undo, save FILE, load FILE, help, quit.";

// PlayFooter: the levels of `game_spec` (when it names a game) and the
// commands at a turn.
std::string PlayFooter(const std::string& game_spec) {
  std::string levels = "per game (gameai play GAME --help lists them)";
  std::string strongest = "the last, the strongest";
  if (absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(game_spec);
      !game_spec.empty() && game.ok()) {
    std::vector<std::string> names;
    const std::vector<Level> all = ScreenFor(**game)->Levels();
    for (const Level& l : all) {
      names.push_back(fmt::format("{} ({})", l.name, l.agent));
    }
    levels = fmt::format("{}", fmt::join(names, ", "));
    strongest = all.back().name;
  }
  return fmt::format(kPlayFooter, fmt::arg("levels", levels),
                     fmt::arg("strongest", strongest));
}

// PlayFlags: the options of gameai play.
struct PlayFlags {
  std::string game, agents, level, names, hint, debug_log;
  int64_t seat = 1;
  uint64_t seed = 1;
  bool verbose = false;
};

absl::StatusOr<std::vector<std::string>> SeatSpecs(const PlayFlags& flags,
                                                   const CommandLine& command,
                                                   const Game& game) {
  const int seats = game.NumPlayers();
  if (command.Given("--agents")) {
    for (const char* flag : {"level", "seat"}) {
      if (command.Given(fmt::format("--{}", flag))) {
        return absl::InvalidArgumentError(
            fmt::format("--{} goes without --agents (--agents names every "
                        "seat)",
                        flag));
      }
    }
    GAMEAI_ASSIGN_OR_RETURN(std::vector<std::string> specs,
                            SplitTopLevel(flags.agents));
    if (static_cast<int>(specs.size()) != seats) {
      return absl::InvalidArgumentError(fmt::format(
          "game '{}' has {} seats: give one agent (or human) per seat",
          game.Name(), seats));
    }
    return specs;
  }
  const std::vector<Level> levels = ScreenFor(game)->Levels();
  std::string agent = levels.back().agent;
  if (command.Given("--level")) {
    std::vector<std::string> names;
    agent.clear();
    for (const Level& l : levels) {
      names.push_back(l.name);
      if (l.name == flags.level) agent = l.agent;
    }
    if (agent.empty()) {
      return absl::InvalidArgumentError(
          fmt::format("--level {}: levels of '{}' are {}", flags.level,
                      game.Name(), fmt::join(names, ", ")));
    }
  }
  if (flags.seat > seats) {
    return absl::InvalidArgumentError(
        fmt::format("--seat {}: game '{}' has seats 1..{}", flags.seat,
                    game.Name(), seats));
  }
  std::vector<std::string> specs(seats, agent);
  specs[flags.seat - 1] = "human";
  return specs;
}

}  // namespace

int RunPlay(const std::vector<std::string>& argv) {
  PlayFlags flags;
  CommandLine command(
      "play",
      "Play GAME in the terminal against the computer. Without --agents you "
      "sit at one seat and the game's strongest agent (or --level) at the "
      "others. Game parameters go in the spec: 'GAME(key=value,...)' "
      "(gameai games lists them).");
  command.Positional("GAME", &flags.game, "the game (a spec)");
  command.Text("--agents", &flags.agents,
               "one per seat in seat order, 'human' for a person (default: "
               "human at --seat, the --level agent elsewhere)");
  command.Text("--level", &flags.level,
               "the computer's level without --agents (below)");
  command.Integer("--seat", &flags.seat, 1, kMaxPlayers,
                  "your seat without --agents, 1..players (seat 1 moves "
                  "first unless the game's spec says)");
  command.Text("--names", &flags.names,
               "the players' names A,B,... in seat order (default: You and "
               "the agents' names)");
  command.Text("--hint", &flags.hint,
               "the agent `hint` asks (default: the game's strongest)");
  command.Seed("--seed", &flags.seed, "chance and the bots' seeds");
  command.Flag("--verbose", &flags.verbose, "also the bots' raw search output");
  command.Text("--debug-log", &flags.debug_log,
               "write the full state after every step to FILE, a new file "
               "(for tests: it holds every hidden card)");
  command.Footer([&flags] { return PlayFooter(flags.game); });
  if (std::optional<int> done = command.Parse(argv)) return *done;
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(flags.game);
  if (!game.ok()) return Fail(game.status());
  absl::StatusOr<std::vector<std::string>> specs =
      SeatSpecs(flags, command, **game);
  if (!specs.ok()) return Fail(specs.status());
  PlayConfig config;
  config.verbose = flags.verbose;
  if (command.Given("--debug-log")) {
    if (flags.debug_log.empty()) {
      return Fail(absl::InvalidArgumentError(
          "--debug-log needs a file name (a new file)"));
    }
    config.debug_log = flags.debug_log;
  }
  std::vector<std::string> names;
  if (command.Given("--names")) {
    for (std::string_view name : Split(flags.names, ',')) {
      names.emplace_back(Trim(name));
      if (names.back().empty()) {
        return Fail(absl::InvalidArgumentError(
            "--names: a name is empty; give one name per seat, A,B,..."));
      }
    }
    if (names.size() != specs->size()) {
      return Fail(absl::InvalidArgumentError(fmt::format(
          "--names: {} names for {} seats", names.size(), specs->size())));
    }
  }
  absl::StatusOr<std::unique_ptr<PlayTable>> table =
      PlayTable::FromSpecs(*game, *specs, flags.seed, std::move(names));
  if (!table.ok()) return Fail(table.status());
  config.table = *std::move(table);
  config.hint_agent = command.Given("--hint") ? flags.hint : HintAgent(**game);
  if (absl::StatusOr<std::unique_ptr<Agent>> check =
          LoadAgent(**game, config.hint_agent);
      !check.ok()) {
    return Fail(check.status());
  }
  return RunPlaySession(std::move(config), std::cin);
}

}  // namespace gameai::cli
