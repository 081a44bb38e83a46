#include "gameai/daifugo/internal/hand_eval.h"

#include <algorithm>
#include <bit>

namespace gameai::daifugo {
namespace {

bool Stronger(int rank, int than, bool revolution) {
  return revolution ? rank < than : rank > than;
}

int CountOfRank(Cards cards, int rank) {
  return std::popcount(static_cast<unsigned>((cards >> (rank * 4)) & 0xF));
}

// StrongerRuns: the k-card same-suit runs E forms entirely beyond `meld`.
int StrongerRuns(const Meld& meld, const EvalContext& c) {
  int runs = 0;
  for (int s = 0; s < kSuits; ++s) {
    for (int low = 0; low + meld.size - 1 < kRanks; ++low) {
      const int high = low + meld.size - 1;
      const bool beyond = c.revolution ? high < meld.low : low > meld.high;
      if (!beyond) continue;
      bool all = true;
      for (int r = low; r <= high && all; ++r) all = c.enemy & Card(r, s);
      runs += all;
    }
  }
  return runs;
}

}  // namespace

int MeldValue(const Meld& meld, const EvalContext& c) {
  int value = 100;
  if (meld.IsLoneJoker()) return 100;
  if (meld.type == MeldType::kSingle) {
    int stronger = 0;
    for (int r = 0; r < kRanks; ++r) {
      stronger +=
          Stronger(r, meld.low, c.revolution) && CountOfRank(c.enemy, r) > 0;
    }
    value = 100 - 30 * stronger;
  } else if (meld.type == MeldType::kSequence) {
    value = 100 - StrongerRuns(meld, c) * (c.players + 1 - c.players_in);
  } else if (meld.type == MeldType::kGroup) {
    for (int r = 0; r < kRanks; ++r) {
      const int count = CountOfRank(c.enemy, r);
      if (!Stronger(r, meld.low, c.revolution) || count < meld.size) continue;
      const int s = count - meld.size - c.players_in + c.players;
      value -= s <= 0 ? 4 : s == 1 ? 9 : s == 2 ? 15 : 24;
    }
  }
  return std::max(value, 1);
}

bool EnemyHasStronger(const Meld& meld, const EvalContext& c) {
  if (meld.IsLoneJoker()) return false;
  if (meld.type == MeldType::kSequence) return StrongerRuns(meld, c) > 0;
  for (int r = 0; r < kRanks; ++r) {
    if (Stronger(r, meld.low, c.revolution) &&
        CountOfRank(c.enemy, r) >= meld.size) {
      return true;
    }
  }
  return false;
}

std::vector<Meld> Decompose(Cards hand, const EvalContext& c) {
  std::vector<Meld> melds;
  if (hand & kJoker) melds.push_back(LoneJoker());
  Cards left = hand & ~kJoker;
  // 1. With more than 4 cards the strongest rank stays out of sequences.
  Cards for_runs = left;
  if (std::popcount(hand) > 4) {
    const int strongest = c.revolution ? 0 : kRanks - 1;
    for (int s = 0; s < kSuits; ++s) for_runs &= ~Card(strongest, s);
  }
  // 2. The longest same-suit run, kept if it holds a card of a rank the
  //    hand holds once; again on what is left.
  while (true) {
    std::vector<Meld> runs;
    for (const Meld& m : AllMelds(for_runs & left)) {
      if (m.type == MeldType::kSequence) runs.push_back(m);
    }
    std::stable_sort(
        runs.begin(), runs.end(),
        [](const Meld& a, const Meld& b) { return a.size > b.size; });
    bool taken = false;
    for (const Meld& run : runs) {
      bool has_single_rank = false;
      for (int r = run.low; r <= run.high; ++r) {
        has_single_rank |= CountOfRank(hand & ~kJoker, r) == 1;
      }
      if (!has_single_rank) continue;
      melds.push_back(run);
      left &= ~run.cards;
      taken = true;
      break;
    }
    if (!taken) break;
  }
  // 3. Groups of what is left; 4. the rest are singles.
  for (int r = 0; r < kRanks; ++r) {
    const Cards rank_cards = left & (Cards{0xF} << (r * 4));
    if (std::popcount(rank_cards) >= 2) {
      for (const Meld& m : AllMelds(rank_cards)) {
        if (m.type == MeldType::kGroup && m.cards == rank_cards) {
          melds.push_back(m);
        }
      }
      left &= ~rank_cards;
    }
  }
  for (const Meld& m : AllMelds(left)) {
    if (m.type == MeldType::kSingle) melds.push_back(m);
  }
  return melds;
}

int HandValue(Cards hand, const EvalContext& c) {
  int total = 0;
  for (const Meld& m : Decompose(hand, c)) {
    const int value = MeldValue(m, c);
    if (value <= 30) {
      total += 2;
    } else if (value <= 60) {
      total += 1;
    } else if (value >= 91) {
      total -= EnemyHasStronger(m, c) ? 1 : m.size;
    }
  }
  return total;
}

bool CanGoOut(Cards hand, const EvalContext& c) {
  int not_clearing = 0;
  for (const Meld& m : Decompose(hand, c)) {
    not_clearing += !ClearsField(MeldValue(m, c));
  }
  return not_clearing <= 1;
}

}  // namespace gameai::daifugo
