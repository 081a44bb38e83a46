// The numbers for learners (State::ObservationTensor and friends) of every
// built-in game: the declared size, equal tensors for equal states, no
// other seat's hidden card in them, the mask agreeing with LegalActions,
// and bad calls refused without writing.
#include <algorithm>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "gameai/base/random.h"
#include "gameai/daifugo/daifugo.h"
#include "gameai/dynamic/registry.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gtest/gtest.h"
#include "spec_test_name.h"

namespace gameai {
namespace {

std::vector<std::string> BuiltinSpecs() {
  return {"mancala",
          "mancala(pits=3,seeds=2,first_player=1)",
          "yacht",
          "yacht(players=1)",
          "yacht(players=3,yahtzee_bonus=true)",
          "linesboard",
          "linesboard(rows=3,cols=3,colors=2,initial_balls=3,spawn=1)",
          "minirisk",
          "minirisk(players=2)",
          "daifugo(games=2)",
          "daifugo(players=3,games=2)"};
}

std::vector<float> Observation(const State& s, Player p) {
  std::vector<float> out(s.GetGame().ObservationTensorSize(), -7.0f);
  EXPECT_TRUE(s.ObservationTensor(p, absl::MakeSpan(out)).ok());
  return out;
}

std::vector<float> InformationState(const State& s, Player p) {
  std::vector<float> out(s.GetGame().InformationStateTensorSize(), -7.0f);
  EXPECT_TRUE(s.InformationStateTensor(p, absl::MakeSpan(out)).ok());
  return out;
}

bool Imperfect(const Game& game) {
  return game.Type().information == GameType::Information::kImperfect;
}

// PlayRandomly: calls check(state) at every node of one random game.
template <class F>
void PlayRandomly(const Game& game, uint64_t seed, F check) {
  Rng rng(seed);
  std::unique_ptr<State> s = game.NewInitialState();
  for (int steps = 0; !s->IsTerminal(); ++steps) {
    check(*s);
    if (s->IsSimultaneousNode()) {
      std::vector<Action> joint;
      for (Player p = 0; p < game.NumPlayers(); ++p) {
        const std::vector<Action> legal = s->LegalActions(p);
        joint.push_back(legal[rng.Below(legal.size())]);
      }
      ASSERT_TRUE(s->ApplyJointAction(joint).ok());
    } else {
      const std::vector<Action> legal = s->LegalActions();
      ASSERT_TRUE(s->ApplyAction(legal[rng.Below(legal.size())]).ok());
    }
  }
  check(*s);
}

class TensorTest : public ::testing::TestWithParam<std::string> {};

TEST_P(TensorTest, EveryGameDeclaresItsShapes) {
  auto game = LoadGame(GetParam());
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_GT((*game)->ObservationTensorSize(), 0);
  EXPECT_EQ((*game)->InformationStateTensorSize() > 0, Imperfect(**game));
}

TEST_P(TensorTest, TensorsAreFilledFiniteAndEqualForEqualStates) {
  auto game = LoadGame(GetParam());
  ASSERT_TRUE(game.ok()) << game.status();
  PlayRandomly(**game, 5, [&](const State& s) {
    const std::unique_ptr<State> copy =
        *(*game)->DeserializeState(s.Serialize());
    for (Player p = 0; p < (*game)->NumPlayers(); ++p) {
      const std::vector<float> obs = Observation(s, p);
      for (float x : obs) {
        ASSERT_TRUE(std::isfinite(x) && x != -7.0f) << s.ToString();
      }
      EXPECT_EQ(obs, Observation(*copy, p));
      if (Imperfect(**game)) {
        const std::vector<float> info = InformationState(s, p);
        for (float x : info) ASSERT_TRUE(std::isfinite(x) && x != -7.0f);
        EXPECT_EQ(info, InformationState(*copy, p));
      }
    }
  });
}

TEST_P(TensorTest, TensorsOfAViewEqualThoseOfTheFullState) {
  auto game = LoadGame(GetParam());
  ASSERT_TRUE(game.ok()) << game.status();
  PlayRandomly(**game, 9, [&](const State& s) {
    for (Player p = 0; p < (*game)->NumPlayers(); ++p) {
      const std::unique_ptr<State> view = s.ViewFor(p);
      EXPECT_EQ(Observation(s, p), Observation(*view, p));
      if (Imperfect(**game)) {
        EXPECT_EQ(InformationState(s, p), InformationState(*view, p));
      }
    }
  });
}

TEST_P(TensorTest, MaskMatchesLegalActions) {
  auto game = LoadGame(GetParam());
  ASSERT_TRUE(game.ok()) << game.status();
  std::vector<uint8_t> mask((*game)->NumDistinctActions());
  PlayRandomly(**game, 3, [&](const State& s) {
    const Player p = s.IsSimultaneousNode() ? 0 : s.CurrentPlayer();
    ASSERT_TRUE(s.LegalActionsMask(p, absl::MakeSpan(mask)).ok());
    std::vector<Action> from_mask;
    for (Action a = 0; a < static_cast<Action>(mask.size()); ++a) {
      if (mask[a]) from_mask.push_back(a);
    }
    EXPECT_EQ(from_mask, s.LegalActions(p));
  });
}

TEST_P(TensorTest, RewardsArePaidAtTheEndOnly) {
  auto game = LoadGame(GetParam());
  ASSERT_TRUE(game.ok()) << game.status();
  PlayRandomly(**game, 4, [&](const State& s) {
    if (s.IsTerminal()) {
      EXPECT_EQ(s.Rewards(), s.Returns());
    } else {
      EXPECT_EQ(s.Rewards(), std::vector<double>((*game)->NumPlayers(), 0.0));
    }
  });
}

TEST_P(TensorTest, BadCallsAreRefusedWithoutWriting) {
  auto game = LoadGame(GetParam());
  ASSERT_TRUE(game.ok()) << game.status();
  const std::unique_ptr<State> s = (*game)->NewInitialState();
  std::vector<float> small((*game)->ObservationTensorSize() - 1, 3.0f);
  absl::Status status = s->ObservationTensor(0, absl::MakeSpan(small));
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(status.message().find("takes"), std::string::npos) << status;
  EXPECT_TRUE(std::all_of(small.begin(), small.end(),
                          [](float x) { return x == 3.0f; }));
  std::vector<float> right((*game)->ObservationTensorSize());
  status = s->ObservationTensor((*game)->NumPlayers(), absl::MakeSpan(right));
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(status.message().find("no seat"), std::string::npos) << status;
  if (!Imperfect(**game)) {
    std::vector<float> none;
    EXPECT_EQ(s->InformationStateTensor(0, absl::MakeSpan(none)).code(),
              absl::StatusCode::kUnimplemented);
  }
  std::vector<uint8_t> mask(1);
  EXPECT_EQ(s->LegalActionsMask(0, absl::MakeSpan(mask)).code(),
            absl::StatusCode::kInvalidArgument);
}

INSTANTIATE_TEST_SUITE_P(BuiltinGames, TensorTest,
                         ::testing::ValuesIn(BuiltinSpecs()),
                         gameai::testing::SpecTestName);

// Daifugo: two deals that differ only in the other seats' hands (the same
// view for seat 0, redealt by Determinize) give seat 0 the same tensors.
TEST(DaifugoTensor, OtherHandsDoNotReachTheTensors) {
  auto game = LoadGame("daifugo(games=1)");
  ASSERT_TRUE(game.ok()) << game.status();
  using R = daifugo::Rules;
  auto kernel_game = std::dynamic_pointer_cast<const KernelGame<R>>(*game);
  ASSERT_NE(kernel_game, nullptr);
  std::unique_ptr<State> s = (*game)->NewInitialState();
  Rng rng(11);
  while (s->IsChanceNode()) {
    const std::vector<Action> legal = s->LegalActions();
    ASSERT_TRUE(s->ApplyAction(legal[rng.Below(legal.size())]).ok());
  }
  const auto& full = dynamic_cast<const KernelState<R>&>(*s);
  const R& rules = kernel_game->rules();
  const R::Position view = rules.Redact(full.position(), 0);
  const KernelState<R> other(kernel_game, rules.Determinize(view, 0, rng));
  ASSERT_NE(other.position().deal.hands[1],
            full.position().deal.hands[1]);
  EXPECT_EQ(Observation(*s, 0), Observation(other, 0));
  EXPECT_EQ(InformationState(*s, 0), InformationState(other, 0));
  // Seat 1's own hand differs between the two, and so do its tensors.
  EXPECT_NE(Observation(*s, 1), Observation(other, 1));
}

TEST(MancalaTensor, LaysTheBoardOutFromTheObserversSide) {
  auto game = LoadGame("mancala(pits=3,seeds=2)");
  ASSERT_TRUE(game.ok());
  auto s = (*game)->DeserializeState("1 1 0 3 2 4 1 1 0");
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(Observation(**s, 0),
            (std::vector<float>{1, 0, 3, 2, 4, 1, 1, 0, 0}));
  EXPECT_EQ(Observation(**s, 1),
            (std::vector<float>{4, 1, 1, 0, 1, 0, 3, 2, 1}));
}

}  // namespace
}  // namespace gameai
