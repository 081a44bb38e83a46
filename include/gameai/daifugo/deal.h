// gameai/daifugo/deal.h: the play of one Daifugo deal (docs/daifugo.md):
// turns, passes and clears, 8-cut, revolution, lock, the ♠3
// on a lone joker, going out and places. The `daifugo` kernel (matches of
// many deals with the card exchange between them) is built on it.
//
// A turn: the player to move plays a meld its hand forms that CanPlay
// allows on the field, or passes (not when leading). A passing player is
// skipped until the field clears; the field clears when nobody still in
// the game is left to answer, and then the last player who played leads
// (or, if that player has gone out, the next seat still holding cards).
// The game ends when one player is left; places are the order of going
// out.
#ifndef GAMEAI_DAIFUGO_DEAL_H_
#define GAMEAI_DAIFUGO_DEAL_H_

#include <array>
#include <cstdint>

#include "gameai/daifugo/melds.h"

namespace gameai::daifugo {

inline constexpr int kMaxPlayers = 7;

struct DealRules {
  int players = 5;
  bool eight_cut = true;
  bool revolution = true;
  bool lock = true;
};

struct Deal {
  std::array<Cards, kMaxPlayers> hands{};
  Meld field;                                // kPass: the field is empty
  Cards played = 0;                          // every card played so far
  std::array<uint8_t, kMaxPlayers> place{};  // 0: still in; else 1, 2, ...
  std::array<uint8_t, kMaxPlayers> next{};   // the player seated after p
  uint8_t field_owner = 0;                   // who played the field's meld
  uint8_t to_move = 0;
  uint8_t passed = 0;    // bit p: passed since the field last cleared
  uint8_t finished = 0;  // players out so far
  uint8_t lock = 0;      // suits the field is locked to; 0: none
  bool revolution = false;
  bool over = false;
};

// Seating: next[p] is the player seated after p (turns go that way).
using Seating = std::array<uint8_t, kMaxPlayers>;
// SeatingInOrder: players 0, 1, ..., players - 1 around the table.
Seating SeatingInOrder(int players);

// StartDeal: the hands dealt; the holder of ♦3 leads.
Deal StartDeal(const DealRules& rules,
               const std::array<Cards, kMaxPlayers>& hands);
Deal StartDeal(const DealRules& rules,
               const std::array<Cards, kMaxPlayers>& hands,
               const Seating& next);
// FieldRulesOf: what the player to move must beat.
FieldRules FieldRulesOf(const Deal& deal);
// Legal: the player to move may play `meld` (a pass only on a field).
bool Legal(const Deal& deal, const Meld& meld);
// Play: the player to move plays `meld` (or passes). REQUIRES Legal.
void Play(const DealRules& rules, Deal& deal, const Meld& meld);

}  // namespace gameai::daifugo

#endif  // GAMEAI_DAIFUGO_DEAL_H_
