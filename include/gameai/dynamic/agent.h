// gameai/dynamic/agent.h: a player of any game through the dynamic layer.
//
// An agent is seated at one player id per game and only ever sees
// State::ViewFor(seat): a state that holds none of the other players' hidden
// information. The arena calls, per game:
//   StartGame(game, seat, seed)   once,
//   Step(view)                    whenever the seat must act,
//   Inform(view, event)           after every action (as the seat sees it),
//   EndGame(view, returns)        once.
// An agent plays one game spec: the one its factory was given (LoadAgent
// binds it), else the first StartGame's. The public calls are non-virtual:
// they check their input and call the protected hooks, so that no agent
// can forget to (a state of another spec would be read with the wrong
// sizes). Instances persist across the games of a series; agents that carry
// something from one game to the next say so with HasMemory().
#ifndef GAMEAI_DYNAMIC_AGENT_H_
#define GAMEAI_DYNAMIC_AGENT_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "gameai/dynamic/game.h"

namespace gameai {

class Agent {
 public:
  virtual ~Agent() = default;

  // BindGame: the game this agent plays, `name` its spec for messages.
  // LoadAgent calls it with the factory's game; binding again to the same
  // spec renames only, to another spec is an InvalidArgument error.
  absl::Status BindGame(const Game& game, std::string_view name);

  // StartGame: seats the agent for a new game of its game (binding it when
  // unbound). `seed` is this game's seed for the seat; agents that randomize
  // reseed from it (and their own seed option) so that a game's moves do not
  // depend on which thread or series played it. Errors (the agent is then
  // unchanged): InvalidArgument for another game spec or a seat out of range.
  absl::Status StartGame(const Game& game, Player seat, uint64_t seed);
  // Step: the action for this seat. `view` is ViewFor(seat); at a
  // simultaneous node the agent chooses from view.LegalActions(seat).
  // Errors: FailedPrecondition before StartGame, InvalidArgument for a view
  // of another game spec (naming both), and the agent's own.
  absl::StatusOr<Action> Step(const State& view);
  // StepLegal: the action at the full `state` (the agent sees only its
  // seat's view), for callers that play it without a referee (the C API,
  // Python, hints): Step's errors, FailedPrecondition when the seat has
  // nothing to do at `state` (not its turn), and Internal for an action
  // the seat cannot take there (naming the agent and the action).
  absl::StatusOr<Action> StepLegal(const State& state);
  // Inform / EndGame: the same checks as Step.
  absl::Status Inform(const State& view, const Event& event);
  absl::Status EndGame(const State& view, absl::Span<const double> returns);

  // Explain: the agent's current plan in text, for front-ends; empty when
  // the agent has nothing to say.
  virtual std::string Explain() const { return {}; }
  // HasMemory: true when what this instance learned in earlier games
  // changes its moves in the next (its results then depend on how games
  // are split into series, i.e. on the arena's thread count); false when
  // every game depends on that game's seed only.
  virtual bool HasMemory() const { return false; }

  // seat: this game's seat, kInvalidPlayer before the first StartGame.
  Player seat() const { return seat_; }
  // name: the agent's spec, for messages ("agent" until LoadAgent names it).
  const std::string& name() const { return name_; }
  // game_spec: the canonical spec of the game played; empty while unbound.
  const std::string& game_spec() const { return game_spec_; }
  // table: who sits at each seat this game (agent specs), public as in a
  // tournament's seating, so that learning agents can model each opponent
  // across games. Empty when the caller does not say.
  const std::vector<std::string>& table() const { return table_; }
  void set_table(std::vector<std::string> table) { table_ = std::move(table); }

 protected:
  virtual absl::StatusOr<Action> DoStep(const State& view) = 0;
  virtual void OnStartGame(const Game& game, uint64_t seed) {
    (void)game;
    (void)seed;
  }
  virtual void OnInform(const State& view, const Event& event) {
    (void)view;
    (void)event;
  }
  virtual void OnEndGame(const State& view, absl::Span<const double> returns) {
    (void)view;
    (void)returns;
  }

 private:
  // CheckView: OK when `view` is of this agent's game and it has a seat.
  absl::Status CheckView(const State& view, std::string_view call) const;
  absl::Status CheckGame(const Game& game, std::string_view call) const;
  // Bind: REQUIRES `game` of this agent's spec (or none bound yet).
  void Bind(const Game& game);

  Player seat_ = kInvalidPlayer;
  // game_: the bound game, compared by address first (every view of one
  // game shares it), by spec otherwise; kept alive when it is shared.
  const Game* game_ = nullptr;
  std::shared_ptr<const Game> game_owner_;
  std::string game_spec_;
  std::string name_ = "agent";
  std::vector<std::string> table_;
};

}  // namespace gameai

#endif  // GAMEAI_DYNAMIC_AGENT_H_
