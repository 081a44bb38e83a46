// gameai/daifugo/uecda/table.h: the UECda protocol's 8x15 card table (protocol
// 20070; docs/uecda.md) and its conversion to and
// from the daifugo kernel's cards and melds.
//
// t[row][col]: rows 0..3 the suits ♠ ♥ ♦ ♣, row 4 the joker; cols 1..13 the
// ranks 3..2 (kernel rank index + 1), cols 0 and 14 only for a joker below
// the 3 or above the 2 in a sequence. Cell values: 1 a card, 2 the joker
// standing at that cell; rows 5..6 game state, row 7 unused. On the wire:
// 120 big-endian 32-bit values, row-major (480 bytes).
#ifndef GAMEAI_DAIFUGO_UECDA_TABLE_H_
#define GAMEAI_DAIFUGO_UECDA_TABLE_H_

#include <array>
#include <cstdint>
#include <string>

#include "absl/status/statusor.h"
#include "gameai/daifugo/melds.h"

namespace gameai::uecda {

inline constexpr int kRows = 8;
inline constexpr int kCols = 15;
inline constexpr int kTableBytes = kRows * kCols * 4;
inline constexpr uint32_t kProtocolVersion = 20070;
inline constexpr int kPlayers = 5;

using Table = std::array<std::array<uint32_t, kCols>, kRows>;
using TableBytes = std::array<uint8_t, kTableBytes>;

TableBytes EncodeTable(const Table& table);
Table DecodeTable(const TableBytes& bytes);

// CardsTable: rows 0..4 holding `cards`, the joker as t[4][1] = 2 (how a
// hand, a deal and a give-back are written).
Table CardsTable(daifugo::Cards cards);
// HandOf: the cards of a hand table (rows 0..4), or an error naming the
// first cell that no hand may hold.
absl::StatusOr<daifugo::Cards> HandOf(const Table& table);

// MeldTable: the submission of `meld`: a 1 at every real card, the joker as
// a 2 at the cell it stands for (in a sequence in its suit row, also at col
// 0 or 14; in a group in its suit row, row 4 for the fifth card); the lone
// joker at t[0][14] (t[0][0] in a revolution, as the devkit client does).
// The pass is the all-zero table.
Table MeldTable(const daifugo::Meld& meld, bool revolution);
// ParseMeld: rows 0..4 of a submission or field table classified as the
// server does (external.c): nothing is the pass; one 2 alone the lone
// joker; cells to the right of the lowest card a sequence in that row; one
// column a group. An error names what makes it no meld.
absl::StatusOr<daifugo::Meld> ParseMeld(const Table& table);

// TableText: rows 0..7, one line each, for messages and logs.
std::string TableText(const Table& table);

}  // namespace gameai::uecda

#endif  // GAMEAI_DAIFUGO_UECDA_TABLE_H_
