// gameai/dynamic/registry.h: games and agents by spec string.
//
//   absl::StatusOr<std::shared_ptr<const Game>> game =
//       gameai::LoadGame("mancala(pits=6,seeds=4)");
//   absl::StatusOr<std::unique_ptr<Agent>> agent =
//       gameai::LoadAgent(**game, "mcts(simulations=2000,seed=3)");
//
// Registration is explicit: RegisterBuiltinGames() lists every built-in game
// (LoadGame calls it once); an embedding program may RegisterGame() its own.
#ifndef GAMEAI_DYNAMIC_REGISTRY_H_
#define GAMEAI_DYNAMIC_REGISTRY_H_

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "gameai/dynamic/agent.h"
#include "gameai/dynamic/game.h"
#include "gameai/dynamic/params.h"
#include "gameai/dynamic/play_screen.h"

namespace gameai {

using AgentFactory = std::function<absl::StatusOr<std::unique_ptr<Agent>>(
    const Game& game, const Params& params)>;

struct AgentEntry {
  std::string name;
  std::string help;
  std::vector<ParamDef> params;
  AgentFactory make;
  // memory: what an instance carries from one game to the next, so that
  // its results depend on how the games are split into series (the
  // arena's --threads); empty when every game depends on its own seed
  // only. memory_option: the bool option that turns the memory on (empty:
  // always on when `memory` is set). Agent::HasMemory() agrees per
  // instance.
  std::string memory;
  std::string memory_option;
};

// SolveField: one named result of an exact solver (a number or text), in
// the order the solver reports them.
struct SolveField {
  std::string name;
  std::variant<int64_t, double, std::string> value;
};
using SolverFunction = std::function<absl::StatusOr<std::vector<SolveField>>(
    const Game& game, const Params& solver_params)>;

// StateSolution: an exact solver's answer for one state (SolveState in
// gameai/dynamic/state_solver.h).
struct StateSolution {
  // status: "solved" (value exact), "bounded" (the budget ran out:
  // value_lower..value_upper is what was proved) or "terminal" (the game
  // is over; value is its final one).
  std::string status;
  // value: what `value_meaning` says (Kalah: player 0's final store minus
  // player 1's under perfect play; Yacht: the points the player to move
  // still expects under the optimal solitaire strategy). When bounded,
  // value_lower.
  double value = 0;
  double value_lower = 0;
  double value_upper = 0;
  std::string value_meaning;
  // best_action: the action reaching `value` for the player to move, or
  // nullopt (bounded, terminal, chance node).
  std::optional<Action> best_action;
  std::string best_action_text;
  int64_t nodes = 0;
  // action_values: the value after each action the solver evaluated (in
  // `value`'s terms), when it did.
  struct ActionValue {
    Action action;
    std::string text;
    double value;
  };
  std::vector<ActionValue> action_values;
  // details: the solver's other figures (time, tables).
  std::vector<SolveField> details;
};
using StateSolverFunction = std::function<absl::StatusOr<StateSolution>(
    const State& state, const Params& solver_params)>;

// PositionValueFunction: the exact value of a position given in a game's
// own short text, under `solver_options` ("key=value,..."): named figures,
// the first the value itself.
using PositionValueFunction =
    std::function<absl::StatusOr<std::vector<SolveField>>(
        const Game& game, std::string_view text,
        std::string_view solver_options)>;

// CommandEntry: a `gameai NAME ...` command a game brings.
struct CommandEntry {
  std::string name;
  // synopsis: the usage line after `gameai NAME`; help: one line for
  // `gameai help`.
  std::string synopsis;
  std::string help;
  // run: the command's work on the arguments after NAME; the process's
  // exit code (0 done, 1 failed, 2 bad usage).
  std::function<int(const std::vector<std::string>& args)> run;
};

using GameFactory = std::function<absl::StatusOr<std::shared_ptr<const Game>>(
    const Params& params)>;

struct GameEntry {
  std::string name;
  std::string help;
  std::vector<ParamDef> params;
  GameFactory make;
  // Agents of this game only (the original game's bot, kernel search agents).
  std::vector<AgentEntry> agents;
  // The exact solver behind `gameai solve`, if the game has one, with its
  // options (`--solver 'key=value,...'`).
  SolverFunction solve;
  std::vector<ParamDef> solver_params;
  // solve_state: the same solver from any state of the game (`gameai solve
  // --state`, SolveState), with the same options; null when it has none.
  StateSolverFunction solve_state;
  // The game's strongest agent: the one `gameai play` asks for hints
  // (empty: mcts).
  std::string hint_agent;

  // Optional hooks through which the surfaces reach what is particular to
  // a game; a surface never names a game.
  //
  // position_value: the exact value of a position given in the game's own
  // short text (`gameai solve GAME --position TEXT`, PositionValue,
  // gameai_position_value, Python's position_value); position_name names
  // such a text ("scorecard") and position_help says what it holds. Null:
  // none.
  PositionValueFunction position_value;
  std::string position_name;
  std::string position_help;
  // play_screen: how `gameai play` shows the game to a person (null: the
  // generic screen of observation strings and action names).
  std::function<std::unique_ptr<PlayScreen>()> play_screen;
  // view_fields: the game's fields of a seat's view as a JSON object's
  // text (the network protocol's "fields"); null: none.
  std::function<std::string(const State& view, Player seat)> view_fields;
  // commands: `gameai` commands of the game's own (Daifugo's `uecda`).
  std::vector<CommandEntry> commands;
  // test_specs: parameter sets beyond the default that the generic suites
  // (conformance, fuzzing) also play.
  std::vector<std::string> test_specs;
};

// RegisterBuiltinGames: registers every built-in game and the generic agents.
// Idempotent and thread-safe.
void RegisterBuiltinGames();

// RegisterGame / RegisterGenericAgent: add entries; an existing name is an
// AlreadyExists error.
absl::Status RegisterGame(GameEntry entry);
absl::Status RegisterGenericAgent(AgentEntry entry);

// RegisteredGames: every game entry, in registration order.
std::vector<const GameEntry*> RegisteredGames();
// FindGame: the entry named `name`, or a NotFound error listing the names.
absl::StatusOr<const GameEntry*> FindGame(std::string_view name);
// AgentsFor: the generic agents followed by the game's own.
std::vector<const AgentEntry*> AgentsFor(const GameEntry& game);

absl::StatusOr<std::shared_ptr<const Game>> LoadGame(std::string_view spec);
// LoadAgent: the agent `spec` for `game`, bound to it (Agent::BindGame).
absl::StatusOr<std::unique_ptr<Agent>> LoadAgent(const Game& game,
                                                 std::string_view spec);
// MakeAgent: entry.make(game, params), bound to `game` under the name
// `spec` (for entries outside the registry, like the arena's own).
absl::StatusOr<std::unique_ptr<Agent>> MakeAgent(const AgentEntry& entry,
                                                 const Game& game,
                                                 const Params& params,
                                                 std::string_view spec);

}  // namespace gameai

#endif  // GAMEAI_DYNAMIC_REGISTRY_H_
