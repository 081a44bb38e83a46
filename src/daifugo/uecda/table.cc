#include "gameai/daifugo/uecda/table.h"

#include <bit>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"

namespace gameai::uecda {
namespace {

using daifugo::Card;
using daifugo::Cards;
using daifugo::kJoker;
using daifugo::Meld;
using daifugo::MeldType;

constexpr int kJokerRow = 4;

absl::Status BadCell(int row, int col, uint32_t value, std::string_view why) {
  return absl::InvalidArgumentError(
      fmt::format("table cell [{}][{}] = {}: {}", row, col, value, why));
}

// CheckCardCells: rows 0..4 hold only 0, 1 (a card: rows 0..3, cols 1..13)
// and at most one 2 (the joker), as the server's validity check demands.
absl::Status CheckCardCells(const Table& t) {
  int twos = 0;
  for (int row = 0; row <= kJokerRow; ++row) {
    for (int col = 0; col < kCols; ++col) {
      const uint32_t v = t[row][col];
      if (v > 2) return BadCell(row, col, v, "card cells hold 0, 1 or 2");
      if (v == 1 && (row == kJokerRow || col == 0 || col == kCols - 1)) {
        return BadCell(row, col, v, "no card sits there (only the joker)");
      }
      if (v == 2 && ++twos > 1) {
        return BadCell(row, col, v, "a second joker");
      }
    }
  }
  return absl::OkStatus();
}

}  // namespace

TableBytes EncodeTable(const Table& table) {
  TableBytes bytes{};
  int i = 0;
  for (const auto& row : table) {
    for (uint32_t v : row) {
      bytes[i++] = static_cast<uint8_t>(v >> 24);
      bytes[i++] = static_cast<uint8_t>(v >> 16);
      bytes[i++] = static_cast<uint8_t>(v >> 8);
      bytes[i++] = static_cast<uint8_t>(v);
    }
  }
  return bytes;
}

Table DecodeTable(const TableBytes& bytes) {
  Table table{};
  int i = 0;
  for (auto& row : table) {
    for (uint32_t& v : row) {
      v = uint32_t{bytes[i]} << 24 | uint32_t{bytes[i + 1]} << 16 |
          uint32_t{bytes[i + 2]} << 8 | uint32_t{bytes[i + 3]};
      i += 4;
    }
  }
  return table;
}

Table CardsTable(Cards cards) {
  Table t{};
  for (Cards left = cards & ~kJoker; left != 0; left &= left - 1) {
    const int bit = std::countr_zero(left);
    t[bit % 4][bit / 4 + 1] = 1;
  }
  if (cards & kJoker) t[kJokerRow][1] = 2;
  return t;
}

absl::StatusOr<Cards> HandOf(const Table& t) {
  GAMEAI_RETURN_IF_ERROR(CheckCardCells(t));
  Cards cards = 0;
  for (int row = 0; row <= kJokerRow; ++row) {
    for (int col = 0; col < kCols; ++col) {
      if (t[row][col] == 1) cards |= Card(col - 1, row);
      if (t[row][col] == 2) {
        if (row != kJokerRow || col != 1) {
          return BadCell(row, col, 2, "a hand shows the joker at [4][1]");
        }
        cards |= kJoker;
      }
    }
  }
  return cards;
}

Table MeldTable(const Meld& meld, bool revolution) {
  Table t{};
  if (meld.IsPass()) return t;
  if (meld.IsLoneJoker()) {
    t[0][revolution ? 0 : kCols - 1] = 2;
    return t;
  }
  for (Cards left = meld.cards & ~kJoker; left != 0; left &= left - 1) {
    const int bit = std::countr_zero(left);
    t[bit % 4][bit / 4 + 1] = 1;
  }
  if (meld.cards & kJoker) {
    const int row = meld.joker_suit < 0 ? kJokerRow : meld.joker_suit;
    t[row][meld.joker_rank + 1] = 2;
  }
  return t;
}

absl::StatusOr<Meld> ParseMeld(const Table& t) {
  GAMEAI_RETURN_IF_ERROR(CheckCardCells(t));
  int n = 0, low_col = kCols, row = -1;
  for (int col = 0; col < kCols; ++col) {
    for (int r = 0; r <= kJokerRow; ++r) {
      if (t[r][col] == 0) continue;
      ++n;
      if (col < low_col) {
        low_col = col;
        row = r;
      }
    }
  }
  if (n == 0) return Meld{};
  if (n == 1 && t[row][low_col] == 2) return daifugo::LoneJoker();
  if (n == 1) {
    return Meld{.type = MeldType::kSingle,
                .size = 1,
                .low = static_cast<int8_t>(low_col - 1),
                .high = static_cast<int8_t>(low_col - 1),
                .suits = static_cast<uint8_t>(1 << row),
                .cards = Card(low_col - 1, row)};
  }
  Meld m{.size = static_cast<uint8_t>(n)};
  auto add = [&](int r, int col) {
    if (t[r][col] == 1) {
      m.cards |= Card(col - 1, r);
    } else {
      m.cards |= kJoker;
      m.joker_rank = static_cast<int8_t>(col - 1);
      m.joker_suit = static_cast<int8_t>(r == kJokerRow ? -1 : r);
    }
  };
  if (low_col + 1 < kCols && t[row][low_col + 1] != 0) {
    int high_col = low_col;
    while (high_col + 1 < kCols && t[row][high_col + 1] != 0) ++high_col;
    if (high_col - low_col + 1 != n) {
      return absl::InvalidArgumentError(
          "a sequence holds every card in one unbroken run of one suit row");
    }
    if (n < 3) {
      return absl::InvalidArgumentError("a sequence has 3 or more cards");
    }
    if (row == kJokerRow) {
      return absl::InvalidArgumentError("a sequence lies in a suit row (0..3)");
    }
    m.type = MeldType::kSequence;
    m.low = static_cast<int8_t>(low_col - 1);
    m.high = static_cast<int8_t>(high_col - 1);
    m.suits = static_cast<uint8_t>(1 << row);
    for (int col = low_col; col <= high_col; ++col) add(row, col);
    return m;
  }
  int in_column = 0, rows = 0;
  for (int r = 0; r <= kJokerRow; ++r) {
    if (t[r][low_col] == 0) continue;
    ++in_column;
    rows |= 1 << r;
    add(r, low_col);
  }
  if (in_column != n) {
    return absl::InvalidArgumentError(
        "a group holds every card in one column, a sequence in one row");
  }
  if (low_col == 0 || low_col == kCols - 1) {
    return absl::InvalidArgumentError("a group's column is a rank (1..13)");
  }
  if ((rows >> kJokerRow & 1) && n != 5) {
    return absl::InvalidArgumentError(
        "the joker row serves only the fifth card of a 5-card group");
  }
  m.type = MeldType::kGroup;
  m.low = m.high = static_cast<int8_t>(low_col - 1);
  m.suits = static_cast<uint8_t>(rows & 0xF);
  return m;
}

std::string TableText(const Table& t) {
  std::string out;
  for (const auto& row : t) {
    out += fmt::format("{}\n", fmt::join(row, " "));
  }
  return out;
}

}  // namespace gameai::uecda
