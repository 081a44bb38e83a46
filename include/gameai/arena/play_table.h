// gameai/arena/play_table.h: PlayTable, one game between people and bots
// under the rules of `gameai play`, without its input and output: the
// terminal (`gameai play`) and the web app (through the C library) drive it.
//
// The rules it keeps: bots are told every transition as their seat saw it;
// people at a simultaneous node choose first, then the bots, each from its
// own view; undo goes back to a person's previous move but never past a
// round of simultaneous moves with a bot in it (its choice, made unseen, is
// known now) nor past something the viewer did not see (a private deal);
// the chance outcomes taken back come again (no re-rolling by undoing); a
// saved game never holds what the viewer may not see.
#ifndef GAMEAI_ARENA_PLAY_TABLE_H_
#define GAMEAI_ARENA_PLAY_TABLE_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "gameai/base/random.h"
#include "gameai/dynamic/agent.h"
#include "gameai/dynamic/game.h"
#include "gameai/dynamic/play_screen.h"

namespace gameai {

class PlayTable {
 public:
  // Transition: what one transition showed the viewer: its view before and
  // after, the event as the viewer saw it, and the screen's words for it.
  struct Transition {
    std::unique_ptr<State> before;
    std::unique_ptr<State> after;
    Event event;
    std::string happened;
    // reasons: the bots' raw Explain() of their moves in it, where the
    // game lets other seats read them ("" elsewhere), one per seat.
    std::vector<std::string> reasons;
  };
  using TransitionListener = std::function<void(const Transition&)>;
  // ThinkingListener: called with true before a bot's Step, false after.
  using ThinkingListener = std::function<void(Player, bool)>;

  // Create: agents[seat] is the seat's bot, nullptr for a person; names per
  // seat (the screens' words use them). The viewer is the first person
  // (with none, a spectator who sees only what is public). Every bot
  // starts its game with DeriveSeed(seed, seat + 1).
  static absl::StatusOr<std::unique_ptr<PlayTable>> Create(
      std::shared_ptr<const Game> game,
      std::vector<std::unique_ptr<Agent>> agents,
      std::vector<std::string> names, uint64_t seed);

  // FromSpecs: one agent spec per seat, "human" for a person; the bots
  // are told the table (Agent::set_table) and the names are
  // DefaultPlayNames(specs) unless given.
  static absl::StatusOr<std::unique_ptr<PlayTable>> FromSpecs(
      std::shared_ptr<const Game> game, const std::vector<std::string>& specs,
      uint64_t seed, std::vector<std::string> names = {});

  const Game& game() const { return *game_; }
  const State& state() const { return *state_; }
  const PlayScreen& screen() const { return *screen_; }
  const std::vector<std::string>& names() const { return names_; }
  Player viewer() const { return viewer_; }
  int NumSeats() const { return static_cast<int>(agents_.size()); }
  bool IsHuman(Player p) const {
    return p >= 0 && p < NumSeats() && !agents_[p];
  }
  // ViewerView: the state as the viewer sees it.
  std::unique_ptr<State> ViewerView() const { return state_->ViewFor(viewer_); }

  void set_transition_listener(TransitionListener l) {
    on_transition_ = std::move(l);
  }
  void set_thinking_listener(ThinkingListener l) {
    on_thinking_ = std::move(l);
  }

  // PeopleToMove: the people whose move the game waits for (at a
  // simultaneous node, those who have not chosen yet); empty when a bot or
  // chance moves next, or at the end.
  std::vector<Player> PeopleToMove() const;
  // Advance: plays the next chance or bot transition. FailedPrecondition
  // when people must move or the game is over; a bot's failure (an error
  // or an illegal action) is Internal naming the bot.
  absl::Status Advance();
  // Move: person `player`'s move. At a simultaneous node it waits for the
  // other people; when all have chosen the bots choose and the round is
  // played. InvalidArgument for an illegal action (the message lists the
  // legal ones), FailedPrecondition when `player` is not to move.
  absl::Status Move(Player player, Action action);
  // Undo: back to the person's previous move. FailedPrecondition saying
  // why when it may not (see above) or when there is nothing to undo.
  absl::Status Undo();
  // Hint: the move `agent_spec` (empty: the game's hint agent) would play
  // for `player` from that seat's view, with its raw Explain().
  absl::StatusOr<Action> Hint(Player player, std::string_view agent_spec,
                              std::string* explanation);
  // SaveText: the game as gameai::SaveGameText; FailedPrecondition where it
  // would hold the hidden cards of the other players.
  absl::StatusOr<std::string> SaveText() const;
  // Load: a saved game of this game (errors say why, without naming the
  // text's origin). A later point of it or another game
  // of the same spec replaces the game; this game at an earlier point is
  // taken back to as Undo would be (refused where Undo would refuse).
  absl::Status Load(std::string_view text);
  // EndGame: tells the bots the result. REQUIRES: a terminal state.
  void EndGame();

 private:
  PlayTable(std::shared_ptr<const Game> game,
            std::vector<std::unique_ptr<Agent>> agents,
            std::vector<std::string> names, uint64_t seed);

  void StartAgents();
  void InformAgents(const State& state);
  void ResyncAgents();
  absl::StatusOr<Action> BotStep(Player p);
  absl::Status Apply(const std::function<absl::Status()>& apply,
                     const std::vector<Player>& bots);
  absl::Status PlayChance();
  absl::Status PlaySimultaneousBots();
  std::string TakeBack(State& back, std::vector<Action>& chance,
                       bool& person) const;
  bool IsEarlierPoint(const State& loaded) const;
  bool HidesSomething() const;

  std::shared_ptr<const Game> game_;
  std::vector<std::unique_ptr<Agent>> agents_;
  std::vector<std::string> names_;
  uint64_t seed_;
  std::unique_ptr<PlayScreen> screen_;
  Rng rng_;
  std::unique_ptr<State> state_;
  Player viewer_ = kInvalidPlayer;
  std::vector<Action> redo_chance_;  // undone chance outcomes, latest first
  std::vector<Action> pending_;      // people's choices at a simultaneous node
  std::vector<bool> chosen_;
  std::unique_ptr<Agent> hint_agent_;
  std::string hint_spec_;
  TransitionListener on_transition_;
  ThinkingListener on_thinking_;
};

// DefaultPlayNames: "You" for a lone person ("Player N" for several),
// each bot by its spec (with the seat where two share one).
std::vector<std::string> DefaultPlayNames(
    const std::vector<std::string>& specs);

// CheckPlayPeople: several people at one screen would see each other's
// cards or bids, so games with hidden moves take one "human" seat.
absl::Status CheckPlayPeople(const std::vector<std::string>& specs,
                             const Game& game);

}  // namespace gameai

#endif  // GAMEAI_ARENA_PLAY_TABLE_H_
