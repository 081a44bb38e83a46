// The original game's computer player: its three worked examples (five players,
// nothing played yet) and the leading priorities.
#include "daifugo_cards.h"
#include "gameai/daifugo/internal/heuristic.h"
#include "gtest/gtest.h"

namespace gameai::daifugo {
namespace {

using testing::Hand;
using testing::MeldOf;

// Follow: the original game's choice for `hand` on `field` at the start of a
// game.
std::string Follow(const std::string& hand, const std::string& field) {
  const Cards cards = Hand(hand);
  const EvalContext context{.enemy = kFullDeck & ~cards};
  const Meld on = MeldOf(field);
  const std::vector<Meld> legal = LegalMelds(cards, {.field = on});
  return MeldText(ChooseFollow(legal, on, cards, context));
}

TEST(DaifugoHeuristic, TheSeedsExample1PlaysTheTens) {
  // Both pairs are candidates (rules 4 and 2); the tens leave 0, the 2s 3.
  const Cards hand = Hand("S3 DT CT S2 D2");
  const EvalContext c{.enemy = kFullDeck & ~hand};
  const Meld field = MeldOf("S7 D7");
  EXPECT_TRUE(IsFollowCandidate(MeldOf("DT CT"), field, hand, c));
  EXPECT_TRUE(IsFollowCandidate(MeldOf("S2 D2"), field, hand, c));
  EXPECT_EQ(Follow("S3 DT CT S2 D2", "S7 D7"), "DT CT");
}

TEST(DaifugoHeuristic, TheSeedsExample2PlaysTheEight) {
  const Cards hand = Hand("S8 DA");
  const EvalContext c{.enemy = kFullDeck & ~hand};
  EXPECT_FALSE(IsFollowCandidate(MeldOf("DA"), MeldOf("S7"), hand, c));  // 3
  EXPECT_EQ(Follow("S8 DA", "S7"), "S8");
}

TEST(DaifugoHeuristic, TheSeedsExample3PlaysTheClubEight) {
  const Cards hand = Hand("S3 D4 C8 DA H2");
  const EvalContext c{.enemy = kFullDeck & ~hand};
  const Meld field = MeldOf("S7");
  EXPECT_TRUE(IsFollowCandidate(MeldOf("C8"), field, hand, c));   // rule 6
  EXPECT_FALSE(IsFollowCandidate(MeldOf("DA"), field, hand, c));  // rule 5
  EXPECT_FALSE(IsFollowCandidate(MeldOf("H2"), field, hand, c));  // none
  EXPECT_EQ(Follow("S3 D4 C8 DA H2", "S7"), "C8");
}

TEST(DaifugoHeuristic, NoCandidateMeansPass) {
  EXPECT_EQ(Follow("S3 D4 C5 H6", "S2"), "pass");  // nothing legal
}

TEST(DaifugoHeuristic, LeadingPlaysWeakMeldsFirstAndKeepsClearersForTheEnd) {
  // Weak singles score 40 + (13 - rank) * 2 + 4 * same-size melds: the
  // weakest single leads.
  const Cards hand = Hand("S3 H5 D9 CK S2");
  const EvalContext c{.enemy = kFullDeck & ~hand};
  EXPECT_EQ(MeldText(ChooseLead(hand, c)), "S3");
  // A hand that can go out leads its one weak meld (priority 2 for it,
  // 110 - value for the 2): the clearer comes first.
  const Cards out = Hand("S3 S2");
  const EvalContext oc{.enemy = kFullDeck & ~out};
  EXPECT_EQ(LeadPriority(MeldOf("S3"), out, oc), 2);
  EXPECT_EQ(LeadPriority(MeldOf("S2"), out, oc), 110 - 100);
  EXPECT_EQ(MeldText(ChooseLead(out, oc)), "S2");
}

}  // namespace
}  // namespace gameai::daifugo
