#include "gameai/daifugo/melds.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <sstream>

namespace gameai::daifugo {
namespace {

constexpr char kRankChars[] = "3456789TJQKA2";
constexpr char kSuitChars[] = "SHDC";

int SuitsHeld(Cards hand, int rank) {
  return static_cast<int>((hand >> (rank * 4)) & 0xF);
}

Cards CardsOfSuitSet(int rank, int suits) {
  return static_cast<Cards>(suits) << (rank * 4);
}

// Want: which melds to generate: every kind, or one type of one size
// (what may follow a field).
struct Want {
  MeldType type = MeldType::kPass;  // kPass: every type and size
  int size = 0;
  bool Accepts(MeldType t) const {
    return type == MeldType::kPass || type == t;
  }
  bool Accepts(MeldType t, int n) const {
    return type == MeldType::kPass || (type == t && size == n);
  }
};

template <class Out>
void AddSingles(Cards hand, Out& out) {
  for (Cards left = hand & ~kJoker; left != 0; left &= left - 1) {
    const int bit = std::countr_zero(left);
    out.push_back({.type = MeldType::kSingle,
                   .size = 1,
                   .low = static_cast<int8_t>(bit / 4),
                   .high = static_cast<int8_t>(bit / 4),
                   .suits = static_cast<uint8_t>(1 << (bit % 4)),
                   .cards = Cards{1} << bit});
  }
  if (hand & kJoker) out.push_back(LoneJoker());
}

template <class Out>
void AddGroups(Cards hand, Want want, Out& out) {
  const bool joker = hand & kJoker;
  for (int r = 0; r < kRanks; ++r) {
    const int held = SuitsHeld(hand, r);
    for (int t = held; t != 0; t = (t - 1) & held) {  // nonempty subsets
      const int n = std::popcount(static_cast<unsigned>(t));
      const Cards cards = CardsOfSuitSet(r, t);
      const auto size = static_cast<uint8_t>(n);
      const auto rank = static_cast<int8_t>(r);
      if (n >= 2 && want.Accepts(MeldType::kGroup, n)) {
        out.push_back({.type = MeldType::kGroup,
                       .size = size,
                       .low = rank,
                       .high = rank,
                       .suits = static_cast<uint8_t>(t),
                       .cards = cards});
      }
      if (!joker || !want.Accepts(MeldType::kGroup, n + 1)) continue;
      if (n == kSuits) {  // the joker as a fifth card
        out.push_back({.type = MeldType::kGroup,
                       .size = 5,
                       .low = rank,
                       .high = rank,
                       .suits = 0xF,
                       .joker_rank = rank,
                       .joker_suit = -1,
                       .cards = cards | kJoker});
        continue;
      }
      for (int j = 0; j < kSuits; ++j) {
        if ((t >> j) & 1) continue;
        out.push_back({.type = MeldType::kGroup,
                       .size = static_cast<uint8_t>(n + 1),
                       .low = rank,
                       .high = rank,
                       .suits = static_cast<uint8_t>(t | (1 << j)),
                       .joker_rank = rank,
                       .joker_suit = static_cast<int8_t>(j),
                       .cards = cards | kJoker});
      }
    }
  }
}

template <class Out>
void AddSequences(Cards hand, Want want, Out& out) {
  const bool joker = hand & kJoker;
  for (int s = 0; s < kSuits; ++s) {
    auto held = [&](int rank) {
      return rank >= 0 && rank < kRanks && ((hand >> (rank * 4 + s)) & 1);
    };
    auto make = [&](int low, int high, int joker_at) {
      Meld m{.type = MeldType::kSequence,
             .size = static_cast<uint8_t>(high - low + 1),
             .low = static_cast<int8_t>(low),
             .high = static_cast<int8_t>(high),
             .suits = static_cast<uint8_t>(1 << s)};
      for (int r = low; r <= high; ++r) {
        if (r != joker_at) m.cards |= Card(r, s);
      }
      if (joker_at != -2) {
        m.cards |= kJoker;
        m.joker_rank = static_cast<int8_t>(joker_at);
        m.joker_suit = static_cast<int8_t>(s);
      }
      out.push_back(m);
    };
    // Ranks -1 and 13 exist only for the joker.
    for (int low = -1; low <= kRanks - 2; ++low) {
      int missing = 0, missing_at = -2;
      for (int high = low; high <= kRanks; ++high) {
        if (!held(high)) {
          ++missing;
          missing_at = high;
        }
        if (missing > (joker ? 1 : 0)) break;
        if (high - low + 1 < 3 ||
            !want.Accepts(MeldType::kSequence, high - low + 1))
          continue;
        if (missing == 0) {
          make(low, high, -2);
          if (joker) {
            for (int r = low; r <= high; ++r) make(low, high, r);
          }
        } else {
          make(low, high, missing_at);
        }
      }
    }
  }
}

bool Stronger(int mine, int theirs, bool revolution) {
  return revolution ? mine < theirs : mine > theirs;
}

std::string RankPositionName(int suit, int rank) {
  if (rank < 0) return std::string(1, kSuitChars[suit]) + "<3";
  if (rank >= kRanks) return std::string(1, kSuitChars[suit]) + ">2";
  return std::string{kSuitChars[suit], kRankChars[rank]};
}

// AddAll: every meld of `hand` (into a MeldList, or a vector for hands
// too large for one, such as the whole deck).
template <class Out>
void AddAll(Cards hand, Out& out) {
  AddSingles(hand, out);
  AddGroups(hand, Want{}, out);
  AddSequences(hand, Want{}, out);
}

}  // namespace

void AllMelds(Cards hand, MeldList& out) {
  out.count = 0;
  AddAll(hand, out);
}

std::vector<Meld> AllMelds(Cards hand) {
  std::vector<Meld> out;
  AddAll(hand, out);
  return out;
}

bool CanPlay(const Meld& meld, const FieldRules& rules) {
  if (meld.IsPass()) return false;
  const Meld& field = rules.field;
  if (field.IsPass()) return true;
  if (field.IsLoneJoker()) {  // only the ♠3 answers a lone joker
    return meld.type == MeldType::kSingle && meld.cards == Card(0, 0);
  }
  if (meld.type != field.type || meld.size != field.size) return false;
  if (meld.IsLoneJoker()) return true;  // the strongest single; no lock
  if (rules.lock != 0 && meld.suits != rules.lock) return false;
  if (meld.type == MeldType::kSequence) {
    return rules.revolution ? meld.high < field.low : meld.low > field.high;
  }
  return Stronger(meld.low, field.low, rules.revolution);
}

void LegalMelds(Cards hand, const FieldRules& rules, MeldList& out) {
  const Meld& field = rules.field;
  if (field.IsPass()) {
    AllMelds(hand, out);
    return;
  }
  out.count = 0;
  const Want want{.type = field.type, .size = field.size};
  if (want.Accepts(MeldType::kSingle, 1)) AddSingles(hand, out);
  if (field.type == MeldType::kGroup) AddGroups(hand, want, out);
  if (field.type == MeldType::kSequence) AddSequences(hand, want, out);
  // Keep the playable ones, in place.
  int kept = 0;
  for (int i = 0; i < out.count; ++i) {
    if (CanPlay(out.melds[i], rules)) out.melds[kept++] = out.melds[i];
  }
  out.count = kept;
}

std::vector<Meld> LegalMelds(Cards hand, const FieldRules& rules) {
  MeldList list;
  LegalMelds(hand, rules, list);
  return {list.begin(), list.end()};
}

namespace {

// KeyOf: a meld's shape as a small number, distinct for distinct melds:
// singles by card; groups by rank, suit set and the joker's role; sequences
// by suit, ends and the joker's rank.
int KeyOf(const Meld& m) {
  constexpr int kGroupBase = 53;
  constexpr int kSequenceBase = kGroupBase + kRanks * 16 * 6;
  switch (m.type) {
    case MeldType::kSingle:
      return std::countr_zero(m.cards);
    case MeldType::kGroup: {
      const int joker = !(m.cards & kJoker) ? 0
                        : m.size == 5       ? 5
                                            : 1 + m.joker_suit;
      return kGroupBase + (m.low * 16 + m.suits) * 6 + joker;
    }
    case MeldType::kSequence: {
      const int suit = std::countr_zero(static_cast<unsigned>(m.suits));
      return kSequenceBase + ((suit * 15 + m.low + 1) * 15 + m.high + 1) * 16 +
             m.joker_rank + 2;
    }
    case MeldType::kPass:
      break;
  }
  return -1;
}
constexpr int kKeys = 53 + kRanks * 16 * 6 + 4 * 15 * 15 * 16;

}  // namespace

MeldIndex::MeldIndex() {
  melds_ = AllMelds(kFullDeck);
  std::sort(melds_.begin(), melds_.end());
  melds_.insert(melds_.begin(), Meld{});  // id 0: pass
  id_of_key_.assign(kKeys, -1);
  for (int id = 1; id < Size(); ++id) {
    id_of_key_[KeyOf(melds_[id])] = static_cast<int16_t>(id);
  }
}

const MeldIndex& MeldIndex::Get() {
  static const MeldIndex* index = new MeldIndex();
  return *index;
}

int MeldIndex::IdOf(const Meld& meld) const {
  if (meld.IsPass()) return 0;
  const int key = KeyOf(meld);
  if (key < 0 || key >= kKeys) return -1;
  const int id = id_of_key_[key];
  return id > 0 && melds_[id] == meld ? id : -1;
}

bool HasEight(const Meld& meld) {
  if (meld.IsPass() || meld.IsLoneJoker()) return false;
  return meld.low <= kEightRank && kEightRank <= meld.high;
}

bool StartsRevolution(const Meld& meld) {
  return (meld.type == MeldType::kGroup && meld.size >= 4) ||
         (meld.type == MeldType::kSequence && meld.size >= 5);
}

std::string CardName(int bit) {
  if (bit == kJokerBit) return "JK";
  return RankPositionName(bit % 4, bit / 4);
}

std::string CardsText(Cards cards) {
  std::string out;
  for (Cards left = cards; left != 0; left &= left - 1) {
    if (!out.empty()) out += ' ';
    out += CardName(std::countr_zero(left));
  }
  return out;
}

std::string MeldText(const Meld& meld) {
  if (meld.IsPass()) return "pass";
  if (meld.IsLoneJoker()) return "JK";
  std::string out = CardsText(meld.cards & ~kJoker);
  if (meld.cards & kJoker) {
    out += out.empty() ? "" : " ";
    out += "JK(";
    out += meld.joker_suit < 0
               ? std::string(1, kRankChars[meld.joker_rank])
               : RankPositionName(meld.joker_suit, meld.joker_rank);
    out += ')';
  }
  return out;
}

bool ParseCards(const std::string& text, Cards& cards) {
  cards = 0;
  std::istringstream words(text);
  std::string word;
  while (words >> word) {
    if (word == "JK") {
      cards |= kJoker;
      continue;
    }
    if (word.size() != 2) return false;
    const char* suit = std::strchr(kSuitChars, word[0]);
    const char* rank = std::strchr(kRankChars, word[1]);
    if (suit == nullptr || rank == nullptr || word[0] == '\0' ||
        word[1] == '\0') {
      return false;
    }
    cards |= Card(static_cast<int>(rank - kRankChars),
                  static_cast<int>(suit - kSuitChars));
  }
  return true;
}

}  // namespace gameai::daifugo
