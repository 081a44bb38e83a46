// The dynamic layer's numbers for learners: tensors, the legal-action
// mask and rewards (game.h), checked here once for every game.
#include <algorithm>
#include <functional>
#include <numeric>
#include <vector>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/dynamic/game.h"

namespace gameai {
namespace {

int Product(const std::vector<int>& shape) {
  if (shape.empty()) return 0;
  return std::accumulate(shape.begin(), shape.end(), 1, std::multiplies<>());
}

absl::Status CheckTensorCall(const State& state, std::string_view tensor,
                             bool available, Player player, size_t size,
                             int expected) {
  const Game& game = state.GetGame();
  if (!available) {
    return absl::UnimplementedError(fmt::format(
        "game '{}' has no {}{}", game.Name(), tensor,
        tensor == "information state tensor"
            ? " (its information is perfect: use the observation tensor)"
            : ""));
  }
  if (player < 0 || player >= game.NumPlayers()) {
    return absl::InvalidArgumentError(
        fmt::format("{}: player {} is no seat; accepted: 0..{}", tensor, player,
                    game.NumPlayers() - 1));
  }
  if (static_cast<int64_t>(size) != expected) {
    return absl::InvalidArgumentError(
        fmt::format("{}: the buffer holds {} floats; {} takes {}", tensor, size,
                    game.Spec(), expected));
  }
  return absl::OkStatus();
}

}  // namespace

int Game::ObservationTensorSize() const {
  return Product(ObservationTensorShape());
}

int Game::InformationStateTensorSize() const {
  return Product(InformationStateTensorShape());
}

absl::Status State::ObservationTensor(Player player,
                                      absl::Span<float> out) const {
  GAMEAI_RETURN_IF_ERROR(
      CheckTensorCall(*this, "observation tensor", ProvidesObservationTensor(),
                      player, out.size(), GetGame().ObservationTensorSize()));
  DoObservationTensor(player, out);
  return absl::OkStatus();
}

absl::Status State::InformationStateTensor(Player player,
                                           absl::Span<float> out) const {
  GAMEAI_RETURN_IF_ERROR(CheckTensorCall(
      *this, "information state tensor", ProvidesInformationStateTensor(),
      player, out.size(), GetGame().InformationStateTensorSize()));
  DoInformationStateTensor(player, out);
  return absl::OkStatus();
}

absl::Status State::LegalActionsMask(Player player,
                                     absl::Span<uint8_t> out) const {
  const Action n = GetGame().NumDistinctActions();
  if (static_cast<Action>(out.size()) != n) {
    return absl::InvalidArgumentError(fmt::format(
        "legal actions mask: the buffer holds {} entries; {} has {} actions",
        out.size(), GetGame().Spec(), n));
  }
  std::fill(out.begin(), out.end(), uint8_t{0});
  for (Action a : LegalActions(player)) out[a] = 1;
  return absl::OkStatus();
}

std::vector<double> State::Rewards() const {
  if (IsTerminal()) return Returns();
  return std::vector<double>(GetGame().NumPlayers(), 0.0);
}

}  // namespace gameai
