// Validate: every state Deserialize accepts is one the kernel can play on
// (the reproducers here are states that were once accepted and then crashed
// a search, hung a match or could not be loaded again), and search code
// reports an error instead of indexing an empty list.
#include <string>

#include "gameai/daifugo/daifugo.h"
#include "gameai/dynamic/registry.h"
#include "gameai/kernel/kernel.h"
#include "gameai/linesboard/linesboard.h"
#include "gameai/mancala/mancala.h"
#include "gameai/minirisk/minirisk.h"
#include "gameai/search/mcts.h"
#include "gameai/yacht/yacht.h"
#include "gtest/gtest.h"

namespace gameai {
namespace {

std::shared_ptr<const Game> Load(const std::string& spec) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(spec);
  EXPECT_TRUE(game.ok()) << game.status();
  return *game;
}

// Rejected: DeserializeState refuses `text` with a message holding `why`.
void ExpectRejected(const std::string& spec, const std::string& text,
                    const std::string& why) {
  absl::StatusOr<std::unique_ptr<State>> state =
      Load(spec)->DeserializeState(text);
  ASSERT_FALSE(state.ok()) << text;
  EXPECT_NE(state.status().message().find(why), std::string::npos)
      << state.status();
}

constexpr char kSmallLines[] =
    "linesboard(rows=3,cols=3,colors=2,initial_balls=3,spawn=1)";

TEST(LinesboardValidate, FullBoardNotOverIsRejected) {
  ExpectRejected(kSmallLines,
                 "cells=AAB/BBA/AAB preview=A score=0,0 turns=0 player=0 "
                 "setup=0 spawn=0 draws=0 over=0",
                 "the board is full but the game has not ended");
}

TEST(LinesboardValidate, MoreSetupBallsThanEmptyCellsIsRejected) {
  // Two empty cells and three setup balls due: after two the chance node
  // had no outcome.
  ExpectRejected(kSmallLines,
                 "cells=AAB/BB./AA. preview=- score=0,0 turns=0 player=0 "
                 "setup=3 spawn=0 draws=1 over=0",
                 "setup balls due are not initial_balls");
}

TEST(LinesboardValidate, RepeatedKeyIsRejected) {
  // A repeated preview once overran the preview array.
  ExpectRejected(kSmallLines,
                 "cells=A../.B./... preview=A preview=A score=0,0 turns=0 "
                 "player=0 setup=0 spawn=0 draws=0",
                 "'preview' is repeated");
}

TEST(LinesboardValidate, NoBallCanMoveNotOverIsRejected) {
  ExpectRejected("linesboard(rows=3,cols=3,colors=2,initial_balls=0,spawn=1)",
                 "cells=.../.../... preview=A score=0,0 turns=0 player=0 "
                 "setup=0 spawn=0 draws=0 over=0",
                 "no ball can move");
}

TEST(LinesboardValidate, ShortPreviewAtAPlayersTurnIsRejected) {
  ExpectRejected(kSmallLines,
                 "cells=A../.B./... preview=- score=0,0 turns=0 player=0 "
                 "setup=0 spawn=0 draws=0 over=0",
                 "preview shorter than spawn");
}

TEST(LinesboardValidate, TurnCounterHoldsEveryAcceptedMaxTurns) {
  // turns was 16 bits: max_turns=65536 never ended the game.
  const linesboard::Rules rules =
      *linesboard::Rules::Create({.spawn = 0, .max_turns = 100000});
  linesboard::Position s = rules.InitialPosition();
  Rng rng(1);
  for (int i = 0; i < 200 && rules.CurrentPlayer(s) == kChancePlayer; ++i) {
    rules.Apply(s, rules.SampleChance(s, rng));
  }
  ASSERT_GE(rules.CurrentPlayer(s), 0);
  s.turns = 99999;
  ASSERT_TRUE(rules.Validate(s).ok()) << rules.Validate(s);
  const std::optional<linesboard::Move> move = rules.SampleMove(s, rng);
  ASSERT_TRUE(move.has_value());
  rules.Apply(s, *move);
  if (rules.CurrentPlayer(s) != kTerminalPlayer) {
    EXPECT_GT(s.score[0], 0u);  // a scoring move: the turn goes on
  } else {
    EXPECT_EQ(s.turns, 100000u);
  }
}

TEST(LinesboardValidate, LongMatchEndsAtMaxTurns) {
  // The CLI reproducer: linesboard(spawn=0,max_turns=65536) with random
  // agents; every game must end within MaxGameLength.
  const std::shared_ptr<const Game> game = Load(
      "linesboard(rows=3,cols=3,colors=8,initial_balls=2,spawn=0,"
      "max_turns=65536)");
  std::unique_ptr<State> state = game->NewInitialState();
  Rng rng(3);
  int transitions = 0;
  while (!state->IsTerminal() && transitions <= game->MaxGameLength()) {
    const std::vector<Action> legal = state->LegalActions();
    ASSERT_TRUE(state->ApplyAction(legal[rng.Below(legal.size())]).ok());
    ++transitions;
  }
  EXPECT_TRUE(state->IsTerminal());
  EXPECT_NE(state->Serialize().find("turns=65536"), std::string::npos);
}

TEST(LinesboardValidate, MctsOnABoardWithoutMovesIsAnError) {
  // Kernel level, past Deserialize: the search refuses, it does not
  // overflow its tree (Backpropagate read node -1).
  const linesboard::Rules rules = *linesboard::Rules::Create(
      {.rows = 3, .cols = 3, .colors = 2, .initial_balls = 3, .spawn = 1});
  linesboard::Position s{};
  s.balls[0] = linesboard::Bit(0) | linesboard::Bit(1) | linesboard::Bit(18) |
               linesboard::Bit(32) | linesboard::Bit(33);
  s.balls[1] = linesboard::Bit(2) | linesboard::Bit(16) | linesboard::Bit(17) |
               linesboard::Bit(34);
  s.preview_size = 1;
  EXPECT_FALSE(rules.Validate(s).ok());
  Mcts<linesboard::Rules> mcts(rules, {.simulations = 50});
  Rng rng(1);
  const absl::StatusOr<linesboard::Move> move = mcts.Search(s, rng);
  ASSERT_FALSE(move.ok());
  EXPECT_NE(move.status().message().find("no legal move"), std::string::npos);
}

TEST(MancalaValidate, SeedsOutsideTheBoardAreRejected) {
  const mancala::Rules rules = *mancala::Rules::Create({.pits = 2, .seeds = 1});
  mancala::Position s{};
  s.board = {1, 0, 1, 0, 0, 2};  // 2*pits+2 entries: seeds on both sides
  s.board[6] = 1;                // beyond the board
  EXPECT_NE(rules.Validate(s).message().find("outside the board"),
            std::string::npos);
}

TEST(YachtValidate, FinishedGameMustBeAtRoundThirteen) {
  // round=200 with phase over was accepted (and truncated to a byte).
  std::string text = "0 200 2 2 0";
  for (int p = 0; p < 2; ++p) text += " 0 0 0 0";
  ExpectRejected("yacht", text, "round out of range");
}

TEST(YachtValidate, FiftyInAnOpenYachtIsRejected) {
  ExpectRejected("yacht(players=1)", "0 0 0 2 0 8191 0 0 1",
                 "YACHT holds 50) but YACHT is open");
}

// A total the filled boxes cannot make: 100 points with nothing scored;
// nothing open and YACHT's 50 in a total of 0; CHANCE alone (5..30) with
// a total of 3.
TEST(YachtValidate, TotalBeyondTheFilledBoxesIsRejected) {
  ExpectRejected("yacht(players=1)", "0 0 0 2 0 8191 100 0 0",
                 "leaves 100 for the filled lower boxes (none filled)");
  ExpectRejected("yacht(players=1)", "0 1 0 2 0 4095 3 0 0",
                 "leaves 3 for the filled lower boxes (CHANCE)");
  ExpectRejected("yacht(players=1)", "0 13 2 2 0 0 0 0 1",
                 "which cannot score that");
}

TEST(YachtValidate, UpperTotalBeyondTheFilledBoxesIsRejected) {
  // ACES filled (open 8190): at most 5 in the upper section.
  ExpectRejected("yacht(players=1)", "0 1 0 2 0 8190 6 6 0", "upper total 6");
}

TEST(MiniriskValidate, EditedHandIsRejected) {
  const minirisk::Rules rules = *minirisk::Rules::Create({.players = 2});
  absl::StatusOr<minirisk::Position> s = rules.Deserialize("prizes=3 bids=-");
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_TRUE(rules.Validate(*s).ok());
  s->hands[1] &= ~uint16_t{1};
  EXPECT_NE(rules.Validate(*s).message().find("do not follow"),
            std::string::npos);
}

// Daifugo: a real state from random play, then edited.
class DaifugoValidate : public ::testing::Test {
 protected:
  void SetUp() override {
    game_ = Load("daifugo(players=4,games=3)");
    state_ = game_->NewInitialState();
    Rng rng(9);
    // To the second deal's play, after an exchange.
    while (!state_->IsTerminal()) {
      const std::string text = state_->Serialize();
      if (text.find("phase=play") != std::string::npos &&
          text.find("games_done=1") != std::string::npos &&
          text.find("played=-") == std::string::npos) {
        break;
      }
      if (state_->IsChanceNode()) {
        const std::vector<ChanceOutcome> o = state_->ChanceOutcomes();
        ASSERT_TRUE(state_->ApplyAction(o[rng.Below(o.size())].action).ok());
      } else {
        const std::vector<Action> legal = state_->LegalActions();
        ASSERT_TRUE(state_->ApplyAction(legal[rng.Below(legal.size())]).ok());
      }
    }
    text_ = state_->Serialize();
    ASSERT_TRUE(game_->DeserializeState(text_).ok());
  }

  // Replaced: text_ with the value of `key` set to `value`.
  std::string Replaced(const std::string& key, const std::string& value) {
    const size_t at = text_.find(" " + key + "=");
    EXPECT_NE(at, std::string::npos) << key;
    const size_t begin = at + key.size() + 2;
    const size_t end = text_.find(' ', begin);
    std::string t = text_;
    return t.replace(begin, end == std::string::npos ? end : end - begin,
                     value);
  }

  std::shared_ptr<const Game> game_;
  std::unique_ptr<State> state_;
  std::string text_;
};

TEST_F(DaifugoValidate, AViewWithHiddenHandsIsRejected) {
  // A view: other hands blanked, their sizes in count=. Playing on from
  // it dealt or moved cards no hand held.
  const std::unique_ptr<State> view = state_->ViewFor(0);
  ExpectRejected("daifugo(players=4,games=3)", view->Serialize(),
                 "a view (of what one seat sees), not a state to play on");
}

TEST_F(DaifugoValidate, DuplicatePlacesAreRejected) {
  ExpectRejected("daifugo(players=4,games=3)",
                 Replaced("last_place", "1,1,3,4"), "last_place=");
}

TEST_F(DaifugoValidate, PointsThatDisagreeWithPlacesAreRejected) {
  ExpectRejected("daifugo(players=4,games=3)", Replaced("points", "4,4,4,4"),
                 "points do not match");
}

TEST_F(DaifugoValidate, RepeatedKeyIsRejected) {
  ExpectRejected("daifugo(players=4,games=3)", text_ + " lock=0",
                 "'lock=' is repeated");
}

TEST_F(DaifugoValidate, UnknownKeyIsRejected) {
  ExpectRejected("daifugo(players=4,games=3)", text_ + " colour=red",
                 "an unknown key");
}

TEST_F(DaifugoValidate, EveryListedActionOfALoadedStateApplies) {
  absl::StatusOr<std::unique_ptr<State>> loaded =
      game_->DeserializeState(text_);
  ASSERT_TRUE(loaded.ok());
  for (Action a : (*loaded)->LegalActions()) {
    std::unique_ptr<State> copy = (*loaded)->Clone();
    EXPECT_TRUE(copy->ApplyAction(a).ok()) << a;
    EXPECT_TRUE(copy->Validate().ok()) << copy->Validate();
  }
}

}  // namespace
}  // namespace gameai
