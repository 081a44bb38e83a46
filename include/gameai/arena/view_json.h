// gameai/arena/view_json.h: what a remote seat is told, as JSON
// (docs/protocol.md): the seat's view (the redacted state an in-process
// agent gets, as text and as structured fields), its legal actions with
// their names, and the events it may see; and the same for a person at a
// play table or watching a replay: every transition as frames.
#ifndef GAMEAI_ARENA_VIEW_JSON_H_
#define GAMEAI_ARENA_VIEW_JSON_H_

#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "gameai/dynamic/game.h"
#include "gameai/dynamic/play_screen.h"
#include "nlohmann/json.hpp"

namespace gameai {

// ViewToJson: `view` is State::ViewFor(seat). Every game: "state" (the
// view's Serialize(), from which a client rebuilds the agent's State with
// Game::DeserializeState), "observation" (ObservationString(seat)),
// "current_player", "terminal", "scores", and "fields": the game's own
// structured view (its GameEntry's view_fields; docs/<game>.md lists them).
nlohmann::json ViewToJson(const State& view, Player seat);

// LegalActionsToJson: [{"id": 3, "name": "bid 4"}, ...] for `seat`.
nlohmann::json LegalActionsToJson(const State& view, Player seat);

// EventToJson: the event as `seat` saw it: "actor" (a seat, "chance" or
// "simultaneous"), "actions" and their "names" (empty when hidden).
nlohmann::json EventToJson(const State& view, Player seat, const Event& event);

// kEverySeat: the seat of a replay that shows everything (the full state,
// every hand), only for a finished game.
inline constexpr Player kEverySeat = -5;

// FrameToJson: one transition as `seat` saw it: "event" (EventToJson with
// the names read before it, "text": the screen's words for it, "reasons":
// the bots' explanations where shown) and "view" (ViewToJson of `after`).
nlohmann::json FrameToJson(const PlayScreen& screen, const State& before,
                           const State& after, const Event& event, Player seat,
                           const std::vector<std::string>& names,
                           const std::vector<std::string>& reasons);

// ReplayToJson: `state`'s whole history as `seat` saw it (a seat, a
// spectator: kInvalidPlayer, or kEverySeat for a finished game): {"seat",
// "names", "initial": view, "frames": [...]}. `names`: one per seat (empty:
// "Player 1", ...). Errors: a seat out of range, kEverySeat before the end.
absl::StatusOr<nlohmann::json> ReplayToJson(const State& state, Player seat,
                                            std::vector<std::string> names);

}  // namespace gameai

#endif  // GAMEAI_ARENA_VIEW_JSON_H_
