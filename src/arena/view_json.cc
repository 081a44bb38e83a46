#include "gameai/arena/view_json.h"

#include "fmt/format.h"
#include "gameai/dynamic/registry.h"

namespace gameai {
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
  v["observation"] =
      seat == kEverySeat ? view.ToString() : view.ObservationString(seat);
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

nlohmann::json FrameToJson(const PlayScreen& screen, const State& before,
                           const State& after, const Event& event, Player seat,
                           const std::vector<std::string>& names,
                           const std::vector<std::string>& reasons) {
  // The screens know a spectator (kInvalidPlayer), not kEverySeat.
  const Player viewer = seat == kEverySeat ? kInvalidPlayer : seat;
  json e = EventToJson(before, viewer, event);
  e["text"] = screen.Happened(before, after, event, viewer, names);
  json shown = json::object();
  for (size_t p = 0; p < reasons.size(); ++p) {
    if (!reasons[p].empty())
      shown[std::to_string(p)] = screen.Explain(reasons[p]);
  }
  e["reasons"] = shown;
  return {{"event", e}, {"view", ViewToJson(after, seat)}};
}

namespace {

// SeenBy: `state` as `seat` sees it (everything for kEverySeat).
std::unique_ptr<State> SeenBy(const State& state, Player seat) {
  return seat == kEverySeat ? state.Clone() : state.ViewFor(seat);
}

}  // namespace

absl::StatusOr<json> ReplayToJson(const State& state, Player seat,
                                  std::vector<std::string> names) {
  const Game& game = state.GetGame();
  const int n = game.NumPlayers();
  const bool spectator = seat == kInvalidPlayer;
  if (seat == kEverySeat ? !state.IsTerminal()
                         : !spectator && (seat < 0 || seat >= n)) {
    return absl::InvalidArgumentError(
        seat == kEverySeat
            ? std::string("everything is shown only once the game is over")
            : fmt::format("seat {} is out of range; accepted: 0..{}, a "
                          "spectator ({}) or every seat of a finished game",
                          seat, n - 1, kInvalidPlayer));
  }
  if (names.empty()) {
    for (int p = 0; p < n; ++p)
      names.push_back(fmt::format("Player {}", p + 1));
  }
  if (static_cast<int>(names.size()) != n) {
    return absl::InvalidArgumentError(
        fmt::format("{} names for {} seats", names.size(), n));
  }
  const std::unique_ptr<PlayScreen> screen = ScreenFor(game);
  std::unique_ptr<State> replay = game.NewInitialState();
  json frames = json::array();
  const std::vector<State::HistoryItem>& history = state.History();
  for (size_t i = 0; i < history.size();) {
    const std::unique_ptr<State> before = SeenBy(*replay, seat);
    Event everything{.actor = history[i].player};
    absl::Status applied;
    if (history[i].joint) {
      everything.actor = kSimultaneousPlayer;
      for (int p = 0; p < n; ++p)
        everything.actions.push_back(history[i + p].action);
      applied = replay->ApplyJointAction(everything.actions);
      i += n;
    } else {
      everything.actions = {history[i].action};
      applied = replay->ApplyAction(history[i].action);
      ++i;
    }
    if (!applied.ok()) return applied;  // a history replays: not expected
    const Event event =
        seat == kEverySeat ? everything : replay->LastEventFor(seat);
    frames.push_back(FrameToJson(*screen, *before, *SeenBy(*replay, seat),
                                 event, seat, names, {}));
  }
  return json{
      {"seat", seat == kEverySeat ? json("all") : json(seat)},
      {"names", names},
      {"initial", ViewToJson(*SeenBy(*game.NewInitialState(), seat), seat)},
      {"frames", frames}};
}

}  // namespace gameai
