// The original game's meld and hand evaluation: its worked values and each
// formula.
#include "daifugo_cards.h"
#include "gameai/daifugo/internal/hand_eval.h"
#include "gtest/gtest.h"

namespace gameai::daifugo {
namespace {

using testing::Hand;
using testing::MeldOf;

// Five players, nothing played: E is everything but the hand.
EvalContext Fresh(Cards hand) { return {.enemy = kFullDeck & ~hand}; }

TEST(DaifugoHandEval, TheSeedsFirstExampleHandValues) {
  // Hand ♠3 ♦10 ♣10 ♠2 ♦2 on ♠7 ♦7: after ♦10 ♣10 the hand ♠3 ♠2 ♦2 is
  // worth 0; after ♠2 ♦2 the hand ♠3 ♦10 ♣10 is worth 3.
  const Cards hand = Hand("S3 DT CT S2 D2");
  EvalContext after_tens = Fresh(hand);  // played cards leave E either way
  EXPECT_EQ(HandValue(Hand("S3 S2 D2"), after_tens), 0);
  EvalContext after_twos = Fresh(hand);
  EXPECT_EQ(HandValue(Hand("S3 DT CT"), after_twos), 3);
}

TEST(DaifugoHandEval, SingleValueCountsStrongerRanksInE) {
  const Cards hand = Hand("S3 HA D2");
  EXPECT_EQ(MeldValue(MeldOf("D2"), Fresh(hand)), 100);
  EXPECT_EQ(MeldValue(MeldOf("HA"), Fresh(hand)), 70);  // the 2s are out
  EXPECT_EQ(MeldValue(MeldOf("S3"), Fresh(hand)), 1);   // never below 1
  EvalContext rev = Fresh(hand);
  rev.revolution = true;
  EXPECT_EQ(MeldValue(MeldOf("S3"), rev), 100);
}

TEST(DaifugoHandEval, GroupValueWeighsStrongerRanksByTheirSpareCards) {
  // Pair of 10s, five players all in: J, Q, K, A have 4 in E (s = 2,
  // n = 15 each), the 2s have 2 (s = 0, n = 4): 100 - 64 = 36.
  const Cards hand = Hand("S3 DT CT S2 D2");
  EXPECT_EQ(MeldValue(MeldOf("DT CT"), Fresh(hand)), 36);
  // With two players out, s grows by 2: 100 - 4 * 24 - 15 < 1: floored.
  EvalContext late = Fresh(hand);
  late.players_in = 3;
  EXPECT_EQ(MeldValue(MeldOf("DT CT"), late), 1);
}

TEST(DaifugoHandEval, SequenceValueCountsStrongerRunsInE) {
  // E holds one 3-run beyond ♥9-♥J (♠Q ♠K ♠A); four players still in.
  EvalContext c{.enemy = Hand("SQ SK SA"), .players_in = 4};
  EXPECT_EQ(MeldValue(MeldOf("H9 HT HJ"), c), 100 - 1 * (5 + 1 - 4));
  EXPECT_TRUE(EnemyHasStronger(MeldOf("H9 HT HJ"), c));
  EXPECT_FALSE(EnemyHasStronger(MeldOf("HQ HK HA"), c));
}

TEST(DaifugoHandEval, DecompositionTakesRunsThenGroupsThenSingles) {
  const Cards hand = Hand("S4 S5 S6 H6 D9 C9 SK");
  const std::vector<Meld> melds = Decompose(hand, Fresh(hand));
  std::vector<std::string> texts;
  for (const Meld& m : melds) texts.push_back(MeldText(m));
  EXPECT_EQ(texts, (std::vector<std::string>{"S4 S5 S6", "D9 C9", "H6", "SK"}));
  // A run whose every rank the hand also holds elsewhere is not taken.
  const Cards pairs = Hand("S4 H4 S5 H5 S6 H6");
  std::vector<std::string> pair_texts;
  for (const Meld& m : Decompose(pairs, Fresh(pairs))) {
    pair_texts.push_back(MeldText(m));
  }
  EXPECT_EQ(pair_texts, (std::vector<std::string>{"S4 H4", "S5 H5", "S6 H6"}));
  // The joker stays a lone single.
  EXPECT_EQ(MeldText(Decompose(Hand("S3 JK"), Fresh(Hand("S3 JK")))[0]), "JK");
}

TEST(DaifugoHandEval, CanGoOutWithAtMostOneWeakMeld) {
  const Cards hand = Hand("S3 S2 D2");
  EXPECT_TRUE(CanGoOut(hand, Fresh(hand)));  // 2s clear; the 3 is the one
  const Cards weak = Hand("S3 H5 D7");
  EXPECT_FALSE(CanGoOut(weak, Fresh(weak)));
  EXPECT_TRUE(CanGoOut(0, Fresh(0)));
}

}  // namespace
}  // namespace gameai::daifugo
