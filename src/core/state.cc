#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/core/game.h"

namespace gameai {

absl::Status State::IllegalActionError(Player player, Action action) const {
  std::vector<std::string> legal;
  for (Action a : LegalActions(player)) {
    legal.push_back(fmt::format("{} ({})", a, ActionToString(player, a)));
  }
  return absl::InvalidArgumentError(fmt::format(
      "illegal action {} for {}; legal actions: {}", action,
      player == kChancePlayer ? "chance" : fmt::format("player {}", player),
      legal.empty() ? "none" : fmt::format("{}", fmt::join(legal, ", "))));
}

absl::Status State::ApplyAction(Action action) {
  const Player player = CurrentPlayer();
  if (player == kTerminalPlayer) {
    return absl::FailedPreconditionError(
        "the game is over: no action can be applied");
  }
  if (player == kSimultaneousPlayer) {
    return absl::FailedPreconditionError(
        "simultaneous node: use ApplyJointAction with one action per player");
  }
  if (!IsLegal(player, action)) return IllegalActionError(player, action);
  DoApplyAction(action);
  history_.push_back({player, action, false});
  return absl::OkStatus();
}

absl::Status State::ApplyJointAction(absl::Span<const Action> actions) {
  if (CurrentPlayer() != kSimultaneousPlayer) {
    return absl::FailedPreconditionError(
        "not a simultaneous node: use ApplyAction");
  }
  const int n = GetGame().NumPlayers();
  if (static_cast<int>(actions.size()) != n) {
    return absl::InvalidArgumentError(
        fmt::format("joint action has {} entries; expected {} (one per player)",
                    actions.size(), n));
  }
  for (Player p = 0; p < n; ++p) {
    if (!IsLegal(p, actions[p])) return IllegalActionError(p, actions[p]);
  }
  DoApplyJointAction(actions);
  for (Player p = 0; p < n; ++p) history_.push_back({p, actions[p], true});
  return absl::OkStatus();
}

absl::Status State::UndoAction() {
  if (history_.empty()) {
    return absl::FailedPreconditionError("nothing to undo");
  }
  if (history_.back().joint) {
    history_.resize(history_.size() - GetGame().NumPlayers());
  } else {
    history_.pop_back();
  }
  DoUndo();
  return absl::OkStatus();
}

}  // namespace gameai
