#include "gameai/daifugo/deal.h"

namespace gameai::daifugo {
namespace {

bool InGame(const Deal& d, int p) { return d.place[p] == 0; }

// NextAfter: the first seat after `p` (p itself last) that is still in the
// game and has not passed; -1 when there is none.
int NextAfter(const DealRules& rules, const Deal& d, int p) {
  int q = p;
  for (int i = 1; i <= rules.players; ++i) {
    q = d.next[q];
    if (InGame(d, q) && !((d.passed >> q) & 1)) return q;
  }
  return -1;
}

// Clear: the field empties; `leader` leads, or the next seat in the game.
void Clear(const DealRules& rules, Deal& d, int leader) {
  d.field = Meld{};
  d.passed = 0;
  d.lock = 0;
  if (!InGame(d, leader)) leader = NextAfter(rules, d, leader);
  d.to_move = static_cast<uint8_t>(leader);
}

void GoOut(const DealRules& rules, Deal& d, int p) {
  d.place[p] = ++d.finished;
  if (d.finished == rules.players - 1) {  // the last one left is last
    for (int q = 0; q < rules.players; ++q) {
      if (InGame(d, q)) d.place[q] = static_cast<uint8_t>(rules.players);
    }
    d.over = true;
  }
}

}  // namespace

Seating SeatingInOrder(int players) {
  Seating next{};
  for (int p = 0; p < players; ++p) {
    next[p] = static_cast<uint8_t>((p + 1) % players);
  }
  return next;
}

Deal StartDeal(const DealRules& rules,
               const std::array<Cards, kMaxPlayers>& hands) {
  return StartDeal(rules, hands, SeatingInOrder(rules.players));
}

Deal StartDeal(const DealRules& rules,
               const std::array<Cards, kMaxPlayers>& hands,
               const Seating& next) {
  Deal d;
  d.hands = hands;
  d.next = next;
  for (int p = 0; p < rules.players; ++p) {
    if (hands[p] & Card(0, 2)) d.to_move = static_cast<uint8_t>(p);  // ♦3
  }
  return d;
}

FieldRules FieldRulesOf(const Deal& d) {
  return {.field = d.field, .revolution = d.revolution, .lock = d.lock};
}

bool Legal(const Deal& d, const Meld& meld) {
  if (d.over) return false;
  if (meld.IsPass()) return !d.field.IsPass();
  if ((meld.cards & ~d.hands[d.to_move]) != 0) return false;
  return CanPlay(meld, FieldRulesOf(d));
}

void Play(const DealRules& rules, Deal& d, const Meld& meld) {
  const int p = d.to_move;
  if (meld.IsPass()) {
    d.passed |= static_cast<uint8_t>(1 << p);
    const int next = NextAfter(rules, d, p);
    if (next < 0) {
      Clear(rules, d, d.field_owner);
    } else {
      d.to_move = static_cast<uint8_t>(next);
    }
    return;
  }
  const Meld before = d.field;
  d.hands[p] &= ~meld.cards;
  d.played |= meld.cards;
  if (rules.lock) {
    if (meld.IsLoneJoker()) {
      d.lock = 0;  // a lone joker ignores the lock and lifts it
    } else if (!before.IsPass() && !before.IsLoneJoker() &&
               meld.suits == before.suits) {
      d.lock = meld.suits;
    }
  }
  if (rules.revolution && StartsRevolution(meld)) d.revolution = !d.revolution;
  d.field = meld;
  d.field_owner = static_cast<uint8_t>(p);
  if (d.hands[p] == 0) GoOut(rules, d, p);
  if (d.over) return;
  const bool spade_three_on_joker = before.IsLoneJoker();
  if ((rules.eight_cut && HasEight(meld)) || spade_three_on_joker) {
    Clear(rules, d, p);  // the same player leads again
    return;
  }
  const int next = NextAfter(rules, d, p);
  if (next < 0) {
    Clear(rules, d, p);
  } else {
    d.to_move = static_cast<uint8_t>(next);
  }
}

}  // namespace gameai::daifugo
