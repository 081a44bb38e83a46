#include "gameai/arena/saved_game.h"

#include "gameai/dynamic/registry.h"
#include "gtest/gtest.h"
#include "toy_games.h"

namespace gameai {
namespace {

std::unique_ptr<State> Played(const char* spec, std::vector<Action> actions) {
  auto game = LoadGame(spec);
  EXPECT_TRUE(game.ok());
  std::unique_ptr<State> state = (*game)->NewInitialState();
  for (Action a : actions) EXPECT_TRUE(state->ApplyAction(a).ok()) << a;
  return state;
}

TEST(SavedGame, RoundTripKeepsPositionAndUndo) {
  std::unique_ptr<State> state = Played("mancala(seeds=3)", {2, 5, 0, 1});
  const std::string text = SaveGameText(*state);
  EXPECT_EQ(text,
            "gameai-save 1\n"
            "game mancala(pits=6,seeds=3,first_player=0,empty_capture=false)\n"
            "start 0 3 3 3 3 3 3 0 3 3 3 3 3 3 0\n"
            "actions 2 5 0 1\n");
  absl::StatusOr<std::unique_ptr<State>> loaded = LoadGameText(text);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_EQ((*loaded)->Serialize(), state->Serialize());
  ASSERT_EQ((*loaded)->History().size(), 4u);
  for (int i = 0; i < 4; ++i) {
    ASSERT_TRUE((*loaded)->UndoAction().ok());
    ASSERT_TRUE(state->UndoAction().ok());
    EXPECT_EQ((*loaded)->Serialize(), state->Serialize());
  }
}

TEST(SavedGame, JointActionsRoundTrip) {
  toy::RegisterToyGames();
  auto game = LoadGame("bid_duel");
  ASSERT_TRUE(game.ok());
  std::unique_ptr<State> state = (*game)->NewInitialState();
  ASSERT_TRUE(state->ApplyAction(1).ok());  // prize 2
  const std::vector<Action> joint = {2, 0};
  ASSERT_TRUE(state->ApplyJointAction(joint).ok());
  const std::string text = SaveGameText(*state);
  EXPECT_NE(text.find("actions 1 2/0\n"), std::string::npos) << text;
  absl::StatusOr<std::unique_ptr<State>> loaded = LoadGameText(text);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_EQ((*loaded)->Serialize(), state->Serialize());
}

TEST(SavedGame, MalformedTextNamesTheProblem) {
  struct Case {
    const char* text;
    const char* message;
  };
  const Case cases[] = {
      {"", "line 1"},
      {"gameai-save 2\ngame mancala\nstart 0\nactions\n", "line 1"},
      {"gameai-save 1\ngame chess\nstart 0\nactions\n",
       "line 2: unknown game 'chess'"},
      {"gameai-save 1\ngame mancala\nstart 0 4 4\nactions\n",
       "line 3: mancala state"},
      {"gameai-save 1\ngame mancala\nstart 0 4 4 4 4 4 4 0 4 4 4 4 4 4 "
       "0\nactions 2 x\n",
       "line 4: action 2 'x' is not a number"},
      {"gameai-save 1\ngame mancala\nstart 0 4 4 4 4 4 4 0 4 4 4 4 4 4 "
       "0\nactions 0 0 0\n",
       "line 4: action 3 '0': illegal action 0 for player 0"},
      {"gameai-save 1\ngame mancala\nstart 0 4 4 4 4 4 4 0 4 4 4 4 4 4 "
       "0\nactions\nmore\n",
       "line 5"},
  };
  for (const Case& c : cases) {
    absl::StatusOr<std::unique_ptr<State>> loaded = LoadGameText(c.text);
    ASSERT_FALSE(loaded.ok()) << c.text;
    EXPECT_NE(std::string(loaded.status().message()).find(c.message),
              std::string::npos)
        << loaded.status().message();
  }
}

TEST(Hint, IsTheAgentsMoveForThePlayerToMove) {
  std::unique_ptr<State> state = Played("mancala", {});
  absl::StatusOr<Action> hint = Hint(*state, "greedy");
  ASSERT_TRUE(hint.ok());
  EXPECT_EQ(*hint, 2);
  EXPECT_FALSE(Hint(*state, "nobot").ok());
}

}  // namespace
}  // namespace gameai
