// The `uecda=true` preset: the kernel plays the rules exactly as the UECda
// server implements them (README "Daifugo on the UECda server"); one test
// per point where the server's behaviour could differ from ours.
#include <bit>

#include "daifugo_cards.h"
#include "gameai/daifugo/daifugo.h"
#include "gameai/daifugo/exchange.h"
#include "gameai/dynamic/registry.h"
#include "gtest/gtest.h"

namespace gameai::daifugo {
namespace {

using testing::Hand;
using testing::MeldIn;
using testing::PlayRandomly;

Rules Uecda(Options options = {}) {
  options.uecda = true;
  absl::StatusOr<Rules> rules = Rules::Create(options);
  EXPECT_TRUE(rules.ok()) << rules.status();
  return *rules;
}

// Five players seated 0..4 on written hands.
Deal FiveHands(const Rules& rules, const std::array<const char*, 5>& hands) {
  std::array<Cards, kMaxPlayers> cards{};
  for (int p = 0; p < 5; ++p) cards[p] = Hand(hands[p]);
  return StartDeal(rules.deal_rules(), cards);
}

void Move(const Rules& rules, Deal& d, const std::string& text) {
  const Meld meld = text == "pass" ? Meld{} : MeldIn(d.hands[d.to_move], text);
  ASSERT_TRUE(Legal(d, meld)) << text;
  Play(rules.deal_rules(), d, meld);
}

TEST(DaifugoUecda, PresetRefusesRulesTheServerDoesNotPlay) {
  EXPECT_FALSE(Rules::Create({.players = 4, .uecda = true}).ok());
  EXPECT_FALSE(Rules::Create({.lock = false, .uecda = true}).ok());
  EXPECT_FALSE(Rules::Create({.eight_cut = false, .uecda = true}).ok());
  const absl::StatusOr<Rules> reset_one =
      Rules::Create({.reset_every = 1, .uecda = true});
  ASSERT_FALSE(reset_one.ok());
  EXPECT_NE(reset_one.status().message().find("reset_every"),
            std::string::npos);
  EXPECT_TRUE(LoadGame("daifugo(uecda=true,games=100)").ok());
  EXPECT_FALSE(LoadGame("daifugo(uecda=true,players=4)").ok());
}

TEST(DaifugoUecda, ShuffleEveryOneNeverShufflesAsOnTheServer) {
  const Rules rules = Uecda({.shuffle_every = 1});
  const Position s = rules.InitialPosition();
  EXPECT_NE(s.phase, Phase::kSeating);  // seated in order, never shuffled
  for (int p = 0; p < 5; ++p) EXPECT_EQ(s.table[p], p);
}

TEST(DaifugoUecda, PointsAreSummedOverTheWholeMatchAcrossResets) {
  const Rules rules = Uecda({.games = 7, .reset_every = 3});
  Rng rng(5);
  Position s = rules.InitialPosition();
  PlayRandomly(rules, s, rng, [](const Position&) { return false; });
  uint32_t total = 0;
  for (int p = 0; p < 5; ++p) {
    uint32_t points = 0;
    for (int k = 0; k < 5; ++k) points += s.place_count[p][k] * (5 - k);
    EXPECT_EQ(s.points[p], points);  // never reset
    total += s.points[p];
  }
  EXPECT_EQ(total, 7u * 15);
}

TEST(DaifugoUecda, ClassResetGamesHaveNoExchangeAndARandomFirstDealt) {
  const Rules rules = Uecda({.games = 5, .reset_every = 2});
  Rng rng(9);
  Position s = rules.InitialPosition();
  // Games 0, 2, 4 (the server's 1, 3, 5 with FLASH_MIBUN_NUMBER 2) reset.
  for (int game = 0; game < 5; ++game) {
    PlayRandomly(rules, s, rng,
                 [&](const Position& x) { return x.games_done == game; });
    PlayRandomly(rules, s, rng, [](const Position& x) {
      return x.phase == Phase::kFirstSeat || x.phase == Phase::kDealing;
    });
    EXPECT_EQ(s.phase == Phase::kFirstSeat, game % 2 == 0) << game;
    EXPECT_EQ(s.exchange_due, game % 2 == 1) << game;
  }
}

TEST(DaifugoUecda, ExchangeTakesJokerThenTwosDownwardSpadesFirst) {
  EXPECT_EQ(Strongest(Hand("S3 D2 H2 JK CA"), 2), Hand("JK H2"));
  EXPECT_EQ(Strongest(Hand("C2 S2 HA"), 2), Hand("S2 C2"));
  EXPECT_EQ(Strongest(Hand("DA HA CK"), 1), Hand("HA"));
}

TEST(DaifugoUecda, GiveBacksAreAlwaysValidSoTheServersFallbackNeverApplies) {
  // The server replaces an invalid give-back by the giver's strongest
  // cards; the kernel offers only cards of the giver's hand, one at a time.
  const Rules rules = Uecda({.games = 2});
  Rng rng(2);
  Position s = rules.InitialPosition();
  PlayRandomly(rules, s, rng,
               [](const Position& x) { return x.phase == Phase::kGiveBack; });
  ASSERT_EQ(s.phase, Phase::kGiveBack);
  MoveList moves;
  rules.LegalMoves(s, moves);
  EXPECT_EQ(moves.size(), std::popcount(s.deal.hands[s.giver]));
  for (int i = 0; i < moves.size(); ++i) {
    EXPECT_TRUE(s.deal.hands[s.giver] >> (moves[i] - kGiveAction) & 1);
  }
}

TEST(DaifugoUecda, TheDiamondThreeHolderLeadsAfterTheExchange) {
  const Rules rules = Uecda({.games = 3});
  Rng rng(4);
  Position s = rules.InitialPosition();
  PlayRandomly(rules, s, rng, [](const Position& x) {
    return x.games_done == 1 && x.phase == Phase::kPlay;
  });
  ASSERT_EQ(s.phase, Phase::kPlay);
  EXPECT_TRUE(s.deal.hands[s.deal.to_move] & Card(0, 2));
}

TEST(DaifugoUecda, TheLoneJokerCancelsALock) {
  const Rules rules = Uecda();
  Deal d =
      FiveHands(rules, {"D3 H5 CK", "H7 S9", "H9 JK SK", "C4 C5", "S4 S6"});
  Move(rules, d, "D3");
  for (int i = 0; i < 5; ++i) Move(rules, d, "pass");  // 0 passes last
  ASSERT_TRUE(d.field.IsPass());
  Move(rules, d, "H5");
  Move(rules, d, "H7");  // hearts on hearts: locked
  ASSERT_EQ(d.lock, 0b0010);
  EXPECT_TRUE(Legal(d, MeldIn(d.hands[2], "JK")));  // ignores the lock
  Move(rules, d, "JK");
  EXPECT_EQ(d.lock, 0);
  EXPECT_FALSE(Legal(d, MeldIn(d.hands[3], "C5")));  // only ♠3 follows it
}

TEST(DaifugoUecda, WhenAllOthersPassTheOwnerMovesAgainOnItsOwnMeld) {
  const Rules rules = Uecda();
  Deal d = FiveHands(rules, {"D3 H5 CK", "H7 S9", "H9 SK", "C4 C5", "S4 S6"});
  Move(rules, d, "D3");
  for (int i = 0; i < 4; ++i) Move(rules, d, "pass");
  EXPECT_EQ(d.to_move, 0);  // asked again, the ♦3 still on the field
  EXPECT_EQ(d.field, MeldIn(Hand("D3"), "D3"));
  EXPECT_TRUE(Legal(d, Meld{}));
  Move(rules, d, "H5");  // a higher meld on its own
  EXPECT_EQ(d.field_owner, 0);
  EXPECT_EQ(d.to_move, 0);  // the others have passed since the last clear
  Move(rules, d, "pass");   // its pass clears the field; it leads anyway
  EXPECT_TRUE(d.field.IsPass());
  EXPECT_EQ(d.to_move, 0);
}

TEST(DaifugoUecda, ALeaderCannotPassThoughTheServerAcceptsIt) {
  // The server answers 9 to an all-zero table on an empty field and counts
  // it as a pass; the kernel (and so our client) never passes on a lead.
  const Rules rules = Uecda();
  const Deal d =
      FiveHands(rules, {"D3 H5 CK", "H7 S9", "H9 SK", "C4 C5", "S4 S6"});
  EXPECT_FALSE(Legal(d, Meld{}));
}

}  // namespace
}  // namespace gameai::daifugo
