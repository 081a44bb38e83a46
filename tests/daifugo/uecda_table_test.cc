// The UECda card table: wire encoding, hands, and every meld written and
// read back with the joker at the cell it stands for (uecda/table.h).
#include "daifugo_cards.h"
#include "gameai/daifugo/uecda/table.h"
#include "gtest/gtest.h"

namespace gameai::uecda {
namespace {

using daifugo::Meld;
using daifugo::MeldIndex;
using daifugo::testing::Hand;
using daifugo::testing::MeldIn;

TEST(UecdaTable, WireFormatIsBigEndianRowMajor) {
  Table t{};
  t[0][1] = 1;
  t[7][14] = 0x01020304;
  const TableBytes bytes = EncodeTable(t);
  EXPECT_EQ(bytes[4 * 1 + 3], 1);
  EXPECT_EQ(bytes[476], 1);
  EXPECT_EQ(bytes[477], 2);
  EXPECT_EQ(bytes[478], 3);
  EXPECT_EQ(bytes[479], 4);
  EXPECT_EQ(DecodeTable(bytes), t);
}

TEST(UecdaTable, HandsShowTheJokerAtRowFourColumnOne) {
  const Table t = CardsTable(Hand("D3 S8 C2 JK"));
  EXPECT_EQ(t[2][1], 1u);   // ♦3
  EXPECT_EQ(t[0][6], 1u);   // ♠8
  EXPECT_EQ(t[3][13], 1u);  // ♣2
  EXPECT_EQ(t[4][1], 2u);
  EXPECT_EQ(*HandOf(t), Hand("D3 S8 C2 JK"));
}

TEST(UecdaTable, HandsWithCellsNoHandHoldsAreErrors) {
  Table seven{};
  seven[0][1] = 7;
  EXPECT_NE(HandOf(seven).status().message().find("[0][1] = 7"),
            std::string::npos);
  Table edge{};
  edge[1][0] = 1;
  EXPECT_FALSE(HandOf(edge).ok());
  Table joker_row{};
  joker_row[4][3] = 1;
  EXPECT_FALSE(HandOf(joker_row).ok());
  Table misplaced{};
  misplaced[0][5] = 2;
  EXPECT_FALSE(HandOf(misplaced).ok());
}

TEST(UecdaTable, EveryMeldIsWrittenAndReadBackUnchanged) {
  const MeldIndex& index = MeldIndex::Get();
  for (int id = 0; id < index.Size(); ++id) {
    const Meld& m = index.MeldOf(id);
    for (bool revolution : {false, true}) {
      absl::StatusOr<Meld> back = ParseMeld(MeldTable(m, revolution));
      ASSERT_TRUE(back.ok()) << daifugo::MeldText(m) << back.status();
      EXPECT_EQ(*back, m) << daifugo::MeldText(m);
    }
  }
}

TEST(UecdaTable, JokerInASequenceSitsInItsSuitRowAtTheMissingRank) {
  const Table t = MeldTable(MeldIn(Hand("H4 H6 JK"), "H4 H6 JK(H5)"), false);
  EXPECT_EQ(t[1][2], 1u);
  EXPECT_EQ(t[1][3], 2u);
  EXPECT_EQ(t[1][4], 1u);
  EXPECT_EQ(t[4][1], 0u);
}

TEST(UecdaTable, JokerBelowTheThreeIsColumnZeroAboveTheTwoColumnFourteen) {
  const Table low = MeldTable(MeldIn(Hand("S3 S4 JK"), "S3 S4 JK(S<3)"), false);
  EXPECT_EQ(low[0][0], 2u);
  const Table high =
      MeldTable(MeldIn(Hand("CA C2 JK"), "CA C2 JK(C>2)"), false);
  EXPECT_EQ(high[3][14], 2u);
}

TEST(UecdaTable, JokerInAGroupTakesAnUnusedSuitRowOrRowFourForFive) {
  const Table pair = MeldTable(MeldIn(Hand("S9 JK"), "S9 JK(D9)"), false);
  EXPECT_EQ(pair[0][7], 1u);
  EXPECT_EQ(pair[2][7], 2u);
  const Table five =
      MeldTable(MeldIn(Hand("SK HK DK CK JK"), "SK HK DK CK JK(K)"), false);
  EXPECT_EQ(five[4][11], 2u);
}

TEST(UecdaTable, TheLoneJokerIsOneTwoAnywhere) {
  EXPECT_EQ(MeldTable(daifugo::LoneJoker(), false)[0][14], 2u);
  EXPECT_EQ(MeldTable(daifugo::LoneJoker(), true)[0][0], 2u);
  Table t{};
  t[3][7] = 2;
  EXPECT_EQ(*ParseMeld(t), daifugo::LoneJoker());
}

TEST(UecdaTable, TablesThatAreNoMeldAreErrors) {
  Table gap{};  // ♠3 ♠5: no run
  gap[0][1] = gap[0][3] = 1;
  EXPECT_FALSE(ParseMeld(gap).ok());
  Table two_run{};  // ♠3 ♠4: too short
  two_run[0][1] = two_run[0][2] = 1;
  EXPECT_FALSE(ParseMeld(two_run).ok());
  Table mixed{};  // ♠3 ♠4 ♠5 and ♥3
  mixed[0][1] = mixed[0][2] = mixed[0][3] = mixed[1][1] = 1;
  EXPECT_FALSE(ParseMeld(mixed).ok());
  Table four_row{};  // a pair with the joker in row 4
  four_row[0][5] = 1;
  four_row[4][5] = 2;
  EXPECT_FALSE(ParseMeld(four_row).ok());
  Table two_jokers{};
  two_jokers[0][5] = two_jokers[1][5] = 2;
  EXPECT_FALSE(ParseMeld(two_jokers).ok());
  EXPECT_TRUE(ParseMeld(Table{})->IsPass());
}

}  // namespace
}  // namespace gameai::uecda
