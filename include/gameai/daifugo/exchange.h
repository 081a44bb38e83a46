// gameai/daifugo/exchange.h: the card exchange between the deals of a
// Daifugo match (docs/daifugo.md). The dealing itself is the match
// kernel's chance events (daifugo.h).
#ifndef GAMEAI_DAIFUGO_EXCHANGE_H_
#define GAMEAI_DAIFUGO_EXCHANGE_H_

#include <array>

#include "gameai/daifugo/deal.h"

namespace gameai::daifugo {

// Strongest: the `n` strongest cards of `hand` in the normal order: the
// joker, then 2, A, K, ... 3; equal ranks by suit ♠ ♥ ♦ ♣.
Cards Strongest(Cards hand, int n);

// Transfer: who gives how many cards to whom before a deal.
struct Transfer {
  int from;
  int to;
  int cards;
};
// ForcedTransfers: from the last deal's places (1 = 大富豪): the last place
// gives its 2 strongest cards to the first; with 4 or more players the
// second to last gives its strongest to the second. Returns the count.
int ForcedTransfers(const std::array<uint8_t, kMaxPlayers>& places, int players,
                    std::array<Transfer, 2>& out);

}  // namespace gameai::daifugo

#endif  // GAMEAI_DAIFUGO_EXCHANGE_H_
