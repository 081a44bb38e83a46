// Daifugo melds: hand-written fields for every following rule, and the
// generator against a slow enumeration of every card subset.
#include <algorithm>
#include <bit>
#include <set>

#include "daifugo_cards.h"
#include "gameai/base/random.h"
#include "gameai/daifugo/melds.h"
#include "gtest/gtest.h"

namespace gameai::daifugo {
namespace {

using testing::Hand;
using testing::MeldIn;

std::set<std::string> Texts(const std::vector<Meld>& melds) {
  std::set<std::string> out;
  for (const Meld& m : melds) out.insert(MeldText(m));
  return out;
}

TEST(DaifugoCards, NamesRoundTrip) {
  EXPECT_EQ(CardName(0), "S3");
  EXPECT_EQ(CardName(4 * 7 + 1), "HT");
  EXPECT_EQ(CardName(4 * 12 + 2), "D2");
  EXPECT_EQ(CardName(kJokerBit), "JK");
  EXPECT_EQ(CardsText(Hand("C2 S3 JK HT")), "S3 HT C2 JK");
  Cards cards = 0;
  EXPECT_FALSE(ParseCards("S1", cards));
  EXPECT_FALSE(ParseCards("X3", cards));
  EXPECT_FALSE(ParseCards("S33", cards));
}

TEST(DaifugoMelds, EveryMeldOfASmallHand) {
  const std::set<std::string> texts = Texts(AllMelds(Hand("S4 S5 JK")));
  const std::set<std::string> expected = {
      "S4", "S5", "JK",
      // the joker with one card: a pair, as each missing suit
      "S4 JK(H4)", "S4 JK(D4)", "S4 JK(C4)", "S5 JK(H5)", "S5 JK(D5)",
      "S5 JK(C5)",
      // sequences: the joker as 3♠ or as 6♠
      "S4 S5 JK(S3)", "S4 S5 JK(S6)"};
  EXPECT_EQ(texts, expected);
}

TEST(DaifugoMelds, TheJokerExtendsSequencesBeyondTheEnds) {
  const std::set<std::string> low = Texts(AllMelds(Hand("S3 S4 JK")));
  EXPECT_TRUE(low.count("S3 S4 JK(S<3)"));
  EXPECT_TRUE(low.count("S3 S4 JK(S5)"));
  const std::set<std::string> high = Texts(AllMelds(Hand("HA H2 JK")));
  EXPECT_TRUE(high.count("HA H2 JK(H>2)"));
  EXPECT_TRUE(high.count("HA H2 JK(HK)"));
  // A joker may also stand in for a card the hand holds.
  const std::set<std::string> full = Texts(AllMelds(Hand("D5 D6 D7 JK")));
  EXPECT_TRUE(full.count("D5 D7 JK(D6)"));
  EXPECT_TRUE(full.count("D5 D6 D7"));
  EXPECT_TRUE(full.count("D5 D6 D7 JK(D8)"));
  // A five-card group needs the joker.
  EXPECT_TRUE(
      Texts(AllMelds(Hand("S9 H9 D9 C9 JK"))).count("S9 H9 D9 C9 JK(9)"));
}

TEST(DaifugoFollow, SameTypeSameSizeStronger) {
  const FieldRules pair7{.field = MeldIn(Hand("S7 D7"), "S7 D7")};
  EXPECT_TRUE(CanPlay(MeldIn(Hand("HT CT"), "HT CT"), pair7));
  EXPECT_FALSE(CanPlay(MeldIn(Hand("H6 C6"), "H6 C6"), pair7));  // weaker
  EXPECT_FALSE(CanPlay(MeldIn(Hand("H7 C7"), "H7 C7"), pair7));  // equal
  EXPECT_FALSE(CanPlay(MeldIn(Hand("HT"), "HT"), pair7));        // a single
  EXPECT_FALSE(
      CanPlay(MeldIn(Hand("HT DT CT"), "HT DT CT"), pair7));  // 3 cards
  EXPECT_TRUE(CanPlay(MeldIn(Hand("H9 JK"), "H9 JK(S9)"), pair7));
  // Sequences: the weakest card above the field's strongest.
  const FieldRules run{.field = MeldIn(Hand("S5 S6 S7"), "S5 S6 S7")};
  EXPECT_TRUE(CanPlay(MeldIn(Hand("H8 H9 HT"), "H8 H9 HT"), run));
  EXPECT_FALSE(CanPlay(MeldIn(Hand("H7 H8 H9"), "H7 H8 H9"), run));
  EXPECT_FALSE(
      CanPlay(MeldIn(Hand("H8 H9 HT HJ"), "H8 H9 HT HJ"), run));  // size
  // An empty field takes anything.
  EXPECT_TRUE(CanPlay(MeldIn(Hand("S3"), "S3"), FieldRules{}));
}

TEST(DaifugoFollow, RevolutionReversesTheOrder) {
  FieldRules rules{.field = MeldIn(Hand("S7"), "S7"), .revolution = true};
  EXPECT_TRUE(CanPlay(MeldIn(Hand("H5"), "H5"), rules));
  EXPECT_FALSE(CanPlay(MeldIn(Hand("H9"), "H9"), rules));
  EXPECT_TRUE(CanPlay(MeldIn(Hand("JK"), "JK"), rules));  // still the strongest
  rules.field = MeldIn(Hand("S7 S8 S9"), "S7 S8 S9");
  EXPECT_TRUE(CanPlay(MeldIn(Hand("H4 H5 H6"), "H4 H5 H6"), rules));
  EXPECT_FALSE(CanPlay(MeldIn(Hand("H5 H6 H7"), "H5 H6 H7"), rules));
}

TEST(DaifugoFollow, OnlyTheSpadeThreeAnswersALoneJoker) {
  const FieldRules joker{.field = MeldIn(Hand("JK"), "JK")};
  EXPECT_TRUE(CanPlay(MeldIn(Hand("S3"), "S3"), joker));
  EXPECT_FALSE(CanPlay(MeldIn(Hand("H3"), "H3"), joker));
  EXPECT_FALSE(CanPlay(MeldIn(Hand("S2"), "S2"), joker));
  EXPECT_FALSE(
      CanPlay(MeldIn(Hand("S3"), "S3"),
              {.field = MeldIn(Hand("H3"), "H3")}));  // only on a joker
  EXPECT_TRUE(CanPlay(MeldIn(Hand("S3"), "S3"),
                      {.field = MeldIn(Hand("JK"), "JK"), .revolution = true}));
}

TEST(DaifugoFollow, TheLockAllowsOnlyTheLockedSuits) {
  const FieldRules locked{.field = MeldIn(Hand("H5"), "H5"), .lock = 0b0010};
  EXPECT_TRUE(CanPlay(MeldIn(Hand("H9"), "H9"), locked));
  EXPECT_FALSE(CanPlay(MeldIn(Hand("S9"), "S9"), locked));
  EXPECT_TRUE(CanPlay(MeldIn(Hand("JK"), "JK"), locked));  // ignores the lock
  const FieldRules pair{.field = MeldIn(Hand("S5 H5"), "S5 H5"),
                        .lock = 0b0011};
  EXPECT_TRUE(CanPlay(MeldIn(Hand("S9 H9"), "S9 H9"), pair));
  EXPECT_FALSE(CanPlay(MeldIn(Hand("S9 D9"), "S9 D9"), pair));
  // The joker counts as the suit it stands for.
  EXPECT_TRUE(CanPlay(MeldIn(Hand("S9 JK"), "S9 JK(H9)"), pair));
  EXPECT_FALSE(CanPlay(MeldIn(Hand("S9 JK"), "S9 JK(C9)"), pair));
}

TEST(DaifugoMelds, EightsAndRevolutions) {
  EXPECT_TRUE(HasEight(MeldIn(Hand("C8"), "C8")));
  EXPECT_TRUE(HasEight(MeldIn(Hand("S7 S8 S9"), "S7 S8 S9")));
  EXPECT_TRUE(HasEight(MeldIn(Hand("S7 S9 JK"), "S7 S9 JK(S8)")));
  EXPECT_TRUE(HasEight(MeldIn(Hand("H8 JK"), "H8 JK(S8)")));
  EXPECT_FALSE(HasEight(MeldIn(Hand("S9 ST SJ"), "S9 ST SJ")));
  EXPECT_FALSE(HasEight(MeldIn(Hand("JK"), "JK")));
  EXPECT_TRUE(StartsRevolution(MeldIn(Hand("S4 H4 D4 C4"), "S4 H4 D4 C4")));
  EXPECT_TRUE(StartsRevolution(MeldIn(Hand("S4 H4 D4 JK"), "S4 H4 D4 JK(C4)")));
  EXPECT_FALSE(StartsRevolution(MeldIn(Hand("S4 H4 D4"), "S4 H4 D4")));
  EXPECT_TRUE(
      StartsRevolution(MeldIn(Hand("S3 S4 S5 S6 S7"), "S3 S4 S5 S6 S7")));
  EXPECT_FALSE(StartsRevolution(MeldIn(Hand("S3 S4 S5 S6"), "S3 S4 S5 S6")));
}

TEST(DaifugoMeldIndex, EveryMeldHasOneIdAndBack) {
  const MeldIndex& index = MeldIndex::Get();
  EXPECT_TRUE(index.MeldOf(0).IsPass());
  EXPECT_EQ(index.IdOf(Meld{}), 0);
  // 53 singles; 13 ranks x (11 groups without the joker + 12 + 12 + 4 + 1
  // with it); the sequences of four suits.
  int singles = 0, groups = 0, sequences = 0;
  for (int id = 1; id < index.Size(); ++id) {
    const Meld& m = index.MeldOf(id);
    EXPECT_EQ(index.IdOf(m), id);
    if (id > 1) {
      EXPECT_LT(index.MeldOf(id - 1), m);
    }
    singles += m.type == MeldType::kSingle;
    groups += m.type == MeldType::kGroup;
    sequences += m.type == MeldType::kSequence;
  }
  EXPECT_EQ(singles, 53);
  EXPECT_EQ(groups, 13 * (11 + 12 + 12 + 4 + 1));
  // Per suit: 66 runs within 3..2 without the joker; with it, each run of
  // positions -1..13 with one joker position (two ends need two jokers).
  int per_suit = 66;
  for (int low = -1; low <= 13; ++low) {
    for (int high = low + 2; high <= 13; ++high) {
      const bool below = low<0, above = high> 12;
      if (below && above) continue;
      per_suit += below || above ? 1 : high - low + 1;
    }
  }
  EXPECT_EQ(sequences, 4 * per_suit);
  // Something no deck forms has no id.
  Meld odd = index.MeldOf(1);
  odd.low = 9;
  EXPECT_EQ(index.IdOf(odd), -1);
  // Ids of a hand's melds are found.
  for (const Meld& m : AllMelds(Hand("S4 S5 S6 H6 JK"))) {
    EXPECT_GT(index.IdOf(m), 0) << MeldText(m);
  }
}

// ---- the slow reference: every subset of the hand, every reading of it.

std::vector<Meld> SlowMelds(Cards hand) {
  std::vector<int> bits;
  for (Cards left = hand; left != 0; left &= left - 1) {
    bits.push_back(std::countr_zero(left));
  }
  std::vector<Meld> out;
  const int n = static_cast<int>(bits.size());
  for (int mask = 1; mask < (1 << n); ++mask) {
    Cards cards = 0;
    for (int i = 0; i < n; ++i) {
      if ((mask >> i) & 1) cards |= Cards{1} << bits[i];
    }
    const bool joker = cards & kJoker;
    const Cards real = cards & ~kJoker;
    const int size = std::popcount(cards);
    std::set<int> ranks, suits;
    for (Cards left = real; left != 0; left &= left - 1) {
      ranks.insert(std::countr_zero(left) / 4);
      suits.insert(std::countr_zero(left) % 4);
    }
    uint8_t suit_set = 0;
    for (int s : suits) suit_set |= static_cast<uint8_t>(1 << s);
    if (size == 1) {
      Meld m{.type = MeldType::kSingle, .size = 1, .cards = cards};
      m.low = m.high = static_cast<int8_t>(joker ? 13 : *ranks.begin());
      m.suits = joker ? 0 : suit_set;
      out.push_back(m);
      continue;
    }
    if (ranks.size() == 1) {  // a group
      const auto r = static_cast<int8_t>(*ranks.begin());
      Meld m{.type = MeldType::kGroup,
             .size = static_cast<uint8_t>(size),
             .low = r,
             .high = r,
             .suits = suit_set,
             .cards = cards};
      if (!joker) {
        out.push_back(m);
      } else if (suits.size() == 4) {
        m.joker_rank = r;
        out.push_back(m);
      } else {
        for (int j = 0; j < 4; ++j) {
          if (suits.count(j)) continue;
          Meld g = m;
          g.joker_rank = r;
          g.joker_suit = static_cast<int8_t>(j);
          g.suits = static_cast<uint8_t>(suit_set | (1 << j));
          out.push_back(g);
        }
      }
    }
    if (suits.size() == 1 && size >= 3 &&
        static_cast<int>(ranks.size()) == size - (joker ? 1 : 0)) {
      const int s = *suits.begin();
      const int low = *ranks.begin(), high = *ranks.rbegin();
      auto add = [&](int lo, int hi, int joker_at) {
        out.push_back({.type = MeldType::kSequence,
                       .size = static_cast<uint8_t>(size),
                       .low = static_cast<int8_t>(lo),
                       .high = static_cast<int8_t>(hi),
                       .suits = static_cast<uint8_t>(1 << s),
                       .joker_rank = static_cast<int8_t>(joker_at),
                       .joker_suit = static_cast<int8_t>(joker ? s : -1),
                       .cards = cards});
      };
      if (!joker) {
        if (high - low + 1 == size) add(low, high, -2);
      } else {
        for (int p = -1; p <= 13; ++p) {
          if (ranks.count(p)) continue;
          const int lo = std::min(low, p), hi = std::max(high, p);
          if (hi - lo + 1 == size) add(lo, hi, p);
        }
      }
    }
  }
  return out;
}

// SlowCanFollow: the rules of docs/daifugo.md read directly.
bool SlowCanPlay(const Meld& m, const FieldRules& r) {
  const Meld& f = r.field;
  if (f.type == MeldType::kPass) return true;
  const bool lone_joker_field =
      f.type == MeldType::kSingle && f.cards == kJoker;
  const bool lone_joker = m.type == MeldType::kSingle && m.cards == kJoker;
  if (lone_joker_field) return m.type == MeldType::kSingle && m.cards == 1;
  if (m.type != f.type || m.size != f.size) return false;
  if (lone_joker) return true;
  if (r.lock && m.suits != r.lock) return false;
  if (m.type == MeldType::kSequence) {
    return r.revolution ? m.high < f.low : m.low > f.high;
  }
  return r.revolution ? m.low < f.low : m.low > f.low;
}

TEST(DaifugoMelds, GeneratorEqualsASlowEnumerationOfEverySubset) {
  Rng rng(2026);
  int compared = 0, legal_total = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    // A hand of 4..11 cards from a few ranks (so groups and runs occur).
    Cards hand = 0;
    const int size = 4 + static_cast<int>(rng.Below(8));
    const int first = static_cast<int>(rng.Below(9));
    while (std::popcount(hand) < size) {
      if (rng.Below(12) == 0) {
        hand |= kJoker;
      } else {
        hand |= Card(first + static_cast<int>(rng.Below(5)),
                     static_cast<int>(rng.Below(4)));
      }
    }
    std::vector<Meld> fast = AllMelds(hand), slow = SlowMelds(hand);
    std::sort(fast.begin(), fast.end());
    std::sort(slow.begin(), slow.end());
    ASSERT_EQ(fast, slow) << CardsText(hand);
    ASSERT_EQ(std::adjacent_find(fast.begin(), fast.end()), fast.end());
    // A field from another random hand, a random order and lock.
    Cards other = 0;
    for (int i = 0; i < 6; ++i) {
      other |=
          Card(static_cast<int>(rng.Below(13)), static_cast<int>(rng.Below(4)));
    }
    if (rng.Below(4) == 0) other |= kJoker;
    const std::vector<Meld> fields = AllMelds(other);
    FieldRules rules;
    if (rng.Below(6) != 0) {
      rules.field = fields[rng.Below(fields.size())];
    }
    rules.revolution = rng.Below(3) == 0;
    if (rng.Below(3) == 0 && !rules.field.IsPass())
      rules.lock = rules.field.suits;
    std::vector<Meld> legal = LegalMelds(hand, rules), want;
    for (const Meld& m : slow) {
      if (SlowCanPlay(m, rules)) want.push_back(m);
    }
    std::sort(legal.begin(), legal.end());
    ASSERT_EQ(legal, want) << CardsText(hand) << " on "
                           << MeldText(rules.field);
    legal_total += static_cast<int>(legal.size());
    ++compared;
  }
  EXPECT_EQ(compared, 3000);
  EXPECT_GT(legal_total, 10000);
}

}  // namespace
}  // namespace gameai::daifugo

namespace gameai::daifugo {
namespace {

// The densest hands of up to 20 cards (four or five whole consecutive
// ranks, with the joker) form the most melds: they fit a MeldList.
TEST(DaifugoMelds, TheDensestHandsFitAMeldList) {
  int most = 0;
  for (int first = 0; first + 4 <= kRanks; ++first) {
    for (int ranks = 4; ranks <= 5; ++ranks) {
      if (first + ranks > kRanks) continue;
      Cards hand = 0;
      for (int r = first; r < first + ranks; ++r) {
        for (int s = 0; s < kSuits; ++s) hand |= Card(r, s);
      }
      if (ranks == 4) hand |= kJoker;  // 17 cards; 5 ranks: 20 cards
      for (Cards with : {hand, hand | kJoker}) {
        if (std::popcount(with) > 20) continue;
        most = std::max(most, static_cast<int>(AllMelds(with).size()));
      }
    }
  }
  EXPECT_GT(most, 200);
  EXPECT_LT(most, kMaxMelds);
}

}  // namespace
}  // namespace gameai::daifugo
