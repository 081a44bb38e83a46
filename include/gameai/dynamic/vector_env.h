// gameai/dynamic/vector_env.h: n games of one spec stepped together, for
// learners that want many transitions per call (the Python VectorEnv).
//
//   auto env = gameai::NewVectorEnv(game, {.num_envs = 1024, .seed = 1});
//   (*env)->Reset(buffers);            // observations of the first nodes
//   (*env)->Step(actions, buffers);    // one action per game
//
// Chance nodes are sampled inside (each game its own Rng from the seed);
// a finished game starts again at once, flagged in `done` with its returns
// in `rewards`. At a simultaneous node the seats choose one after another
// (each sees the node before anyone's choice) and the joint action is
// applied once all have. With `opponents` an agent spec plays every seat
// but `player`, so each step is one of that seat's decisions.
#ifndef GAMEAI_DYNAMIC_VECTOR_ENV_H_
#define GAMEAI_DYNAMIC_VECTOR_ENV_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "gameai/dynamic/agent.h"
#include "gameai/dynamic/game.h"

namespace gameai {

// kMaxVectorEnvs: the most games one env steps (num_envs).
inline constexpr int kMaxVectorEnvs = 1'000'000;

struct VectorEnvOptions {
  int num_envs = 1;
  uint64_t seed = 0;
  // opponents: an agent spec for every seat but `player`; empty: the
  // caller chooses for every seat.
  std::string opponents;
  Player player = 0;
  // make_opponent: what `opponents` becomes (NewVectorEnv fills it in).
  std::function<absl::StatusOr<std::unique_ptr<Agent>>()> make_opponent;
};

// VectorEnvBuffers: where Reset and Step write, row i for game i; the
// caller owns them (no allocation per step). Sizes: observations
// num_envs * ObservationTensorSize, legal_mask num_envs *
// NumDistinctActions, rewards num_envs * NumPlayers, done and
// current_player num_envs.
struct VectorEnvBuffers {
  absl::Span<float> observations;
  absl::Span<uint8_t> legal_mask;
  absl::Span<float> rewards;
  absl::Span<uint8_t> done;
  absl::Span<int32_t> current_player;
};

class VectorEnv {
 public:
  virtual ~VectorEnv() = default;
  virtual const Game& game() const = 0;
  virtual int num_envs() const = 0;
  // Reset: every game from its start; rewards and done all zero.
  virtual absl::Status Reset(const VectorEnvBuffers& out) = 0;
  // Step: actions[i] for the seat to act in game i (current_player[i] of
  // the last call). An illegal action is an InvalidArgument error naming
  // the game and the legal actions, and no game moves. Agent errors (the
  // opponents') are passed on.
  virtual absl::Status Step(absl::Span<const int64_t> actions,
                            const VectorEnvBuffers& out) = 0;
};

// CheckVectorEnvBuffers: OK when every buffer has its size for `game`.
absl::Status CheckVectorEnvBuffers(const Game& game, int num_envs,
                                   const VectorEnvBuffers& out);

// NewVectorEnv: errors name what is wrong: num_envs out of 1..1,000,000, a
// game without an observation tensor, an opponents spec the registry does
// not take, `player` no seat; ResourceExhausted when the games and the
// caller's buffers for them would not fit in memory (checked first).
absl::StatusOr<std::unique_ptr<VectorEnv>> NewVectorEnv(
    std::shared_ptr<const Game> game, VectorEnvOptions options);

}  // namespace gameai

#endif  // GAMEAI_DYNAMIC_VECTOR_ENV_H_
