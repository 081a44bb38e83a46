// Daifugo dealing and the exchange's forced transfers.
#include <bit>

#include "daifugo_cards.h"
#include "gameai/daifugo/exchange.h"
#include "gtest/gtest.h"

namespace gameai::daifugo {
namespace {

using testing::Hand;

TEST(DaifugoExchange, DealingGivesEveryCardOnceFromTheFirstSeat) {
  Rng rng(9);
  const std::array<Cards, kMaxPlayers> hands = DealCards(5, 3, rng);
  Cards all = 0;
  for (int p = 0; p < 5; ++p) {
    EXPECT_EQ(all & hands[p], 0u);
    all |= hands[p];
  }
  EXPECT_EQ(all, kFullDeck);
  // 53 = 5 * 10 + 3: seats 3, 4 and 0 (dealt first) hold 11 cards.
  EXPECT_EQ(std::popcount(hands[3]), 11);
  EXPECT_EQ(std::popcount(hands[4]), 11);
  EXPECT_EQ(std::popcount(hands[0]), 11);
  EXPECT_EQ(std::popcount(hands[1]), 10);
  EXPECT_EQ(std::popcount(hands[2]), 10);
}

TEST(DaifugoExchange, StrongestIsJokerThenTwosThenAcesBySuit) {
  EXPECT_EQ(Strongest(Hand("S3 HA D2 JK C2"), 2), Hand("JK D2"));
  EXPECT_EQ(Strongest(Hand("S3 HA D2 JK C2"), 3), Hand("JK D2 C2"));
  EXPECT_EQ(Strongest(Hand("S3 HA CA"), 2), Hand("HA CA"));
  EXPECT_EQ(Strongest(Hand("S3 HA CA SA"), 1), Hand("SA"));
  EXPECT_EQ(Strongest(Hand("S3"), 2), Hand("S3"));
}

TEST(DaifugoExchange, TheLastGivesTwoToTheFirstAndSecondLastOneToSecond) {
  std::array<Transfer, 2> t;
  // Places of seats 0..4: seat 2 was first, seat 0 last.
  ASSERT_EQ(ForcedTransfers({5, 3, 1, 2, 4}, 5, t), 2);
  EXPECT_EQ(t[0].from, 0);
  EXPECT_EQ(t[0].to, 2);
  EXPECT_EQ(t[0].cards, 2);
  EXPECT_EQ(t[1].from, 4);
  EXPECT_EQ(t[1].to, 3);
  EXPECT_EQ(t[1].cards, 1);
  // Three players: only the two-card exchange.
  ASSERT_EQ(ForcedTransfers({2, 3, 1}, 3, t), 1);
  EXPECT_EQ(t[0].from, 1);
  EXPECT_EQ(t[0].to, 2);
}

}  // namespace
}  // namespace gameai::daifugo
