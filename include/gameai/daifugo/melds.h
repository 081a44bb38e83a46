// gameai/daifugo/melds.h: Daifugo's cards and melds (役), and which melds
// a hand may play on a field: the base of the `daifugo` kernel
// (rules in docs/daifugo.md, as on the UECda competition server).
//
// Cards: 53 bits of a uint64_t. Rank index 0..12 stands for 3 4 5 6 7 8 9
// 10 J Q K A 2 (the normal strength order), suit 0..3 for ♠ ♥ ♦ ♣
// (S H D C); card bit = rank * 4 + suit; the joker is bit 52.
//
// Melds: a single; a group (2..4 cards of one rank, 5 with the joker); a
// sequence (3 or more consecutive ranks of one suit). The joker stands for
// any one card of a group or sequence (in a sequence also below the 3, rank
// -1, or above the 2, rank 13); alone it is the strongest single in both
// orders. A meld records what the joker stands for, because that decides
// its strength and its suits (for the lock): {4♠, 5♠, joker} is two melds,
// 3♠-5♠ and 4♠-6♠.
#ifndef GAMEAI_DAIFUGO_MELDS_H_
#define GAMEAI_DAIFUGO_MELDS_H_

#include <algorithm>
#include <array>
#include <compare>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace gameai::daifugo {

using Cards = uint64_t;

inline constexpr int kRanks = 13;
inline constexpr int kSuits = 4;
inline constexpr int kJokerBit = 52;
inline constexpr Cards kJoker = Cards{1} << kJokerBit;
inline constexpr Cards kFullDeck = ((Cards{1} << (kRanks * 4)) - 1) | kJoker;
inline constexpr int kEightRank = 5;  // rank index of the 8

constexpr Cards Card(int rank, int suit) {
  return Cards{1} << (rank * 4 + suit);
}

enum class MeldType : uint8_t { kPass, kSingle, kGroup, kSequence };

struct Meld {
  MeldType type = MeldType::kPass;
  uint8_t size = 0;   // cards, the joker included
  int8_t low = 0;     // lowest rank covered (-1..12)
  int8_t high = 0;    // highest rank covered (0..13); low for one rank
  uint8_t suits = 0;  // suit set; the joker counts as the suit it stands for
  int8_t joker_rank = -2;  // what the joker stands for; -2: no joker
  int8_t joker_suit = -1;  // -1: no suit (no joker, lone joker, 5-group)
  Cards cards = 0;         // the cards played, the joker bit included

  bool IsPass() const { return type == MeldType::kPass; }
  bool IsLoneJoker() const {
    return type == MeldType::kSingle && cards == kJoker;
  }
  friend bool operator==(const Meld&, const Meld&) = default;
  // Field by field (libc++ 14, Emscripten's, has no tuple <=>).
  friend std::strong_ordering operator<=>(const Meld& a, const Meld& b) {
    if (auto c = a.cards <=> b.cards; c != 0) return c;
    if (auto c = a.type <=> b.type; c != 0) return c;
    if (auto c = a.low <=> b.low; c != 0) return c;
    if (auto c = a.high <=> b.high; c != 0) return c;
    if (auto c = a.joker_rank <=> b.joker_rank; c != 0) return c;
    return a.joker_suit <=> b.joker_suit;
  }
};

// LoneJoker: the joker played alone (ranked above the 2 in both orders).
constexpr Meld LoneJoker() {
  return {.type = MeldType::kSingle,
          .size = 1,
          .low = kRanks,
          .high = kRanks,
          .cards = kJoker};
}

// FieldRules: what a meld must beat, and under which order.
struct FieldRules {
  Meld field;               // kPass: an empty field, any meld leads
  bool revolution = false;  // the strength order is reversed
  uint8_t lock = 0;         // suit set the field is locked to; 0: no lock
};

// MeldList: a fixed-capacity list of melds, so that generating them never
// allocates. kMaxMelds exceeds what any hand of up to 20 cards forms (a
// test builds the densest such hands). The storage is left uninitialized
// (8 KB zeroed per list would cost more than filling it).
inline constexpr int kMaxMelds = 512;
struct MeldList {
  MeldList() {}  // NOLINT: leaves `melds` uninitialized on purpose
  MeldList(const MeldList& other) : count(other.count) {
    std::copy(other.begin(), other.end(), melds);
  }
  MeldList& operator=(const MeldList&) = delete;

  int size() const { return count; }
  const Meld& operator[](int i) const { return melds[i]; }
  const Meld* begin() const { return melds; }
  const Meld* end() const { return melds + count; }
  void push_back(const Meld& m) { std::construct_at(&melds[count++], m); }

  union {
    Meld melds[kMaxMelds];
  };
  int count = 0;
};

// AllMelds: every meld the cards can form, each once.
void AllMelds(Cards hand, MeldList& out);
std::vector<Meld> AllMelds(Cards hand);
// CanPlay: `meld` (formed from a hand) may be played on the field.
bool CanPlay(const Meld& meld, const FieldRules& rules);
// LegalMelds: the melds of `hand` that may be played now (no pass); only
// melds of the field's type and size are generated.
void LegalMelds(Cards hand, const FieldRules& rules, MeldList& out);
std::vector<Meld> LegalMelds(Cards hand, const FieldRules& rules);

// HasEight: an 8 in the meld (8-cut): a real 8, a joker standing for an 8,
// a sequence through 8. A lone joker is no 8.
bool HasEight(const Meld& meld);
// StartsRevolution: a group of 4 or more, or a sequence of 5 or more.
bool StartsRevolution(const Meld& meld);

// MeldIndex: every meld a deck can form, numbered: the game's action ids.
// Id 0 is the pass; ids 1..Size()-1 follow the melds' order (operator<),
// so they never change between builds.
class MeldIndex {
 public:
  static const MeldIndex& Get();
  int Size() const { return static_cast<int>(melds_.size()); }
  const Meld& MeldOf(int id) const { return melds_[id]; }
  // IdOf: the id of `meld`, or -1 for something no deck forms. O(1): a
  // table indexed by the meld's shape (KeyOf), for the hot loops.
  int IdOf(const Meld& meld) const;

 private:
  MeldIndex();
  std::vector<Meld> melds_;         // sorted after the pass at 0
  std::vector<int16_t> id_of_key_;  // KeyOf(meld) -> id, -1 for none
};

// CardName: "S3", "HT" (10), "DJ", "CQ", "SK", "HA", "D2", "JK".
std::string CardName(int bit);
// CardsText: the names of the cards, by rank then suit.
std::string CardsText(Cards cards);
// MeldText: "pass", "S3", "D7 C7", "S3 S4 JK(S5)", "JK".
std::string MeldText(const Meld& meld);
// ParseCards: the cards of "S3 HT JK", or false for a bad name.
bool ParseCards(const std::string& text, Cards& cards);

}  // namespace gameai::daifugo

#endif  // GAMEAI_DAIFUGO_MELDS_H_
