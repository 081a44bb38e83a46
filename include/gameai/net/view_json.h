// gameai/net/view_json.h: what a remote seat is told, as JSON
// (docs/protocol.md): the seat's view (the redacted state an in-process
// agent gets, as text and as structured fields), its legal actions with
// their names, and the events it may see.
#ifndef GAMEAI_NET_VIEW_JSON_H_
#define GAMEAI_NET_VIEW_JSON_H_

#include "gameai/dynamic/game.h"
#include "nlohmann/json.hpp"

namespace gameai::net {

// ViewToJson: `view` is State::ViewFor(seat). Every game: "state" (the
// view's Serialize(), from which a client rebuilds the agent's State with
// Game::DeserializeState), "observation" (ObservationString(seat)),
// "current_player", "terminal", "scores"; MiniRisk adds "fields" (round,
// prize, pot, hand, hands, scores, prizes turned, bids, takers).
nlohmann::json ViewToJson(const State& view, Player seat);

// LegalActionsToJson: [{"id": 3, "name": "bid 4"}, ...] for `seat`.
nlohmann::json LegalActionsToJson(const State& view, Player seat);

// EventToJson: the event as `seat` saw it: "actor" (a seat, "chance" or
// "simultaneous"), "actions" and their "names" (empty when hidden).
nlohmann::json EventToJson(const State& view, Player seat, const Event& event);

}  // namespace gameai::net

#endif  // GAMEAI_NET_VIEW_JSON_H_
