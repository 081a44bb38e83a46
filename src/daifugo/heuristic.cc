#include "gameai/daifugo/internal/heuristic.h"

namespace gameai::daifugo {
namespace {

// Strength: the meld's rank 0..12 from weakest to strongest in the order.
int Strength(const Meld& m, const EvalContext& c) {
  const int rank = m.IsLoneJoker() ? kRanks - 1 : m.low;
  return c.revolution ? kRanks - 1 - rank : rank;
}

bool Weaker(const Meld& a, const Meld& b, const EvalContext& c) {
  return Strength(a, c) < Strength(b, c);
}

bool HasClearingMeld(Cards hand, const EvalContext& c) {
  for (const Meld& m : Decompose(hand, c)) {
    if (ClearsField(MeldValue(m, c))) return true;
  }
  return false;
}

// IsPrettyHigh: a single or group of K or A (4 or 5 in a revolution).
bool IsPrettyHigh(const Meld& m, const EvalContext& c) {
  if (m.type != MeldType::kSingle && m.type != MeldType::kGroup) return false;
  if (m.IsLoneJoker()) return false;
  const int king = 10, ace = 11, four = 1, five = 2;
  return c.revolution ? (m.low == four || m.low == five)
                      : (m.low == king || m.low == ace);
}

}  // namespace

int LeadPriority(const Meld& meld, Cards hand, const EvalContext& c) {
  const std::vector<Meld> melds = Decompose(hand, c);
  const int value = MeldValue(meld, c);
  const bool clears = ClearsField(value);
  if (StartsRevolution(meld)) {
    bool strong_small = false;
    for (const Meld& m : melds) {
      strong_small |= m.size <= 2 && MeldValue(m, c) > 90;
    }
    const bool worse = HandValue(hand & ~meld.cards, c) > HandValue(hand, c);
    return strong_small || worse ? 1 : 90;
  }
  if (CanGoOut(hand, c) && !clears) return 2;
  if (clears) {
    // Beside a revolution meld worth playing, clearing groups and singles
    // come first.
    for (const Meld& m : melds) {
      if (StartsRevolution(m) && LeadPriority(m, hand, c) == 90 &&
          meld.type != MeldType::kSequence) {
        return 91;
      }
    }
    return 110 - value;
  }
  int same_size = 0;
  for (const Meld& m : melds) same_size += m.size == meld.size;
  return 40 + (13 - Strength(meld, c)) * 2 + 4 * same_size;
}

Meld ChooseLead(Cards hand, const EvalContext& c) {
  Meld best;
  int best_priority = -1;
  for (const Meld& m : Decompose(hand, c)) {
    const int priority = LeadPriority(m, hand, c);
    if (priority > best_priority ||
        (priority == best_priority && Weaker(m, best, c))) {
      best_priority = priority;
      best = m;
    }
  }
  return best;
}

bool IsFollowCandidate(const Meld& meld, const Meld& field, Cards hand,
                       const EvalContext& c) {
  const Cards after = hand & ~meld.cards;
  const int before_value = HandValue(hand, c);
  const int after_value = HandValue(after, c);
  if (field.type == MeldType::kSequence) {
    // The prose: can go out after, or the value after < before + 1.
    return CanGoOut(after, c) || after_value < before_value + 1;
  }
  const bool clears = ClearsField(MeldValue(meld, c));
  if (clears && CanGoOut(hand, c)) return true;  // 1
  if (clears && (Decompose(hand, c).size() < 4 || HasClearingMeld(after, c)))
    return true;  // 2
  const std::vector<Meld> rest = Decompose(after, c);
  if (rest.size() == 1 && MeldValue(rest[0], c) <= 50) return false;  // 3
  if (CanGoOut(after, c)) return true;                                // 4
  if (IsPrettyHigh(meld, c) && rest.size() >= 4 && after_value > 0)
    return false;                     // 5
  return after_value < before_value;  // 6
}

Meld ChooseFollow(const std::vector<Meld>& legal, const Meld& field, Cards hand,
                  const EvalContext& c) {
  Meld best;
  int best_value = 0;
  for (const Meld& m : legal) {
    if (!IsFollowCandidate(m, field, hand, c)) continue;
    const int value = HandValue(hand & ~m.cards, c);
    if (best.IsPass() || value < best_value ||
        (value == best_value && Weaker(m, best, c))) {
      best = m;
      best_value = value;
    }
  }
  return best;
}

}  // namespace gameai::daifugo
