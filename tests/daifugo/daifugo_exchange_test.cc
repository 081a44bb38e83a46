// The Daifugo exchange's forced transfers.

#include "daifugo_cards.h"
#include "gameai/daifugo/exchange.h"
#include "gtest/gtest.h"

namespace gameai::daifugo {
namespace {

using testing::Hand;

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
