// gameai/arena/saved_game.h: a game as text (save / load with full undo).
//
// The text names the game by its canonical spec, the position the game
// started from, and every action since, so a loaded game can be undone move
// by move like the original:
//
//   gameai-save 1
//   game mancala(pits=6,seeds=4,first_player=0,empty_capture=false)
//   start 0 4 4 4 4 4 4 0 4 4 4 4 4 4 0
//   actions 2 5 0
//
// A joint action is written as its per-seat actions joined by '/'.
#ifndef GAMEAI_ARENA_SAVED_GAME_H_
#define GAMEAI_ARENA_SAVED_GAME_H_

#include <memory>
#include <string>
#include <string_view>

#include "absl/status/statusor.h"
#include "gameai/dynamic/game.h"

namespace gameai {

// SaveGameText: `state` with its history as text.
std::string SaveGameText(const State& state);

// LoadGameText: the inverse. Errors name the line and what is wrong: an
// unknown header, a bad game spec, a start position the game rejects, an
// action that is not a number or not legal where it is replayed.
absl::StatusOr<std::unique_ptr<State>> LoadGameText(std::string_view text);

// Hint: the action that agent `agent_spec` would play for the player to
// move (a fresh agent, seed 0, seated at that player). `explanation`, when
// not null, receives the agent's Explain() of that move.
absl::StatusOr<Action> Hint(const State& state, std::string_view agent_spec,
                            std::string* explanation = nullptr);

// HintAgent: the agent `game` gives hints with: its strongest (the
// registry's GameEntry::hint_agent), or mcts for games that name none.
std::string HintAgent(const Game& game);

}  // namespace gameai

#endif  // GAMEAI_ARENA_SAVED_GAME_H_
