// The original game's GetBestMove / Value, rule by rule.
#include "gameai/base/random.h"
#include "gameai/dynamic/registry.h"
#include "gameai/mancala/internal/greedy.h"
#include "gtest/gtest.h"
#include "mancala_boards.h"

namespace gameai::mancala {
namespace {

using testing::Board;
using testing::MakeRules;

TEST(MancalaGreedyValue, StoreDifferenceFromTheMoversSide) {
  const Rules rules = MakeRules();
  const Position s = Board(rules, "0 4 4 4 4 4 0 6 4 4 4 4 4 0 2");
  EXPECT_EQ(GreedyValue(rules, s, 0), 4);
  EXPECT_EQ(GreedyValue(rules, s, 1), -4);
}

TEST(MancalaGreedyValue, MoreThanHalfIsPlusOrMinus5000) {
  const Rules rules = MakeRules();  // 48 seeds: half is 24
  const Position s = Board(rules, "0 1 1 1 1 1 1 25 1 1 1 1 1 1 11");
  EXPECT_EQ(GreedyValue(rules, s, 0), 5000);
  EXPECT_EQ(GreedyValue(rules, s, 1), -5000);
}

TEST(MancalaGreedyValue, ExactlyHalfEachIsZero) {
  const Rules rules = MakeRules();
  const Position s = Board(rules, "0 0 0 0 0 0 0 24 0 0 0 0 0 0 24");
  EXPECT_EQ(GreedyValue(rules, s, 0), 0);
  // Half for one side only is an ordinary difference.
  const Position t = Board(rules, "0 0 0 0 0 0 1 24 0 0 0 0 0 1 22");
  EXPECT_EQ(GreedyValue(rules, t, 0), 2);
}

TEST(MancalaGreedy, ExtraTurnIsValuedByTheBestContinuation) {
  // From the start, pit 3 ends in the store (another turn); its value is the
  // best of the continuation (2: pits 4-6 each put one more seed in the
  // store), while pits 4-6 alone give 1 and pits 1-2 give 0.
  const Rules rules = MakeRules();
  const GreedyChoice c = GreedyBestMove(rules, rules.InitialPosition());
  EXPECT_EQ(c.move, 2);
  EXPECT_EQ(c.value, 2);
  EXPECT_EQ(c.pit_values[0], 0);
  EXPECT_EQ(c.pit_values[1], 0);
  EXPECT_EQ(c.pit_values[2], 2);
  EXPECT_EQ(c.pit_values[3], 1);
  EXPECT_EQ(c.pit_values[4], 1);
  EXPECT_EQ(c.pit_values[5], 1);
}

TEST(MancalaGreedy, TiesGoToTheLowestPit) {
  // After pit 3: pits 4, 5 and 6 all reach value 2; the lowest is kept.
  const Rules rules = MakeRules();
  const GreedyChoice c =
      GreedyBestMove(rules, Board(rules, "0 4 4 0 5 5 5 1 4 4 4 4 4 4 0"));
  EXPECT_EQ(c.pit_values[3], 2);
  EXPECT_EQ(c.pit_values[4], 2);
  EXPECT_EQ(c.pit_values[5], 2);
  EXPECT_EQ(c.pit_values[2], -6000);  // empty pit: not a move
  EXPECT_EQ(c.move, 3);
}

TEST(MancalaGreedy, WinningMoveScores5000) {
  //   Player 1:     3  3  3  3  3  3
  //   Stores:    3                    23
  //   Player 0:     0  0  0  1  0  3
  // Pit 4 captures 3 + 1 (store 27 > 24: +5000); pit 6 only reaches 24.
  const Rules rules = MakeRules();
  const GreedyChoice c =
      GreedyBestMove(rules, Board(rules, "0 0 0 0 1 0 3 23 3 3 3 3 3 3 3"));
  EXPECT_EQ(c.pit_values[3], 5000);
  EXPECT_EQ(c.pit_values[5], 21);
  EXPECT_EQ(c.move, 3);
}

TEST(MancalaGreedy, LostPositionPlaysTheLowestPit) {
  // The opponent already holds more than half: every move is -5000.
  const Rules rules = MakeRules();
  const GreedyChoice c =
      GreedyBestMove(rules, Board(rules, "0 0 2 1 0 1 1 3 2 2 2 2 2 5 25"));
  EXPECT_EQ(c.pit_values[1], -5000);
  EXPECT_EQ(c.pit_values[5], -5000);
  EXPECT_EQ(c.move, 1);
}

TEST(MancalaGreedy, ExtraTurnThatEndsTheGameIsValuedAsFinished) {
  // Pit 6's last seed reaches the store and empties player 0's side: the
  // game ends (player 1 sweeps its seed) at 24 - 24, value 0. There is no
  // continuation to search (the literal port would leave -6000).
  const Rules rules = MakeRules();
  const GreedyChoice c =
      GreedyBestMove(rules, Board(rules, "0 0 0 0 0 0 1 23 1 0 0 0 0 0 23"));
  EXPECT_EQ(c.move, 5);
  EXPECT_EQ(c.value, 0);
}

TEST(MancalaGreedy, ExtraTurnChainsIntoAWin) {
  // Pit 6: store (23), another turn; then pit 5 captures player 1's last
  // seed: 25 > 24, +5000. Pit 5 played first only gives 22 - 23 = -1.
  const Rules rules = MakeRules();
  const GreedyChoice c =
      GreedyBestMove(rules, Board(rules, "0 0 0 0 0 1 1 22 1 0 0 0 0 0 23"));
  EXPECT_EQ(c.pit_values[4], -1);
  EXPECT_EQ(c.pit_values[5], 5000);
  EXPECT_EQ(c.move, 5);
}

TEST(MancalaGreedy, PlaysForPlayerOneToo) {
  // Mirror of the start: player 1's pit 3 earns the extra turn.
  const Rules rules = MakeRules({.first_player = 1});
  const GreedyChoice c = GreedyBestMove(rules, rules.InitialPosition());
  EXPECT_EQ(c.move, 2);
  EXPECT_EQ(c.value, 2);
}

TEST(MancalaGreedy, ChosenMoveIsTheFirstBestOnRandomPositions) {
  const Rules rules = MakeRules();
  Rng rng(5);
  for (int game = 0; game < 50; ++game) {
    Position s = rules.InitialPosition();
    while (!rules.IsOver(s)) {
      const GreedyChoice c = GreedyBestMove(rules, s);
      MoveList moves;
      rules.LegalMoves(s, moves);
      int best = -6000;
      for (Move m : moves) best = std::max(best, c.pit_values[m]);
      ASSERT_EQ(c.value, best);
      for (Move m : moves) {
        if (c.pit_values[m] == best) {
          ASSERT_EQ(c.move, m);
          break;
        }
      }
      rules.Apply(s, moves[static_cast<int>(rng.Below(moves.size()))]);
    }
  }
}

TEST(MancalaGreedy, AgentExplainsItsChoice) {
  auto game = LoadGame("mancala");
  ASSERT_TRUE(game.ok());
  auto agent = LoadAgent(**game, "greedy");
  ASSERT_TRUE(agent.ok());
  ASSERT_TRUE((*agent)->StartGame(**game, 0, 1).ok());
  auto state = (*game)->NewInitialState();
  absl::StatusOr<Action> action = (*agent)->Step(*state->ViewFor(0));
  ASSERT_TRUE(action.ok());
  EXPECT_EQ(*action, 2);
  EXPECT_EQ((*agent)->Explain(),
            "greedy: pit 3 (value 2); pit values: 1:0 2:0 3:2 4:1 5:1 6:1");
}

}  // namespace
}  // namespace gameai::mancala
