#include "gameai/dynamic/registry.h"

#include <algorithm>

#include "gtest/gtest.h"
#include "toy_games.h"

namespace gameai {
namespace {

bool Mentions(const absl::Status& status, std::string_view text) {
  return status.message().find(absl::string_view(text.data(), text.size())) !=
         absl::string_view::npos;
}

TEST(LoadGame, CanonicalSpecHasEveryParameter) {
  absl::StatusOr<std::shared_ptr<const Game>> game =
      LoadGame("mancala(seeds=3)");
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ((*game)->Spec(),
            "mancala(pits=6,seeds=3,first_player=0,empty_capture=false)");
  EXPECT_EQ((*game)->NumPlayers(), 2);
  EXPECT_EQ((*game)->NumDistinctActions(), 6);
}

TEST(LoadGame, UnknownGameListsTheValidOnes) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("chess");
  ASSERT_FALSE(game.ok());
  EXPECT_EQ(game.status().code(), absl::StatusCode::kNotFound);
  EXPECT_TRUE(Mentions(game.status(), "mancala"));
}

TEST(LoadGame, MisspelledGameSuggestsTheClosest) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("manacla");
  ASSERT_FALSE(game.ok());
  EXPECT_TRUE(Mentions(game.status(), "did you mean 'mancala'?"))
      << game.status();
}

TEST(LoadGame, FarOffNameSuggestsNothing) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("chess");
  ASSERT_FALSE(game.ok());
  EXPECT_FALSE(Mentions(game.status(), "did you mean")) << game.status();
}

TEST(LoadGame, MisspelledParameterSuggestsTheClosest) {
  absl::StatusOr<std::shared_ptr<const Game>> game =
      LoadGame("mancala(seed=3)");
  ASSERT_FALSE(game.ok());
  EXPECT_TRUE(Mentions(game.status(), "did you mean 'seeds'?"))
      << game.status();
}

TEST(LoadAgent, MisspelledAgentSuggestsTheClosest) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("mancala");
  ASSERT_TRUE(game.ok());
  absl::StatusOr<std::unique_ptr<Agent>> agent = LoadAgent(**game, "strongset");
  ASSERT_FALSE(agent.ok());
  EXPECT_EQ(agent.status().code(), absl::StatusCode::kNotFound);
  EXPECT_TRUE(Mentions(agent.status(), "did you mean 'strongest'?"))
      << agent.status();
}

TEST(LoadGame, BadParameterIsInvalidArgument) {
  absl::StatusOr<std::shared_ptr<const Game>> game =
      LoadGame("mancala(pits=0)");
  ASSERT_FALSE(game.ok());
  EXPECT_EQ(game.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_TRUE(Mentions(game.status(), "[1, 8]"));
}

TEST(LoadAgent, UnknownAgentListsTheValidOnes) {
  auto game = LoadGame("mancala");
  ASSERT_TRUE(game.ok());
  absl::StatusOr<std::unique_ptr<Agent>> agent = LoadAgent(**game, "alphazero");
  ASSERT_FALSE(agent.ok());
  EXPECT_TRUE(Mentions(agent.status(),
                       "random, greedy, alphabeta, mcts, beginner, advanced, "
                       "strongest, perfect"));
}

TEST(LoadAgent, BadOptionIsRejected) {
  auto game = LoadGame("mancala");
  ASSERT_TRUE(game.ok());
  EXPECT_FALSE(LoadAgent(**game, "mcts(simulations=0)").ok());
  EXPECT_FALSE(LoadAgent(**game, "mcts(depth=3)").ok());
  EXPECT_TRUE(
      LoadAgent(**game, "mcts(simulations=5,exploration=0.5,seed=2)").ok());
}

TEST(RegisterGame, DuplicateNameIsAnError) {
  RegisterBuiltinGames();
  absl::StatusOr<const GameEntry*> entry = FindGame("mancala");
  ASSERT_TRUE(entry.ok());
  EXPECT_EQ(RegisterGame(**entry).code(), absl::StatusCode::kAlreadyExists);
}

TEST(MctsAgent, SearchesSimultaneousGamesDecoupled) {
  toy::RegisterToyGames();
  auto game = LoadGame("bid_duel");
  ASSERT_TRUE(game.ok()) << game.status();
  absl::StatusOr<std::unique_ptr<Agent>> agent = LoadAgent(**game, "mcts");
  ASSERT_TRUE(agent.ok()) << agent.status();
  ASSERT_TRUE((*agent)->StartGame(**game, 1, 3).ok());
  std::unique_ptr<State> state = (*game)->NewInitialState();
  ASSERT_TRUE(state->ApplyAction(state->LegalActions().front()).ok());
  ASSERT_TRUE(state->IsSimultaneousNode());
  absl::StatusOr<Action> action = (*agent)->Step(*state->ViewFor(1));
  ASSERT_TRUE(action.ok()) << action.status();
  const std::vector<Action> legal = state->LegalActions(1);
  EXPECT_TRUE(std::find(legal.begin(), legal.end(), *action) != legal.end());
  EXPECT_TRUE((*agent)->Explain().find("decoupled") != std::string::npos);
}

}  // namespace
}  // namespace gameai
