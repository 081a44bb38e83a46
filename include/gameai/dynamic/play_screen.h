// gameai/dynamic/play_screen.h: PlayScreen, how `gameai play` shows one
// game to a person (a game registers its own: GameEntry::play_screen). A screen
// sees only what the person's seat may see: every State it gets is a view
// (State::ViewFor(seat)) and every Event one as that seat saw it
// (State::LastEventFor(seat)); it never gets the full state.
#ifndef GAMEAI_DYNAMIC_PLAY_SCREEN_H_
#define GAMEAI_DYNAMIC_PLAY_SCREEN_H_

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "gameai/dynamic/game.h"

namespace gameai {

// Choice: one option a player picks by typing its key ("1", "2", ...).
struct Choice {
  std::string key;
  Action action;
  std::string label;
};

// Level: a difficulty level of `play`, the agent spec it seats.
struct Level {
  std::string name;
  std::string agent;
};

class PlayScreen {
 public:
  virtual ~PlayScreen() = default;

  // Intro: the game's parameters and who starts, before the first move.
  virtual std::string Intro(const State& view,
                            const std::vector<std::string>& names) const = 0;
  // Board: what `seat` needs to decide its move.
  virtual std::string Board(const State& view, Player seat,
                            const std::vector<std::string>& names) const = 0;
  // Choices: numbered options for `seat`, or empty where moves are typed.
  virtual std::vector<Choice> Choices(const State& view, Player seat) const;
  // Parse: the action typed text names (forgiving about case and spaces);
  // an error says what is accepted.
  virtual absl::StatusOr<Action> Parse(const State& view, Player seat,
                                       std::string_view text) const;
  // Usage: what a player may type at this board (after a bad entry).
  virtual std::string Usage(const State& view, Player seat) const;
  // Moves: every legal move of `seat` (the `moves` command).
  virtual std::string Moves(const State& view, Player seat) const;
  // Happened: what one transition from `before` to `after` showed `viewer`
  // (`event` as that seat saw it); empty when there is nothing to say.
  virtual std::string Happened(const State& before, const State& after,
                               const Event& event, Player viewer,
                               const std::vector<std::string>& names) const = 0;
  // Explain: an agent's Explain() as a player reads it ("" to say nothing).
  virtual std::string Explain(std::string_view raw) const;
  // ShowsBotReasons: whether a bot's Explain() may be shown to the other
  // seats (false where it would tell its hidden cards).
  virtual bool ShowsBotReasons() const { return true; }
  // End: who won, by how much, the places.
  virtual std::string End(const State& view,
                          const std::vector<std::string>& names) const = 0;
  // Levels: difficulty levels, easiest first; the last is the strongest.
  virtual std::vector<Level> Levels() const = 0;
};

// ScreenFor: the screen `game`'s registry entry gives, or a generic one
// (observation strings and action names) where it gives none.
std::unique_ptr<PlayScreen> ScreenFor(const Game& game);

// Helpers shared by the screens.
// Lower: `text` in lower case with runs of spaces made one and trimmed.
std::string Lower(std::string_view text);
// Quoted: a person's input as an answer shows it: trimmed, what is no
// printable UTF-8 as \xNN (no terminal codes), at most 60 bytes ("..."
// after).
std::string Quoted(std::string_view text);
// Act: "You sow" / "Bob sows": `name` doing `verb` ("pass" -> "passes").
std::string Act(const std::string& name, std::string_view verb);
// Object: `name` as an object: "you" for "You".
std::string Object(const std::string& name);
// Possessive: "your" / "Bob's".
std::string Possessive(const std::string& name);
// Places: "1st Ann 12, 2nd Bob 9" for the scores (ties share a place), and
// the winner's line: "Ann wins by 3" / "a draw".
std::string Standings(const std::vector<double>& scores,
                      const std::vector<std::string>& names,
                      std::string_view unit);

}  // namespace gameai

#endif  // GAMEAI_DYNAMIC_PLAY_SCREEN_H_
