// One Daifugo deal on written hands: who leads, passing until the field
// clears, 8-cut, revolution and its reversal, the lock, ♠3 on a lone
// joker, going out, places and the lead after a player went out.
#include <algorithm>

#include "daifugo_cards.h"
#include "gameai/base/random.h"
#include "gameai/daifugo/deal.h"
#include "gtest/gtest.h"

namespace gameai::daifugo {
namespace {

using testing::Hand;
using testing::MeldIn;

// Three players; the test says who holds what.
struct Table {
  DealRules rules{.players = 3};
  Deal deal;
  Table(const std::string& a, const std::string& b, const std::string& c,
        DealRules r = {.players = 3}) {
    rules = r;
    deal = StartDeal(rules, {Hand(a), Hand(b), Hand(c)});
  }
  // Move: the player to move plays `text` ("pass" to pass).
  void Move(const std::string& text) {
    const Meld meld =
        text == "pass" ? Meld{} : MeldIn(deal.hands[deal.to_move], text);
    ASSERT_TRUE(Legal(deal, meld)) << text;
    Play(rules, deal, meld);
  }
  bool CanMove(const std::string& text) {
    return Legal(deal, MeldIn(deal.hands[deal.to_move], text));
  }
};

TEST(DaifugoDeal, TheDiamondThreeLeadsAndALeaderCannotPass) {
  Table t("S4 H9", "H5 HK", "D3 C7");
  EXPECT_EQ(t.deal.to_move, 2);
  EXPECT_FALSE(Legal(t.deal, Meld{}));
  EXPECT_FALSE(Legal(t.deal, MeldIn(Hand("S4"), "S4")));  // not its card
}

TEST(DaifugoDeal, PassersAreSkippedAndTheLastPlayerLeadsAfterAClear) {
  Table t("D3 S5 S9 SK", "H4 HQ", "S7 SJ C4");
  t.Move("S5");
  t.Move("pass");  // player 1 is out of this field
  t.Move("S7");
  t.Move("S9");
  EXPECT_EQ(t.deal.to_move, 2);  // 1 is skipped
  t.Move("pass");
  EXPECT_EQ(t.deal.to_move, 0);  // everyone else passed: 0 again
  EXPECT_FALSE(t.deal.field.IsPass());
  t.Move("pass");  // and its pass clears the field
  EXPECT_TRUE(t.deal.field.IsPass());
  EXPECT_EQ(t.deal.to_move, 0);
  EXPECT_EQ(t.deal.passed, 0);
}

TEST(DaifugoDeal, AnEightClearsTheFieldForTheSamePlayer) {
  Table t("D3 H8 S4", "HA S2", "C5 C9");
  t.Move("D3");
  t.Move("pass");
  t.Move("C5");
  t.Move("H8");
  EXPECT_TRUE(t.deal.field.IsPass());
  EXPECT_EQ(t.deal.to_move, 0);
  Table off("D3 H8 S4", "HA S2", "C5 C9", {.players = 3, .eight_cut = false});
  off.Move("D3");
  off.Move("pass");
  off.Move("C5");
  off.Move("H8");
  EXPECT_FALSE(off.deal.field.IsPass());
  EXPECT_EQ(off.deal.to_move, 2);  // 1 passed on this field
}

TEST(DaifugoDeal, RevolutionsReverseTheOrderUntilTheNextOne) {
  Table t("D3 S4 H4 D4 C4 S9", "H5 H6 H7 H8 H9 C2", "SK SA");
  t.Move("D3");
  t.Move("pass");
  t.Move("pass");
  t.Move("pass");  // 0 passes on its own card: the field clears, 0 leads
  t.Move("S4 H4 D4 C4");
  EXPECT_TRUE(t.deal.revolution);
  t.Move("pass");
  t.Move("pass");
  t.Move("pass");
  t.Move("S9");  // cleared fields keep the revolution
  EXPECT_TRUE(t.deal.revolution);
  EXPECT_FALSE(t.CanMove("C2"));  // a 2 is weak now
  t.Move("pass");
  t.Move("pass");
  // 0 is out (its last card); 1 leads a five-card run: back to normal.
  EXPECT_EQ(t.deal.place[0], 1);
  EXPECT_EQ(t.deal.to_move, 1);
  t.Move("H5 H6 H7 H8 H9");
  EXPECT_FALSE(t.deal.revolution);
}

TEST(DaifugoDeal, TheLockHoldsTheSuitsUntilTheFieldClears) {
  Table t("D3 H5 S6", "H7 SQ JK", "H9 SK");
  t.Move("D3");
  t.Move("pass");
  t.Move("pass");
  t.Move("pass");  // the field clears, 0 leads
  t.Move("H5");
  t.Move("H7");  // hearts on hearts: locked
  EXPECT_EQ(t.deal.lock, 0b0010);
  EXPECT_FALSE(t.CanMove("SK"));
  EXPECT_TRUE(t.CanMove("H9"));
  t.Move("pass");                // 2
  t.Move("pass");                // 0
  EXPECT_EQ(t.deal.to_move, 1);  // 1 played last, the others passed
  t.Move("JK");                  // a lone joker ignores and lifts the lock
  EXPECT_EQ(t.deal.lock, 0);
  Table passes("D3 H5 S6", "C7 SQ", "H9 SK");
  passes.Move("D3");
  passes.Move("pass");
  passes.Move("pass");
  passes.Move("pass");
  passes.Move("H5");
  passes.Move("pass");
  passes.Move("H9");  // a pass in between does not matter
  EXPECT_EQ(passes.deal.lock, 0b0010);
}

TEST(DaifugoDeal, TheSpadeThreeAnswersALoneJokerAndLeads) {
  Table t("D3 JK H4", "S3 H6", "C9 CT");
  t.Move("D3");
  t.Move("pass");
  t.Move("pass");
  t.Move("pass");  // the field clears, 0 leads
  t.Move("JK");
  EXPECT_EQ(t.deal.to_move, 1);
  EXPECT_FALSE(t.CanMove("H6"));
  t.Move("S3");
  EXPECT_TRUE(t.deal.field.IsPass());
  EXPECT_EQ(t.deal.to_move, 1);
}

TEST(DaifugoDeal, PlayersGoOutInOrderAndTheLastOneIsLast) {
  Table t("D3", "H4 H9", "S5 C2");
  t.Move("D3");  // 0 is out: first
  EXPECT_EQ(t.deal.place[0], 1);
  EXPECT_EQ(t.deal.to_move, 1);
  t.Move("H4");
  t.Move("S5");
  t.Move("H9");  // 1 is out: second, and the deal is over
  EXPECT_TRUE(t.deal.over);
  EXPECT_EQ(t.deal.place[1], 2);
  EXPECT_EQ(t.deal.place[2], 3);
}

TEST(DaifugoDeal, AfterTheLeaderWentOutTheNextSeatLeads) {
  Table t("D3 S2", "H5 H9", "C6 C7");
  t.Move("D3");
  t.Move("pass");
  t.Move("pass");
  t.Move("pass");  // the field clears, 0 leads
  t.Move("S2");    // 0 goes out on the field
  t.Move("pass");
  t.Move("pass");  // cleared: 0 is gone, seat 1 leads
  EXPECT_TRUE(t.deal.field.IsPass());
  EXPECT_EQ(t.deal.to_move, 1);
}

TEST(DaifugoDeal, RandomDealsPlayToTheEndKeepingEveryCard) {
  Rng rng(53);
  for (int game = 0; game < 300; ++game) {
    const DealRules rules{.players = 3 + static_cast<int>(rng.Below(5))};
    std::array<int, 53> cards;
    for (int i = 0; i < 53; ++i) cards[i] = i;
    for (int i = 52; i > 0; --i) std::swap(cards[i], cards[rng.Below(i + 1)]);
    std::array<Cards, kMaxPlayers> hands{};
    for (int i = 0; i < 53; ++i)
      hands[i % rules.players] |= Cards{1} << cards[i];
    Deal deal = StartDeal(rules, hands);
    int moves = 0;
    while (!deal.over) {
      ASSERT_EQ(deal.place[deal.to_move], 0) << "a player out is to move";
      std::vector<Meld> options =
          LegalMelds(deal.hands[deal.to_move], FieldRulesOf(deal));
      if (Legal(deal, Meld{})) options.push_back(Meld{});
      ASSERT_FALSE(options.empty());
      for (const Meld& m : options) ASSERT_TRUE(Legal(deal, m));
      Play(rules, deal, options[rng.Below(options.size())]);
      Cards all = deal.played;
      for (int p = 0; p < rules.players; ++p) {
        ASSERT_EQ(all & deal.hands[p], 0u);
        all |= deal.hands[p];
      }
      ASSERT_EQ(all, kFullDeck);
      ASSERT_LT(++moves, 2000);
    }
    std::vector<int> places(deal.place.begin(),
                            deal.place.begin() + rules.players);
    std::sort(places.begin(), places.end());
    for (int p = 0; p < rules.players; ++p) EXPECT_EQ(places[p], p + 1);
  }
}

}  // namespace
}  // namespace gameai::daifugo
