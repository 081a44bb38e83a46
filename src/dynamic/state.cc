#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/dynamic/game.h"

namespace gameai {

Action SampleChanceOutcome(const std::vector<ChanceOutcome>& outcomes,
                           Rng& rng) {
  double u = rng.Uniform();
  for (const ChanceOutcome& o : outcomes) {
    if (u < o.probability) return o.action;
    u -= o.probability;
  }
  return outcomes.back().action;
}

std::string State::DescribeLegalActions(Player player, bool ids) const {
  constexpr size_t kShown = 24;  // a list of thousands helps nobody
  const std::vector<Action> legal = LegalActions(player);
  if (legal.empty()) return "none";
  std::vector<std::string> names;
  for (size_t i = 0; i < legal.size() && i < kShown; ++i) {
    const std::string name = ActionToString(player, legal[i]);
    names.push_back(ids ? fmt::format("{} ({})", legal[i], name) : name);
  }
  std::string out = fmt::format("{}", fmt::join(names, ", "));
  if (legal.size() > kShown)
    out += fmt::format(", ... ({} in all)", legal.size());
  return out;
}

absl::Status State::IllegalActionError(Player player, Action action) const {
  return absl::InvalidArgumentError(fmt::format(
      "illegal action {} for {}; legal actions: {}", action,
      player == kChancePlayer ? "chance" : fmt::format("player {}", player),
      DescribeLegalActions(player, /*ids=*/true)));
}

absl::Status State::ApplyActionRefused() const {
  if (CurrentPlayer() == kTerminalPlayer) {
    return absl::FailedPreconditionError(
        "the game is over: no action can be applied");
  }
  return absl::FailedPreconditionError(
      "simultaneous node: every seat acts at once; apply a joint action "
      "(one action per player)");
}

absl::Status State::JointActionRefused(size_t entries) const {
  if (CurrentPlayer() != kSimultaneousPlayer) {
    return absl::FailedPreconditionError(
        "not a simultaneous node: apply a single action, not a joint action");
  }
  return absl::InvalidArgumentError(
      fmt::format("joint action has {} entries; expected {} (one per player)",
                  entries, num_players_));
}

absl::Status State::UndoAction() {
  if (history_.empty()) {
    return absl::FailedPreconditionError("nothing to undo");
  }
  if (history_.back().joint) {
    history_.resize(history_.size() - num_players_);
  } else {
    history_.pop_back();
  }
  current_player_ = DoUndo();
  return absl::OkStatus();
}

}  // namespace gameai
