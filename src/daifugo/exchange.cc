#include "gameai/daifugo/exchange.h"

namespace gameai::daifugo {

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
