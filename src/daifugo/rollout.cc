// The playouts' fast policy (agents.h): no allocation, no evaluation.
#include <bit>

#include "gameai/daifugo/internal/agents.h"

namespace gameai::daifugo {
namespace {

// Rank: the meld's strength rank in the current order (lower is weaker).
int Rank(const Meld& m, bool revolution) {
  if (m.IsLoneJoker()) return 99;  // the strongest in both orders
  return revolution ? kRanks - 1 - m.high : m.low;
}

}  // namespace

// The rules are part of the policy signature (kernel-level agents take
// them); this policy needs only the state.
Move RolloutMove(const Rules& /*rules*/, const Position& s, Rng& rng) {
  if (s.phase == Phase::kGiveBack) {
    return Rules::GiveMove(GiveBackCard(s.deal.hands[s.giver]));
  }
  const Deal& d = s.deal;
  const Cards hand = d.hands[d.to_move];
  MeldList melds;  // on an empty field: every meld of the hand
  LegalMelds(hand, FieldRulesOf(d), melds);
  if (rng.Below(8) == 0) {
    const int passes = d.field.IsPass() ? 0 : 1;
    const int k = static_cast<int>(rng.Below(melds.size() + passes));
    return k == melds.size() ? Move{0} : Rules::PlayMove(melds[k]);
  }
  const Meld* best = nullptr;
  if (d.field.IsPass()) {
    if (hand == kJoker) return Rules::PlayMove(LoneJoker());
    const Cards plain = hand & ~kJoker;
    const int weakest =
        d.revolution ? 63 - std::countl_zero(plain) : std::countr_zero(plain);
    const Cards card = Cards{1} << weakest;
    for (const Meld& m : melds) {
      if (!(m.cards & card) || (m.cards & kJoker)) continue;
      if (best == nullptr || m.size > best->size) best = &m;
    }
    return Rules::PlayMove(*best);
  }
  // Following: the weakest meld that breaks no larger group of the hand,
  // else the weakest (as the seed's player does, so playouts model it).
  auto key = [&](const Meld& m) {
    const bool breaks = m.type != MeldType::kSequence &&
                        std::popcount((hand >> (4 * m.low)) & 0xF) > m.size;
    return (breaks ? 100 : 0) + Rank(m, d.revolution);
  };
  for (const Meld& m : melds) {
    if ((m.cards & kJoker) && m.cards != hand) continue;
    if (best == nullptr || key(m) < key(*best)) best = &m;
  }
  return best == nullptr ? Move{0} : Rules::PlayMove(*best);
}

}  // namespace gameai::daifugo
