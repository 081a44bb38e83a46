// `gameai play GAME [--agents ...] ...`: the options of a game in the
// terminal; the game itself is play_session.cc.
#include <algorithm>
#include <iostream>

#include "args.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/play_screen.h"
#include "gameai/dynamic/registry.h"
#include "gameai/dynamic/spec.h"
#include "play_session.h"

namespace gameai::cli {
namespace {

constexpr char kPlayHelp[] =
    "usage: gameai play GAME [options]\n"
    "\n"
    "Play GAME in the terminal against the computer. Without --agents you\n"
    "sit at one seat and the game's strongest agent (or --level) at the\n"
    "others. Game parameters go in the spec: 'GAME(key=value,...)'\n"
    "(gameai games lists them).\n"
    "\n"
    "options:\n"
    "  --agents A,B,...  one per seat in seat order, 'human' for a person\n"
    "                    (default: human at --seat, the --level agent "
    "elsewhere)\n"
    "  --level NAME      the computer's level without --agents: {levels}\n"
    "                    (default: {strongest})\n"
    "  --seat N          your seat without --agents, 1..players (default 1;\n"
    "                    seat 1 moves first unless the game's spec says)\n"
    "  --names A,B,...   the players' names in seat order (default: You and\n"
    "                    the agents' names)\n"
    "  --hint AGENT      the agent `hint` asks (default: the game's "
    "strongest)\n"
    "  --seed S          chance and the bots' seeds (default 1)\n"
    "  --verbose         also the bots' raw search output\n"
    "  --debug-log FILE  write the full state after every step to FILE, a\n"
    "                    new file (for tests: it holds every hidden card)\n"
    "  --help            this text\n"
    "\n"
    "At your turn: a move (a number where options are listed), or hint,\n"
    "moves, board, undo, save FILE, load FILE, help, quit.\n";

std::string PlayHelp(const std::string& game_spec) {
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
  return fmt::format(kPlayHelp, fmt::arg("levels", levels),
                     fmt::arg("strongest", strongest));
}

// DefaultNames: "You" for a lone person ("Player N" for several), each
// bot by its spec (with the seat where two share one).
std::vector<std::string> DefaultNames(const std::vector<std::string>& specs) {
  const int humans = static_cast<int>(
      std::count(specs.begin(), specs.end(), std::string("human")));
  std::vector<std::string> names;
  for (size_t i = 0; i < specs.size(); ++i) {
    const bool shared = std::count(specs.begin(), specs.end(), specs[i]) > 1;
    if (specs[i] == "human") {
      names.push_back(humans == 1 ? "You" : fmt::format("Player {}", i + 1));
    } else {
      names.push_back(shared ? fmt::format("{} {}", specs[i], i + 1)
                             : specs[i]);
    }
  }
  return names;
}

absl::StatusOr<std::vector<std::string>> SeatSpecs(const Args& args,
                                                   const Game& game) {
  const int seats = game.NumPlayers();
  if (args.values.count("agents")) {
    for (const char* flag : {"level", "seat"}) {
      if (args.values.count(flag)) {
        return absl::InvalidArgumentError(
            fmt::format("--{} goes without --agents (--agents names every "
                        "seat)",
                        flag));
      }
    }
    GAMEAI_ASSIGN_OR_RETURN(std::vector<std::string> specs,
                            SplitTopLevel(args.values.at("agents")));
    if (static_cast<int>(specs.size()) != seats) {
      return absl::InvalidArgumentError(fmt::format(
          "game '{}' has {} seats: give one agent (or human) per seat",
          game.Name(), seats));
    }
    return specs;
  }
  const std::vector<Level> levels = ScreenFor(game)->Levels();
  std::string agent = levels.back().agent;
  if (auto it = args.values.find("level"); it != args.values.end()) {
    std::vector<std::string> names;
    agent.clear();
    for (const Level& l : levels) {
      names.push_back(l.name);
      if (l.name == it->second) agent = l.agent;
    }
    if (agent.empty()) {
      return absl::InvalidArgumentError(
          fmt::format("--level {}: levels of '{}' are {}", it->second,
                      game.Name(), fmt::join(names, ", ")));
    }
  }
  GAMEAI_ASSIGN_OR_RETURN(int64_t seat, args.Int("seat", 1, 1, seats));
  std::vector<std::string> specs(seats, agent);
  specs[seat - 1] = "human";
  return specs;
}

// CheckPeople: several people at one terminal would see each other's
// cards or bids, so games with hidden moves take one.
absl::Status CheckPeople(const std::vector<std::string>& specs,
                         const Game& game) {
  const GameType type = game.Type();
  const bool hidden = type.information == GameType::Information::kImperfect ||
                      type.dynamics == GameType::Dynamics::kSimultaneous;
  if (hidden && std::count(specs.begin(), specs.end(), "human") > 1) {
    return absl::InvalidArgumentError(fmt::format(
        "game '{}' has hidden cards or moves: one human seat per terminal",
        game.Name()));
  }
  return absl::OkStatus();
}

}  // namespace

int RunPlay(const std::vector<std::string>& argv) {
  absl::StatusOr<Args> args = ParseArgs(
      argv, {"agents", "seed", "hint", "names", "level", "seat", "debug-log"},
      {"verbose", "help"});
  if (!args.ok()) return Fail(args.status());
  if (args->switches.count("help")) {
    fmt::print("{}",
               PlayHelp(args->positional.empty() ? "" : args->positional[0]));
    return 0;
  }
  if (args->positional.size() != 1) {
    return Fail(absl::InvalidArgumentError(
        "usage: gameai play GAME [--agents human,AGENT,...] [--level L] "
        "[--seat N] [--names A,B] [--seed S] [--hint AGENT] [--verbose] "
        "(gameai play --help)"));
  }
  absl::StatusOr<std::shared_ptr<const Game>> game =
      LoadGame(args->positional[0]);
  if (!game.ok()) return Fail(game.status());
  absl::StatusOr<std::vector<std::string>> specs = SeatSpecs(*args, **game);
  if (!specs.ok()) return Fail(specs.status());
  if (absl::Status people = CheckPeople(*specs, **game); !people.ok()) {
    return Fail(people);
  }
  absl::StatusOr<uint64_t> seed = args->Seed("seed", 1);
  if (!seed.ok()) return Fail(seed.status());

  PlayConfig config;
  config.game = *game;
  config.seed = static_cast<uint64_t>(*seed);
  config.verbose = args->switches.count("verbose") > 0;
  if (auto it = args->values.find("debug-log"); it != args->values.end()) {
    if (it->second.empty()) {
      return Fail(absl::InvalidArgumentError(
          "--debug-log needs a file name (a new file)"));
    }
    config.debug_log = it->second;
  }
  for (const std::string& spec : *specs) {
    if (spec == "human") {
      config.agents.push_back(nullptr);
      continue;
    }
    absl::StatusOr<std::unique_ptr<Agent>> agent = LoadAgent(**game, spec);
    if (!agent.ok()) return Fail(agent.status());
    (*agent)->set_table(*specs);
    config.agents.push_back(*std::move(agent));
  }
  config.names = DefaultNames(*specs);
  if (auto it = args->values.find("names"); it != args->values.end()) {
    std::vector<std::string> names;
    for (std::string_view name : Split(it->second, ',')) {
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
    config.names = std::move(names);
  }
  absl::StatusOr<const GameEntry*> entry = FindGame((*game)->Name());
  if (!entry.ok()) return Fail(entry.status());
  config.hint_agent = args->values.count("hint")     ? args->values["hint"]
                      : (*entry)->hint_agent.empty() ? std::string("mcts")
                                                     : (*entry)->hint_agent;
  if (absl::StatusOr<std::unique_ptr<Agent>> check =
          LoadAgent(**game, config.hint_agent);
      !check.ok()) {
    return Fail(check.status());
  }
  return RunPlaySession(std::move(config), std::cin);
}

}  // namespace gameai::cli
