// MiniRisk rules with written-out rounds: the draw of prizes, cancelled
// bids, highest / lowest unique bid, carry-over, the discarded last pot,
// scores and shared places; the text form.
#include <algorithm>

#include "gameai/minirisk/minirisk.h"
#include "gtest/gtest.h"

namespace gameai::minirisk {
namespace {

Rules MakeRules(int players) {
  absl::StatusOr<Rules> rules = Rules::Create({.players = players});
  EXPECT_TRUE(rules.ok());
  return *rules;
}

// Round: turns `prize` and plays the bids (cards 1..15).
void Round(const Rules& rules, Position& s, int prize,
           std::initializer_list<int> cards) {
  ASSERT_EQ(rules.CurrentPlayer(s), kChancePlayer);
  rules.Apply(s, Rules::Prize(prize));
  ASSERT_EQ(rules.CurrentPlayer(s), kSimultaneousPlayer);
  std::array<Move, kMaxPlayers> joint{};
  int p = 0;
  for (int card : cards) joint[p++] = Rules::Bid(card);
  rules.ApplyJoint(s, joint.data());
}

TEST(MiniRiskRules, TheSeedsExampleDuplicateFifteensCancelTheFourteenWins) {
  const Rules rules = MakeRules(3);
  Position s = rules.InitialPosition();
  Round(rules, s, 10, {15, 15, 14});
  EXPECT_EQ(s.scores[2], 10);
  EXPECT_EQ(s.scores[0] + s.scores[1], 0);
  EXPECT_EQ(s.taker[0], 2);
  // The cancelled cards are spent all the same.
  EXPECT_FALSE((s.hands[0] >> Rules::Bid(15)) & 1);
  EXPECT_FALSE((s.hands[1] >> Rules::Bid(15)) & 1);
  EXPECT_EQ(s.pot, 0);
}

TEST(MiniRiskRules, ANegativePotGoesToTheLowestUniqueBid) {
  const Rules rules = MakeRules(4);
  Position s = rules.InitialPosition();
  Round(rules, s, -4, {1, 1, 3, 9});
  EXPECT_EQ(s.scores[2], -4);
  EXPECT_EQ(s.scores[3], 0);
}

TEST(MiniRiskRules, NoUniqueBidCarriesThePotOverSeveralRounds) {
  const Rules rules = MakeRules(2);
  Position s = rules.InitialPosition();
  Round(rules, s, 3, {7, 7});
  EXPECT_EQ(s.pot, 3);
  EXPECT_EQ(s.taker[0], -1);
  Round(rules, s, -5, {2, 2});  // pot -2: still nobody
  EXPECT_EQ(s.pot, -2);
  Round(rules, s, 6, {1, 9});  // pot 4 > 0: the highest unique bid, 9
  EXPECT_EQ(s.scores[1], 4);
  EXPECT_EQ(s.pot, 0);
  EXPECT_EQ(s.pot_cards, 0);
}

TEST(MiniRiskRules, TheSumOfTheCarriedPotDecidesHighestOrLowest) {
  const Rules rules = MakeRules(2);
  Position s = rules.InitialPosition();
  Round(rules, s, 2, {5, 5});
  Round(rules, s, -3, {4, 8});  // pot -1 < 0: the lowest, 4
  EXPECT_EQ(s.scores[0], -1);
}

TEST(MiniRiskRules, AZeroPotCountsAsPositive) {
  const Rules rules = MakeRules(2);
  Position s = rules.InitialPosition();
  Round(rules, s, -2, {5, 5});
  Round(rules, s, 2, {4, 8});  // pot 0: the highest takes it
  EXPECT_EQ(s.taker[1], 1);
  EXPECT_EQ(s.scores[1], 0);
  EXPECT_EQ(s.pot, 0);
}

TEST(MiniRiskRules, APotLeftAfterTheLastRoundIsDiscarded) {
  const Rules rules = MakeRules(2);
  Position s = rules.InitialPosition();
  int prize = -5;
  for (int r = 0; r < kRounds; ++r, ++prize) {
    if (prize == 0) ++prize;
    const int card = r + 1;
    Round(rules, s, prize, {card, card});  // every bid cancelled
  }
  EXPECT_EQ(rules.CurrentPlayer(s), kTerminalPlayer);
  EXPECT_EQ(s.pot, 0);
  EXPECT_EQ(s.scores[0], 0);
  EXPECT_EQ(s.scores[1], 0);
  EXPECT_EQ(rules.Return(s, 0), 0);  // a shared first place
  EXPECT_EQ(rules.Return(s, 1), 0);
}

TEST(MiniRiskRules, PlacesAreSharedOnEqualScores) {
  const Rules rules = MakeRules(3);
  Position s = rules.InitialPosition();
  s.round = kRounds;  // the end, with these scores
  s.scores = {10, 10, 3};
  EXPECT_EQ(rules.Return(s, 0), 0);  // first place shared
  EXPECT_EQ(rules.Return(s, 1), 0);
  EXPECT_EQ(rules.Return(s, 2), -1);
  s.scores = {12, 10, 3};
  EXPECT_EQ(rules.Return(s, 0), 1);
  EXPECT_EQ(rules.Return(s, 1), -1);
  s.scores = {-4, -4, -4};
  EXPECT_EQ(rules.Return(s, 2), 0);
  EXPECT_EQ(rules.Score(s, 2), -4);
}

TEST(MiniRiskRules, PrizesAreDrawnUniformlyFromThoseNotTurned) {
  const Rules rules = MakeRules(2);
  Position s = rules.InitialPosition();
  Rules::ChanceList outcomes;
  rules.ChanceOutcomes(s, outcomes);
  ASSERT_EQ(outcomes.size(), 15u);
  for (const auto& o : outcomes) EXPECT_DOUBLE_EQ(o.probability, 1.0 / 15);
  Round(rules, s, 7, {1, 2});
  rules.ChanceOutcomes(s, outcomes);
  ASSERT_EQ(outcomes.size(), 14u);
  for (const auto& o : outcomes) EXPECT_NE(o.move, Rules::Prize(7));
  // Sampling follows the same law.
  Rng rng(3);
  std::array<int, kCards> counts{};
  for (int i = 0; i < 14000; ++i) {
    ++counts[rules.SampleChance(s, rng) - kFirstPrizeAction];
  }
  EXPECT_EQ(counts[PrizeIndex(7)], 0);
  for (int i = 0; i < kCards; ++i) {
    if (i != PrizeIndex(7)) {
      EXPECT_NEAR(counts[i], 1000, 150);
    }
  }
}

TEST(MiniRiskRules, HandsAreBitMasksOfTheCardsLeft) {
  const Rules rules = MakeRules(2);
  Position s = rules.InitialPosition();
  EXPECT_EQ(s.hands[0], kFullHand);
  Round(rules, s, 5, {15, 3});
  rules.Apply(s, Rules::Prize(1));
  MoveList moves;
  rules.LegalMovesFor(s, 0, moves);
  EXPECT_EQ(moves.size(), 14);
  EXPECT_EQ(std::find(moves.begin(), moves.end(), Rules::Bid(15)), moves.end());
  rules.LegalMovesFor(s, 1, moves);
  EXPECT_EQ(std::find(moves.begin(), moves.end(), Rules::Bid(3)), moves.end());
}

TEST(MiniRiskRules, TextRoundTripsAndBadTextIsRejected) {
  const Rules rules = MakeRules(3);
  Position s = rules.InitialPosition();
  Round(rules, s, 10, {15, 15, 14});
  Round(rules, s, -2, {1, 2, 3});
  rules.Apply(s, Rules::Prize(4));
  EXPECT_EQ(rules.Serialize(s), "prizes=10,-2,4 bids=15.15.14/1.2.3");
  absl::StatusOr<Position> back = rules.Deserialize(rules.Serialize(s));
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(rules.Serialize(*back), rules.Serialize(s));
  EXPECT_EQ(back->scores[2], 10);
  EXPECT_EQ(back->scores[0], -2);
  for (const char* bad : {"prizes=10 bids=15.15", "prizes=10,10 bids=1.2.3",
                          "prizes=0 bids=-", "prizes=3,4 bids=1.1.1/1.2.3",
                          "prizes=- bids=1.2.3", "bids=- prizes=-"}) {
    EXPECT_FALSE(rules.Deserialize(bad).ok()) << bad;
  }
  EXPECT_FALSE(Rules::Create({.players = 1}).ok());
  EXPECT_FALSE(Rules::Create({.players = 9}).ok());
}

}  // namespace
}  // namespace gameai::minirisk
