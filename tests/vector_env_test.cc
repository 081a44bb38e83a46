// VectorEnv (core/vector_env.h): rows equal to the dynamic layer's, the
// same games for the same seed, and an illegal action refused with no
// game moved.
#include "gameai/dynamic/vector_env.h"

#include <vector>

#include "gameai/dynamic/registry.h"
#include "gtest/gtest.h"

namespace gameai {
namespace {

struct Buffers {
  Buffers(const Game& game, int n)
      : observations(n * game.ObservationTensorSize()),
        mask(n * game.NumDistinctActions()),
        rewards(n * game.NumPlayers()),
        done(n),
        current(n) {}
  VectorEnvBuffers Spans() {
    return {absl::MakeSpan(observations), absl::MakeSpan(mask),
            absl::MakeSpan(rewards), absl::MakeSpan(done),
            absl::MakeSpan(current)};
  }
  std::vector<float> observations;
  std::vector<uint8_t> mask;
  std::vector<float> rewards;
  std::vector<uint8_t> done;
  std::vector<int32_t> current;
};

std::vector<int64_t> FirstLegal(const Game& game, const Buffers& b, int n) {
  std::vector<int64_t> actions(n);
  const int64_t width = game.NumDistinctActions();
  for (int i = 0; i < n; ++i) {
    for (int64_t a = 0; a < width; ++a) {
      if (b.mask[i * width + a]) {
        actions[i] = a;
        break;
      }
    }
  }
  return actions;
}

TEST(VectorEnv, RowsMatchTheDynamicLayer) {
  auto game = LoadGame("mancala(pits=4,seeds=3)");
  ASSERT_TRUE(game.ok());
  auto env = NewVectorEnv(*game, {.num_envs = 1, .seed = 1});
  ASSERT_TRUE(env.ok()) << env.status();
  Buffers b(**game, 1);
  ASSERT_TRUE((*env)->Reset(b.Spans()).ok());
  std::unique_ptr<State> state = (*game)->NewInitialState();
  for (int step = 0; step < 10 && !state->IsTerminal(); ++step) {
    std::vector<float> obs((*game)->ObservationTensorSize());
    ASSERT_TRUE(
        state->ObservationTensor(state->CurrentPlayer(), absl::MakeSpan(obs))
            .ok());
    EXPECT_EQ(obs, b.observations);
    EXPECT_EQ(b.current[0], state->CurrentPlayer());
    const std::vector<int64_t> actions = FirstLegal(**game, b, 1);
    ASSERT_TRUE((*env)->Step(actions, b.Spans()).ok());
    ASSERT_TRUE(state->ApplyAction(actions[0]).ok());
  }
}

TEST(VectorEnv, SameSeedSameGames) {
  auto game = LoadGame("yacht");
  ASSERT_TRUE(game.ok());
  std::vector<std::vector<float>> runs;
  for (int run = 0; run < 2; ++run) {
    auto env = NewVectorEnv(*game, {.num_envs = 3, .seed = 9});
    ASSERT_TRUE(env.ok());
    Buffers b(**game, 3);
    ASSERT_TRUE((*env)->Reset(b.Spans()).ok());
    for (int step = 0; step < 200; ++step) {
      ASSERT_TRUE((*env)->Step(FirstLegal(**game, b, 3), b.Spans()).ok());
    }
    runs.push_back(b.observations);
  }
  EXPECT_EQ(runs[0], runs[1]);
}

TEST(VectorEnv, IllegalActionMovesNoGame) {
  auto game = LoadGame("mancala");
  ASSERT_TRUE(game.ok());
  auto env = NewVectorEnv(*game, {.num_envs = 2, .seed = 1});
  ASSERT_TRUE(env.ok());
  Buffers b(**game, 2);
  ASSERT_TRUE((*env)->Reset(b.Spans()).ok());
  const std::vector<float> before = b.observations;
  const absl::Status status = (*env)->Step({0, 6}, b.Spans());
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(status.message().find("game 1"), std::string::npos) << status;
  EXPECT_EQ(b.observations, before);
  ASSERT_TRUE((*env)->Step({0, 0}, b.Spans()).ok());  // still at the start
}

TEST(VectorEnv, BadOptionsNameTheProblem) {
  auto game = LoadGame("mancala");
  ASSERT_TRUE(game.ok());
  EXPECT_EQ(NewVectorEnv(*game, {.num_envs = 0}).status().code(),
            absl::StatusCode::kInvalidArgument);
  auto bad = NewVectorEnv(*game, {.num_envs = 1, .opponents = "nope"});
  EXPECT_FALSE(bad.ok());
  Buffers small(**game, 1);
  auto env = NewVectorEnv(*game, {.num_envs = 2});
  ASSERT_TRUE(env.ok());
  EXPECT_EQ((*env)->Reset(small.Spans()).code(),
            absl::StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace gameai
