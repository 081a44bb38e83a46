#include "gameai/dynamic/agent.h"

#include <algorithm>
#include <span>
#include <vector>

#include "fmt/format.h"
#include "gameai/base/status_macros.h"

namespace gameai {

absl::Status Agent::CheckGame(const Game& game, std::string_view call) const {
  if (game_ == nullptr || &game == game_) return absl::OkStatus();
  const std::string spec = game.Spec();
  if (spec == game_spec_) return absl::OkStatus();
  return absl::InvalidArgumentError(
      fmt::format("{}: {} was given game '{}', but this agent plays '{}'",
                  name_, call, spec, game_spec_));
}

absl::Status Agent::CheckView(const State& view, std::string_view call) const {
  if (seat_ == kInvalidPlayer) {
    return absl::FailedPreconditionError(fmt::format(
        "{}: {} before StartGame: seat the agent first", name_, call));
  }
  return CheckGame(view.GetGame(), call);
}

void Agent::Bind(const Game& game) {
  if (&game == game_) return;
  game_ = &game;
  game_owner_ = game.weak_from_this().lock();
  if (game_spec_.empty()) game_spec_ = game.Spec();
}

absl::Status Agent::BindGame(const Game& game, std::string_view name) {
  GAMEAI_RETURN_IF_ERROR(CheckGame(game, "BindGame"));
  Bind(game);
  name_ = std::string(name);
  return absl::OkStatus();
}

absl::Status Agent::StartGame(const Game& game, Player seat, uint64_t seed) {
  GAMEAI_RETURN_IF_ERROR(CheckGame(game, "StartGame"));
  if (seat < 0 || seat >= game.NumPlayers()) {
    return absl::InvalidArgumentError(
        fmt::format("{}: seat {} is out of range; accepted: 0..{}", name_, seat,
                    game.NumPlayers() - 1));
  }
  Bind(game);  // this game's views share its address
  seat_ = seat;
  OnStartGame(game, seed);
  return absl::OkStatus();
}

absl::StatusOr<Action> Agent::Step(const State& view) {
  GAMEAI_RETURN_IF_ERROR(CheckView(view, "Step"));
  return DoStep(view);
}

absl::StatusOr<Action> Agent::StepLegal(const State& state) {
  GAMEAI_RETURN_IF_ERROR(CheckView(state, "Step"));
  const std::vector<Action> legal = state.LegalActions(seat_);
  if (legal.empty()) {
    return absl::FailedPreconditionError(fmt::format(
        "{}: seat {} has nothing to do here (not its turn)", name_, seat_));
  }
  absl::StatusOr<Action> action = DoStep(*state.ViewFor(seat_));
  if (action.ok() && !std::binary_search(legal.begin(), legal.end(), *action)) {
    constexpr size_t kShown = 16;  // Daifugo's thousands help nobody
    const std::span<const Action> shown(legal.data(),
                                        std::min(legal.size(), kShown));
    return absl::InternalError(fmt::format(
        "{}: chose action {}, which seat {} cannot take here; legal: {}{}",
        name_, *action, seat_, fmt::join(shown, ", "),
        legal.size() > kShown ? fmt::format(", ... ({} in all)", legal.size())
                              : ""));
  }
  return action;
}

absl::Status Agent::Inform(const State& view, const Event& event) {
  GAMEAI_RETURN_IF_ERROR(CheckView(view, "Inform"));
  OnInform(view, event);
  return absl::OkStatus();
}

absl::Status Agent::EndGame(const State& view,
                            absl::Span<const double> returns) {
  GAMEAI_RETURN_IF_ERROR(CheckView(view, "EndGame"));
  OnEndGame(view, returns);
  return absl::OkStatus();
}

}  // namespace gameai
