// Yacht rules: every category, the bonuses, the turn and the chance model.
#include <cmath>

#include "gameai/yacht/yacht.h"
#include "gtest/gtest.h"

namespace gameai::yacht {
namespace {

int Dice(std::initializer_list<int> faces) {
  std::array<int, kFaces> counts{};
  for (int f : faces) ++counts[f - 1];
  return DiceTables::Get().IdOf(counts);
}

Rules MakeRules(Options options = {}) {
  absl::StatusOr<Rules> rules = Rules::Create(options);
  EXPECT_TRUE(rules.ok());
  return *rules;
}

TEST(YachtDice, TablesCountEveryMultisetOnce) {
  const DiceTables& t = DiceTables::Get();
  EXPECT_EQ(t.FirstOfSize(5), kNumMultisets - kNumRolls);
  for (int k = 0; k <= kNumDice; ++k) {
    double total = 0;
    for (int id = t.FirstOfSize(k); id < t.FirstOfSize(k + 1); ++id) {
      EXPECT_EQ(t.size(id), k);
      total += t.Probability(id);
    }
    EXPECT_NEAR(total, 1.0, 1e-12) << k << " dice";
  }
  EXPECT_EQ(t.FirstOfSize(6) - t.FirstOfSize(5), 252);
  EXPECT_DOUBLE_EQ(t.Probability(Dice({6, 6, 6, 6, 6})), 1.0 / 7776);
  EXPECT_DOUBLE_EQ(t.Probability(Dice({1, 2, 3, 4, 5})), 120.0 / 7776);
  EXPECT_EQ(t.SubMultisets(Dice({1, 2, 3, 4, 5})).size(), 32u);
  EXPECT_EQ(t.SubMultisets(Dice({6, 6, 6, 6, 6})).size(), 6u);
}

TEST(YachtScore, UpperCategoriesSumTheirFace) {
  const int d = Dice({1, 3, 3, 6, 6});
  EXPECT_EQ(Score(kAces, d), 1);
  EXPECT_EQ(Score(kTwos, d), 0);
  EXPECT_EQ(Score(kThrees, d), 6);
  EXPECT_EQ(Score(kSixes, d), 12);
}

TEST(YachtScore, KindsNeedThreeOrFour) {
  EXPECT_EQ(Score(kThreeKind, Dice({2, 2, 2, 5, 6})), 17);
  EXPECT_EQ(Score(kThreeKind, Dice({2, 2, 3, 5, 6})), 0);
  EXPECT_EQ(Score(kFourKind, Dice({4, 4, 4, 4, 1})), 17);
  EXPECT_EQ(Score(kFourKind, Dice({4, 4, 4, 1, 1})), 0);
  EXPECT_EQ(Score(kFourKind, Dice({4, 4, 4, 4, 4})), 20);  // five is four too
}

TEST(YachtScore, FullHouseIsThreeAndTwo) {
  EXPECT_EQ(Score(kFull, Dice({3, 3, 3, 5, 5})), 25);
  EXPECT_EQ(Score(kFull, Dice({3, 3, 5, 5, 6})), 0);
  EXPECT_EQ(Score(kFull, Dice({5, 5, 5, 5, 5})), 0);  // not without the joker
  EXPECT_EQ(Score(kFull, Dice({5, 5, 5, 5, 5}), /*joker=*/true), 25);
}

TEST(YachtScore, Straights) {
  EXPECT_EQ(Score(kSmall, Dice({1, 2, 3, 4, 6})), 30);
  EXPECT_EQ(Score(kSmall, Dice({3, 4, 5, 6, 6})), 30);
  EXPECT_EQ(Score(kSmall, Dice({1, 2, 3, 5, 6})), 0);
  EXPECT_EQ(Score(kLarge, Dice({2, 3, 4, 5, 6})), 40);
  EXPECT_EQ(Score(kLarge, Dice({1, 2, 3, 4, 6})), 0);
  EXPECT_EQ(Score(kSmall, Dice({1, 2, 3, 4, 5})), 30);  // a large is small too
}

TEST(YachtScore, YachtAndChance) {
  EXPECT_EQ(Score(kYacht, Dice({2, 2, 2, 2, 2})), 50);
  EXPECT_EQ(Score(kYacht, Dice({2, 2, 2, 2, 3})), 0);
  EXPECT_EQ(Score(kChance, Dice({1, 2, 3, 4, 6})), 16);
}

// Plays the dice `faces` for the player to move: a roll, then `category`.
void ScoreTurn(const Rules& rules, Position& s, std::initializer_list<int> faces,
               int category) {
  ASSERT_EQ(rules.CurrentPlayer(s), kChancePlayer);
  rules.Apply(s, static_cast<Move>(kFirstChanceAction + Dice(faces)));
  ASSERT_TRUE(
      rules.IsLegal(s, static_cast<Move>(kFirstScoreAction + category)));
  rules.Apply(s, static_cast<Move>(kFirstScoreAction + category));
}

TEST(YachtRules, UpperBonusOnceAt63) {
  const Rules rules = MakeRules({.players = 1});
  Position s = rules.InitialPosition();
  ScoreTurn(rules, s, {6, 6, 6, 6, 1}, kSixes);  // 24
  ScoreTurn(rules, s, {5, 5, 5, 5, 1}, kFives);  // 20 -> 44
  ScoreTurn(rules, s, {4, 4, 4, 4, 1}, kFours);  // 16 -> 60
  EXPECT_EQ(s.cards[0].total, 60);
  ScoreTurn(rules, s, {3, 2, 2, 5, 6}, kThrees);  // 3 -> 63: +35
  EXPECT_EQ(s.cards[0].upper, 63);
  EXPECT_EQ(s.cards[0].total, 63 + 35);
  ScoreTurn(rules, s, {2, 2, 1, 5, 6}, kTwos);  // no second bonus
  EXPECT_EQ(s.cards[0].total, 67 + 35);
}

TEST(YachtRules, TurnsRollHoldAndPassInSeatOrder) {
  const Rules rules = MakeRules({.players = 2});
  Position s = rules.InitialPosition();
  EXPECT_EQ(rules.CurrentPlayer(s), kChancePlayer);
  rules.Apply(s, static_cast<Move>(kFirstChanceAction + Dice({1, 2, 2, 5, 6})));
  EXPECT_EQ(rules.CurrentPlayer(s), 0);
  EXPECT_EQ(s.rolls_left, 2);
  // Hold the two 2s (sorted positions 1 and 2): three dice are rolled.
  ASSERT_TRUE(rules.IsLegal(s, 0b00110));
  EXPECT_FALSE(rules.IsLegal(s, 0b00100));  // the second 2 without the first
  EXPECT_FALSE(rules.IsLegal(s, 31));       // holding everything is no action
  rules.Apply(s, 0b00110);
  EXPECT_EQ(rules.CurrentPlayer(s), kChancePlayer);
  Rules::ChanceList outcomes;
  rules.ChanceOutcomes(s, outcomes);
  EXPECT_EQ(outcomes.size(), 56u);  // multisets of three dice
  rules.Apply(s, static_cast<Move>(kFirstChanceAction + Dice({2, 4, 4})));
  EXPECT_EQ(rules.MoveToString(s, 0b00111), "hold 2 2 2");
  rules.Apply(s, 0b00111);
  rules.Apply(s, static_cast<Move>(kFirstChanceAction + Dice({2, 2})));
  EXPECT_EQ(s.rolls_left, 0);
  // No rerolls left: only categories.
  MoveList moves;
  rules.LegalMoves(s, moves);
  EXPECT_EQ(moves.size(), kNumCategories);
  rules.Apply(s, static_cast<Move>(kFirstScoreAction + kYacht));
  EXPECT_EQ(s.cards[0].total, 50);
  EXPECT_EQ(s.player, 1);
  EXPECT_EQ(s.round, 0);
  EXPECT_EQ(rules.CurrentPlayer(s), kChancePlayer);
}

TEST(YachtRules, GameEndsAfterThirteenRounds) {
  const Rules rules = MakeRules({.players = 2});
  Position s = rules.InitialPosition();
  for (int round = 0; round < kRounds; ++round) {
    for (int p = 0; p < 2; ++p) ScoreTurn(rules, s, {1, 1, 2, 3, 5}, round);
  }
  EXPECT_EQ(rules.CurrentPlayer(s), kTerminalPlayer);
  EXPECT_EQ(rules.Score(s, 0), rules.Score(s, 1));
  EXPECT_EQ(rules.Return(s, 0), 0.0);  // equal totals: a draw
}

TEST(YachtRules, YahtzeeBonusAndForcedJoker) {
  const Rules rules = MakeRules({.players = 1, .yahtzee_bonus = true});
  Position s = rules.InitialPosition();
  ScoreTurn(rules, s, {4, 4, 4, 4, 4}, kYacht);
  EXPECT_EQ(s.cards[0].total, 50);
  // A second yacht of 4s with FOURS open: FOURS is forced, +100.
  rules.Apply(s, static_cast<Move>(kFirstChanceAction + Dice({4, 4, 4, 4, 4})));
  EXPECT_FALSE(rules.IsLegal(s, static_cast<Move>(kFirstScoreAction + kFull)));
  ASSERT_TRUE(rules.IsLegal(s, static_cast<Move>(kFirstScoreAction + kFours)));
  rules.Apply(s, static_cast<Move>(kFirstScoreAction + kFours));
  EXPECT_EQ(s.cards[0].total, 50 + 20 + 100);
  // A third, FOURS filled: a lower box as joker (FULL for 25), +100; upper
  // boxes are not allowed while a lower one is open.
  rules.Apply(s, static_cast<Move>(kFirstChanceAction + Dice({4, 4, 4, 4, 4})));
  EXPECT_FALSE(rules.IsLegal(s, static_cast<Move>(kFirstScoreAction + kAces)));
  rules.Apply(s, static_cast<Move>(kFirstScoreAction + kFull));
  EXPECT_EQ(s.cards[0].total, 170 + 25 + 100);
}

TEST(YachtRules, NoYahtzeeBonusByDefault) {
  const Rules rules = MakeRules({.players = 1});
  Position s = rules.InitialPosition();
  ScoreTurn(rules, s, {4, 4, 4, 4, 4}, kYacht);
  ScoreTurn(rules, s, {4, 4, 4, 4, 4}, kFull);  // not a full house: 0
  EXPECT_EQ(s.cards[0].total, 50);
}

TEST(YachtRules, DeserializeChecksTheScorecards) {
  const Rules rules = MakeRules({.players = 2});
  const Position s = rules.InitialPosition();
  EXPECT_TRUE(rules.Deserialize(rules.Serialize(s)).ok());
  EXPECT_FALSE(rules.Deserialize("0 0 0 2 0 8191 0 0 0").ok());  // too few
  // Player 1 with a category filled in round 1 before playing.
  EXPECT_FALSE(rules.Deserialize("0 0 0 2 0 8191 0 0 0 8190 5 0 0").ok());
}

TEST(YachtRules, SampledRollsFollowTheExactProbabilities) {
  const Rules rules = MakeRules({.players = 1});
  const Position s = rules.InitialPosition();
  Rng rng(3);
  int yachts = 0, straights = 0;
  const int n = 200000;
  for (int i = 0; i < n; ++i) {
    const int dice = rules.SampleChance(s, rng) - kFirstChanceAction;
    yachts += Score(kYacht, dice) == 50;
    straights += Score(kLarge, dice) == 40;
  }
  // P(yacht) = 6/7776, P(large straight) = 240/7776.
  EXPECT_NEAR(yachts / double(n), 6.0 / 7776, 4 * std::sqrt(6.0 / 7776 / n));
  EXPECT_NEAR(straights / double(n), 240.0 / 7776,
              4 * std::sqrt(240.0 / 7776 / n));
}

}  // namespace
}  // namespace gameai::yacht
