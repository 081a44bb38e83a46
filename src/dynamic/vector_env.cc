// NewVectorEnv: the checks every VectorEnv relies on (vector_env.h).
#include "gameai/dynamic/vector_env.h"

#include <memory>
#include <utility>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/memory.h"
#include "gameai/base/status_macros.h"
#include "gameai/dynamic/registry.h"

namespace gameai {
namespace {

absl::Status CheckSize(std::string_view name, size_t size, int64_t expected) {
  if (static_cast<int64_t>(size) == expected) return absl::OkStatus();
  return absl::InvalidArgumentError(
      fmt::format("vector env: buffer '{}' holds {} entries; expected {}", name,
                  size, expected));
}

}  // namespace

absl::StatusOr<std::unique_ptr<VectorEnv>> Game::MakeVectorEnv(
    const VectorEnvOptions&) const {
  return absl::UnimplementedError(
      fmt::format("game '{}' cannot be stepped as a vector env", Name()));
}

absl::Status CheckVectorEnvBuffers(const Game& game, int num_envs,
                                   const VectorEnvBuffers& out) {
  const int64_t n = num_envs;
  for (absl::Status s :
       {CheckSize("observations", out.observations.size(),
                  n * game.ObservationTensorSize()),
        CheckSize("legal_mask", out.legal_mask.size(),
                  n * game.NumDistinctActions()),
        CheckSize("rewards", out.rewards.size(), n * game.NumPlayers()),
        CheckSize("done", out.done.size(), n),
        CheckSize("current_player", out.current_player.size(), n)}) {
    if (!s.ok()) return s;
  }
  return absl::OkStatus();
}

absl::StatusOr<std::unique_ptr<VectorEnv>> NewVectorEnv(
    std::shared_ptr<const Game> game, VectorEnvOptions options) {
  if (options.num_envs < 1 || options.num_envs > kMaxVectorEnvs) {
    return absl::InvalidArgumentError(
        fmt::format("vector env: n={} games; accepted: 1..{}", options.num_envs,
                    kMaxVectorEnvs));
  }
  if (game->ObservationTensorSize() == 0) {
    return absl::InvalidArgumentError(fmt::format(
        "vector env: game '{}' has no observation tensor", game->Name()));
  }
  if (options.player < 0 || options.player >= game->NumPlayers()) {
    return absl::InvalidArgumentError(
        fmt::format("vector env: player {} is no seat of {}; accepted: 0..{}",
                    options.player, game->Spec(), game->NumPlayers() - 1));
  }
  // The caller's buffers (VectorEnvBuffers) and each game's state, before
  // any is made: a million Lines boards' observations are 65 GiB.
  constexpr int64_t kStateBytes = 1024;  // a generous kernel state
  const int64_t per_env = int64_t{4} * game->ObservationTensorSize() +
                          game->NumDistinctActions() +
                          int64_t{4} * game->NumPlayers() + 5 + kStateBytes;
  GAMEAI_RETURN_IF_ERROR(
      CheckMemory(fmt::format("a vector env of {} games of {} and its buffers",
                              options.num_envs, game->Name()),
                  per_env * options.num_envs));
  if (!options.opponents.empty()) {
    // Checked once here, so that the spec's error names it.
    if (absl::StatusOr<std::unique_ptr<Agent>> probe =
            LoadAgent(*game, options.opponents);
        !probe.ok()) {
      return probe.status();
    }
    options.make_opponent = [game, spec = options.opponents] {
      return LoadAgent(*game, spec);
    };
  } else {
    options.make_opponent = nullptr;
  }
  return game->MakeVectorEnv(options);
}

}  // namespace gameai
