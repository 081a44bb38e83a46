// gameai/dynamic/state_solver.h: exact values of single states, the one entry
// behind `gameai solve --state`, the C API's gameai_state_solve and Python's
// gameai.solve.
//
//   absl::StatusOr<StateSolution> s = gameai::SolveState(*state,
//   "nodes=1000000"); s->status;  // "solved", "bounded" (budget spent) or
//   "terminal" s->value;   // in the terms of s->value_meaning
#ifndef GAMEAI_DYNAMIC_STATE_SOLVER_H_
#define GAMEAI_DYNAMIC_STATE_SOLVER_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "gameai/dynamic/game.h"
#include "gameai/dynamic/params.h"
#include "gameai/dynamic/registry.h"

namespace gameai {

// SolvableGames: the names of the games whose solver takes a state, in
// registration order ("mancala, yacht").
std::vector<std::string> SolvableGames();

// SolverEntry: the registry entry of `game` when it has a state solver;
// otherwise InvalidArgument naming the game and the games that have one.
absl::StatusOr<const GameEntry*> SolverEntry(const Game& game);

// ResolveSolverOptions: `options` ("key=value,..." as `--solver` takes it,
// "" for the defaults) checked against the solver options of `entry`.
absl::StatusOr<Params> ResolveSolverOptions(const GameEntry& entry,
                                            std::string_view options);

// SolveState: `state` solved by its game's solver. Errors: a game without
// one (listing those with one), bad options, and the solver's own (a state
// it has no value for, a table beyond the memory budget). A budget that
// runs out is no error: status "bounded".
absl::StatusOr<StateSolution> SolveState(const State& state,
                                         std::string_view solver_options);

// StateSolutionToJson: {"game", "state", "status", "value" (null when
// bounded), "value_lower", "value_upper", "value_meaning", "best_action"
// (null when none), "best_action_text", "nodes", "action_values": [{"action",
// "text", "value"}], then the details}. Doubles in shortest round-trip form
// (the exact double).
std::string StateSolutionToJson(const State& state,
                                const StateSolution& solution);

// PositionValue: the exact value of a position in `game`'s own short text
// (its entry's position_value: Yacht's scorecard at a turn's start), the
// first field the value; InvalidArgument for a game without one, naming
// those with one.
absl::StatusOr<std::vector<SolveField>> PositionValue(
    const Game& game, std::string_view text, std::string_view solver_options);

}  // namespace gameai

#endif  // GAMEAI_DYNAMIC_STATE_SOLVER_H_
