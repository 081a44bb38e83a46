// The original game's CPU player, rule by rule: each test shows one rule
// deciding (hand-picked dice and scorecards).
#include "gameai/arena/arena.h"
#include "gameai/yacht/internal/dice8.h"
#include "gtest/gtest.h"

namespace gameai::yacht::dice8 {
namespace {

int Dice(std::initializer_list<int> faces) {
  std::array<int, kFaces> counts{};
  for (int f : faces) ++counts[f - 1];
  return DiceTables::Get().IdOf(counts);
}

constexpr uint16_t kAllOpen = (1 << kNumCategories) - 1;

Scorecard Card(uint16_t open = kAllOpen, int upper = 0) {
  return {open, 0, static_cast<uint8_t>(upper), 0};
}

uint16_t Without(std::initializer_list<int> closed) {
  uint16_t open = kAllOpen;
  for (int c : closed) open = static_cast<uint16_t>(open & ~(1 << c));
  return open;
}

const Rules& TheRules() {
  static const Rules* rules = new Rules(*Rules::Create({.players = 1}));
  return *rules;
}

TEST(Dice8, LocksAMadeFullHouseAtOnce) {
  const Decision d = Decide(TheRules(), Card(), Dice({2, 2, 5, 5, 5}), 2, -1);
  EXPECT_TRUE(d.write);
  EXPECT_EQ(d.category, kFull);
}

TEST(Dice8, LocksAMadeLargeStraightAtOnce) {
  const Decision d = Decide(TheRules(), Card(), Dice({2, 3, 4, 5, 6}), 2, -1);
  EXPECT_TRUE(d.write);
  EXPECT_EQ(d.category, kLarge);
}

TEST(Dice8, ChasesTheLargeStraightFromASmallOne) {
  // 1 2 3 4 + 6 with rerolls left: hold 1 2 3 4, reroll the 6, no scoring.
  const Decision d = Decide(TheRules(), Card(), Dice({1, 2, 3, 4, 6}), 1, -1);
  EXPECT_FALSE(d.write);
  EXPECT_EQ(d.target, kLarge);
  EXPECT_EQ(d.hold, Dice({1, 2, 3, 4}));
  // With LARGE filled there is nothing to chase: SMALL is made and full.
  const Decision e =
      Decide(TheRules(), Card(Without({kLarge})), Dice({1, 2, 3, 4, 6}), 1, -1);
  EXPECT_TRUE(e.write);
  EXPECT_EQ(e.category, kSmall);
}

TEST(Dice8, LocksTheUpperBoxOfThreeSixesWhileTheBonusIsReachable) {
  // 6 6 6 2 3: the upper lock picks SIXES (3KIND would score more now).
  EXPECT_EQ(ChooseCategory(Card(), Dice({2, 3, 6, 6, 6}), 2), kSixes);
  // Unreachable bonus (upper 0, only ACES and SIXES open: 35 < 63): no lock.
  const Scorecard far = Card(Without({kTwos, kThrees, kFours, kFives}));
  EXPECT_FALSE(BonusReachable(far));
  EXPECT_NE(ChooseCategory(far, Dice({2, 3, 6, 6, 6}), 2), kSixes);
}

TEST(Dice8, BonusReachabilityIsExact) {
  // 60 missing with FOURS, FIVES, SIXES open: 20 + 25 + 30 = 75 >= 60.
  EXPECT_TRUE(BonusReachable(Card(Without({kAces, kTwos, kThrees}), 3)));
  // 60 missing with only SIXES and FIVES open: 55 < 60.
  EXPECT_FALSE(
      BonusReachable(Card(Without({kAces, kTwos, kThrees, kFours}), 3)));
  EXPECT_FALSE(BonusReachable(Card(kAllOpen, 63)));  // made: nothing to reach
}

TEST(Dice8, DecisionScoreAddsWeightUrgencyAndPenalties) {
  const int d = Dice({1, 1, 4, 5, 6});
  // FOURS: preview 4 x 4 + weight 4 + urgency 6.
  EXPECT_EQ(DecisionScore(Card(), kFours, d, 2), 16 + 4 + 6);
  // CHANCE: 17 x 4 + 2 - 8 while rolls remain, without the 8 after.
  EXPECT_EQ(DecisionScore(Card(), kChance, d, 2), 68 + 2 - 8);
  EXPECT_EQ(DecisionScore(Card(), kChance, d, 0), 68 + 2);
  // Waste: SIXES with one 6 and no rolls: 24 + 9 + 10 - (30 - 6).
  EXPECT_EQ(DecisionScore(Card(), kSixes, d, 0), 24 + 9 + 10 - 24);
  // Zero: YACHT scores 0: 0 + 9 - 12.
  EXPECT_EQ(DecisionScore(Card(), kYacht, d, 2), 9 - 12);
  // Urgency only while the bonus is reachable.
  EXPECT_EQ(DecisionScore(Card(kAllOpen, 63), kFours, d, 2), 16 + 4);
}

TEST(Dice8, KeepsThePlanUnlessTheNewOneIsMoreThanFourBetter) {
  // 1 1 1 1 2 with the plan CHANCE: ACES's decision score is 1 higher,
  // within the hysteresis of 4, so the plan stays.
  const Scorecard card = Card();
  const int dice = Dice({1, 1, 1, 1, 2});
  ASSERT_EQ(ChooseCategory(card, dice, 1), kAces);
  ASSERT_EQ(DecisionScore(card, kAces, dice, 1) -
                DecisionScore(card, kChance, dice, 1),
            1);
  EXPECT_EQ(Decide(TheRules(), card, dice, 1, kChance).target, kChance);
  // Without a plan, ACES; and a plan far behind (ACES for four 6s) is dropped.
  EXPECT_EQ(Decide(TheRules(), card, dice, 1, -1).target, kAces);
  EXPECT_NE(Decide(TheRules(), card, Dice({6, 6, 6, 6, 1}), 1, kAces).target,
            kAces);
}

TEST(Dice8, RemapsSmallThreeOfAKindToItsUpperBox) {
  // 2 2 2 with 5 and 6, bonus unreachable so the upper lock is off, and
  // 3KIND would win on decision score: remapped to TWOS.
  const Scorecard card = Card(Without({kFours, kFives, kSixes}));
  EXPECT_FALSE(BonusReachable(card));
  const int dice = Dice({2, 2, 2, 5, 6});
  EXPECT_GT(DecisionScore(card, kThreeKind, dice, 0),
            DecisionScore(card, kTwos, dice, 0));
  EXPECT_EQ(ChooseCategory(card, dice, 0), kTwos);
  // With TWOS filled it stays 3KIND.
  EXPECT_EQ(
      ChooseCategory(Card(Without({kFours, kFives, kSixes, kTwos})), dice, 0),
      kThreeKind);
}

TEST(Dice8, HoldsPerPlan) {
  EXPECT_EQ(HoldFor(kFives, Dice({1, 5, 5, 6, 5})), Dice({5, 5, 5}));
  EXPECT_EQ(HoldFor(kThreeKind, Dice({1, 3, 3, 4, 6})), Dice({3, 3}));
  EXPECT_EQ(HoldFor(kYacht, Dice({1, 2, 3, 5, 6})), Dice({5, 6}));  // high dice
  EXPECT_EQ(HoldFor(kYacht, Dice({1, 2, 3, 4, 6})), Dice({6}));
  EXPECT_EQ(HoldFor(kYacht, Dice({1, 2, 3, 4, 4})), Dice({4, 4}));
  EXPECT_EQ(HoldFor(kFull, Dice({2, 2, 3, 3, 6})), Dice({2, 2, 3, 3}));
  EXPECT_EQ(HoldFor(kSmall, Dice({1, 2, 2, 4, 6})), Dice({1, 2, 4}));
  EXPECT_EQ(HoldFor(kLarge, Dice({2, 3, 3, 5, 6})), Dice({2, 3, 5, 6}));
  EXPECT_EQ(HoldFor(kChance, Dice({1, 2, 3, 5, 6})), Dice({5, 6}));
  EXPECT_EQ(HoldFor(kChance, Dice({1, 2, 3, 4, 4})), Dice({4, 4}));
  EXPECT_EQ(HoldFor(kChance, Dice({1, 1, 2, 3, 3})), Dice({3}));
}

TEST(Dice8, StopsEarlyWhenGoodEnough) {
  EXPECT_TRUE(StopsEarly(kFours, Dice({4, 4, 4, 4, 4}), 2));
  EXPECT_FALSE(StopsEarly(kFours, Dice({4, 4, 4, 4, 1}), 2));
  EXPECT_TRUE(StopsEarly(kThreeKind, Dice({5, 5, 5, 2, 3}), 1));  // 20
  EXPECT_FALSE(
      StopsEarly(kThreeKind, Dice({5, 5, 5, 2, 3}), 2));  // not the last reroll
  EXPECT_FALSE(StopsEarly(kThreeKind, Dice({4, 4, 4, 2, 3}), 1));  // 17
  EXPECT_TRUE(StopsEarly(kFourKind, Dice({5, 5, 5, 5, 2}), 1));    // 22
  EXPECT_FALSE(StopsEarly(kFourKind, Dice({4, 4, 4, 4, 5}), 1));   // 21
  EXPECT_TRUE(StopsEarly(kChance, Dice({6, 6, 5, 3, 2}), 1));      // 22
  EXPECT_TRUE(StopsEarly(kSmall, Dice({1, 2, 3, 4, 4}), 2));
}

TEST(Dice8, SacrificesInTheSeedsOrderWhenNothingScores) {
  // No rerolls, dice that score nowhere open: ACES, TWOS, THREES closed,
  // the next in the order is 3KIND.
  const Scorecard card =
      Card(static_cast<uint16_t>((1 << kThreeKind) | (1 << kFourKind) |
                                 (1 << kFull) | (1 << kYacht) | (1 << kLarge)));
  EXPECT_EQ(WriteCategory(card, Dice({1, 2, 4, 5, 6}), 0), kThreeKind);
  const Scorecard later =
      Card(static_cast<uint16_t>((1 << kFull) | (1 << kYacht) | (1 << kLarge)));
  EXPECT_EQ(WriteCategory(later, Dice({1, 2, 4, 5, 6}), 0), kFull);
}

TEST(Dice8, SixesOrYachtByWhatTheBonusStillNeeds) {
  const int sixes = Dice({6, 6, 6, 6, 6});
  EXPECT_EQ(WriteCategory(Card(kAllOpen, 40), sixes, 0), kSixes);  // 23 missing
  EXPECT_EQ(WriteCategory(Card(kAllOpen, 30), sixes, 0), kYacht);  // 33 missing
  // 27 missing: SIXES only with fewer than 3 upper boxes open.
  EXPECT_EQ(WriteCategory(Card(Without({kAces, kTwos, kThrees, kFours}), 36),
                          sixes, 0),
            kSixes);
  EXPECT_EQ(WriteCategory(Card(Without({kAces, kTwos, kThrees}), 36), sixes, 0),
            kYacht);
}

TEST(Dice8, RechoosesTheCategoryRightBeforeWriting) {
  // The plan was FOURS, but the last roll made 3 3 3 6 6: the write uses
  // the dice as they are (FULL is made).
  const Decision d =
      Decide(TheRules(), Card(), Dice({3, 3, 3, 6, 6}), 0, kFours);
  EXPECT_TRUE(d.write);
  EXPECT_EQ(d.category, kFull);
}

TEST(Dice8, PlaysWholeGamesLegallyAndBeatsGreedy) {
  absl::StatusOr<MatchResult> r = RunMatch({.game = "yacht(players=1)",
                                            .agents = {"dice8", "greedy"},
                                            .games = 200,
                                            .seed = 3});
  ASSERT_TRUE(r.ok()) << r.status();
  EXPECT_EQ(r->agents[0].illegal_actions, 0);
  EXPECT_GT(r->agents[0].mean_score_ci95.low,
            r->agents[1].mean_score_ci95.high);
}

}  // namespace
}  // namespace gameai::yacht::dice8
