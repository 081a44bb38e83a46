// gameai/core/registry.h: games and agents by spec string.
//
//   absl::StatusOr<std::shared_ptr<const Game>> game =
//       gameai::LoadGame("mancala(pits=6,seeds=4)");
//   absl::StatusOr<std::unique_ptr<Agent>> agent =
//       gameai::LoadAgent(**game, "mcts(simulations=2000,seed=3)");
//
// Registration is explicit: RegisterBuiltinGames() lists every built-in game
// (LoadGame calls it once); an embedding program may RegisterGame() its own.
#ifndef GAMEAI_CORE_REGISTRY_H_
#define GAMEAI_CORE_REGISTRY_H_

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "absl/status/statusor.h"
#include "gameai/core/agent.h"
#include "gameai/core/game.h"
#include "gameai/core/params.h"

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
// gameai/core/state_solver.h).
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

#endif  // GAMEAI_CORE_REGISTRY_H_
