#include "gameai/net/view_json.h"

#include "gameai/dynamic/registry.h"

namespace gameai::net {
namespace {

using nlohmann::json;

json PlayerToJson(Player p) {
  if (p == kChancePlayer) return "chance";
  if (p == kSimultaneousPlayer) return "simultaneous";
  if (p == kTerminalPlayer) return "terminal";
  return p;
}

}  // namespace

json ViewToJson(const State& view, Player seat) {
  json v;
  v["seat"] = seat;
  v["current_player"] = PlayerToJson(view.CurrentPlayer());
  v["terminal"] = view.IsTerminal();
  v["state"] = view.Serialize();
  v["observation"] = view.ObservationString(seat);
  v["scores"] = view.Scores();
  // A game's own fields, where it gives them (its entry's view_fields).
  if (absl::StatusOr<const GameEntry*> entry = FindGame(view.GetGame().Name());
      entry.ok() && (*entry)->view_fields) {
    v["fields"] = json::parse((*entry)->view_fields(view, seat));
  }
  return v;
}

json LegalActionsToJson(const State& view, Player seat) {
  json legal = json::array();
  for (Action a : view.LegalActions(seat)) {
    legal.push_back({{"id", a}, {"name", view.ActionToString(seat, a)}});
  }
  return legal;
}

json EventToJson(const State& view, Player seat, const Event& event) {
  json names = json::array();
  for (Action a : event.actions) names.push_back(view.ActionToString(seat, a));
  return {{"actor", PlayerToJson(event.actor)},
          {"actions", event.actions},
          {"names", names}};
}

}  // namespace gameai::net
