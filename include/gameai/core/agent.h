// gameai/core/agent.h: a player of any game through the dynamic layer.
//
// An agent is seated at one player id per game and only ever sees
// State::ViewFor(seat): a state that holds none of the other players' hidden
// information. The arena calls, per game:
//   StartGame(game, seat, seed)   once,
//   Step(view)                    whenever the seat must act,
//   Inform(view, event)           after every action (as the seat sees it),
//   EndGame(view, returns)        once.
// Instances persist across the games of a series, so learning agents keep
// memory between games.
#ifndef GAMEAI_CORE_AGENT_H_
#define GAMEAI_CORE_AGENT_H_

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "gameai/core/game.h"

namespace gameai {

class Agent {
 public:
  virtual ~Agent() = default;

  // StartGame: `seed` is this game's seed for the seat; agents that randomize
  // reseed from it (and their own seed option) so that a game's moves do not
  // depend on which thread or series played it.
  void StartGame(const Game& game, Player seat, uint64_t seed) {
    seat_ = seat;
    OnStartGame(game, seed);
  }
  // Step: the action for this seat. `view` is ViewFor(seat); at a
  // simultaneous node the agent chooses from view.LegalActions(seat).
  virtual absl::StatusOr<Action> Step(const State& view) = 0;
  virtual void Inform(const State& view, const Event& event) {
    (void)view;
    (void)event;
  }
  virtual void EndGame(const State& view, absl::Span<const double> returns) {
    (void)view;
    (void)returns;
  }
  // Explain: the agent's current plan in text, for front-ends; empty when
  // the agent has nothing to say.
  virtual std::string Explain() const { return {}; }

  Player seat() const { return seat_; }
  // table: who sits at each seat this game (agent specs), public as in a
  // tournament's seating, so that learning agents can model each opponent
  // across games. Empty when the caller does not say.
  const std::vector<std::string>& table() const { return table_; }
  void set_table(std::vector<std::string> table) { table_ = std::move(table); }

 protected:
  virtual void OnStartGame(const Game& game, uint64_t seed) {
    (void)game;
    (void)seed;
  }

  Player seat_ = kInvalidPlayer;
  std::vector<std::string> table_;
};

}  // namespace gameai

#endif  // GAMEAI_CORE_AGENT_H_
