#include "gameai/daifugo/exchange.h"

#include <bit>

namespace gameai::daifugo {

std::array<Cards, kMaxPlayers> DealCards(int players, int first_seat,
                                         Rng& rng) {
  std::array<int, 53> deck;
  for (int i = 0; i < 52; ++i) deck[i] = i;
  deck[52] = kJokerBit;
  for (int i = 52; i > 0; --i) {
    std::swap(deck[i], deck[rng.Below(static_cast<uint64_t>(i) + 1)]);
  }
  std::array<Cards, kMaxPlayers> hands{};
  for (int i = 0; i < 53; ++i) {
    hands[(first_seat + i) % players] |= Cards{1} << deck[i];
  }
  return hands;
}

Cards Strongest(Cards hand, int n) {
  Cards out = 0;
  if ((hand & kJoker) && n > 0) {
    out |= kJoker;
    --n;
  }
  for (int rank = kRanks - 1; rank >= 0 && n > 0; --rank) {
    for (int suit = 0; suit < kSuits && n > 0; ++suit) {
      if (hand & Card(rank, suit)) {
        out |= Card(rank, suit);
        --n;
      }
    }
  }
  return out;
}

int ForcedTransfers(const std::array<uint8_t, kMaxPlayers>& places, int players,
                    std::array<Transfer, 2>& out) {
  auto seat_of = [&](int place) {
    for (int p = 0; p < players; ++p) {
      if (places[p] == place) return p;
    }
    return -1;
  };
  int n = 0;
  out[n++] = {seat_of(players), seat_of(1), 2};
  if (players >= 4) out[n++] = {seat_of(players - 1), seat_of(2), 1};
  return n;
}

}  // namespace gameai::daifugo
