#include "gameai/tictactoe/tictactoe.h"

#include <bit>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"
#include "gameai/kernel/kernel.h"

namespace gameai::tictactoe {

namespace {

// NextToMove: the player the marks of `s` leave to move: first_player
// after an even number of marks, the other after an odd one.
Player NextToMove(Player first_player, const Position& s) {
  return (std::popcount(Rules::Occupied(s)) % 2 == 0) ? first_player
                                                      : 1 - first_player;
}

}  // namespace

absl::StatusOr<Rules> Rules::Create(const Options& options) {
  if (options.first_player != 0 && options.first_player != 1) {
    return absl::InvalidArgumentError(
        fmt::format("tictactoe: first_player={} must be 0 (X) or 1 (O)",
                    options.first_player));
  }
  return Rules(options);
}

GameType Rules::Type() const {
  return {.dynamics = GameType::Dynamics::kSequential,
          .chance = GameType::Chance::kDeterministic,
          .information = GameType::Information::kPerfect,
          .zero_sum = true,
          .utility = GameType::Utility::kZeroSum};
}

Position Rules::InitialPosition() const {
  Position s{};
  s.to_move = static_cast<uint8_t>(options_.first_player);
  return s;
}

void Rules::LegalMoves(const Position& s, MoveList& moves) const {
  moves.count = 0;
  if (IsOver(s)) return;
  // The empty cells' bits, lowest first: ascending actions.
  for (unsigned empty = ~Occupied(s) & kFullGrid; empty != 0;
       empty &= empty - 1) {
    moves.push_back(static_cast<Move>(std::countr_zero(empty)));
  }
}

std::string Rules::ToString(const Position& s) const {
  std::string out;
  for (int row = 0; row < 3; ++row) {
    if (row > 0) out += "---+---+---\n";
    for (int col = 0; col < 3; ++col) {
      const int cell = 3 * row + col;
      const char mark = (s.marks[0] >> cell & 1)   ? 'X'
                        : (s.marks[1] >> cell & 1) ? 'O'
                                                   : '.';
      out += fmt::format("{} {} ", col > 0 ? "|" : "", mark);
    }
    // "| X " per cell but the first, which has no bar: trim the pad.
    out.erase(out.find_last_not_of(' ') + 1);
    out += '\n';
  }
  const Player winner = Winner(s);
  if (winner != kInvalidPlayer) {
    out += fmt::format("{} (player {}) wins\n", MarkName(winner), winner);
  } else if (Occupied(s) == kFullGrid) {
    out += "Draw: the grid is full\n";
  } else {
    out +=
        fmt::format("{} (player {}) to move\n", MarkName(s.to_move), s.to_move);
  }
  return out;
}

std::string Rules::Serialize(const Position& s) const {
  std::string out;
  for (int cell = 0; cell < kCells; ++cell) {
    if (cell > 0 && cell % 3 == 0) out += '/';
    out += (s.marks[0] >> cell & 1)   ? 'X'
           : (s.marks[1] >> cell & 1) ? 'O'
                                      : '.';
  }
  return out;
}

absl::StatusOr<Position> Rules::Deserialize(std::string_view text) const {
  constexpr const char* kAccepted =
      "three rows of three cells (X, O or .) separated by '/', like "
      "\"X.O/.X./...\"";
  const std::vector<std::string_view> rows = Split(Trim(text), '/');
  if (rows.size() != 3) {
    return absl::InvalidArgumentError(
        fmt::format("tictactoe state: expected {}; got {} row{}", kAccepted,
                    rows.size(), rows.size() == 1 ? "" : "s"));
  }
  Position s{};
  for (int row = 0; row < 3; ++row) {
    if (rows[row].size() != 3) {
      return absl::InvalidArgumentError(fmt::format(
          "tictactoe state: row {} '{}' has {} characters; expected {}",
          row + 1, Printable(rows[row]), rows[row].size(), kAccepted));
    }
    for (int col = 0; col < 3; ++col) {
      const char c = rows[row][col];
      const uint16_t bit = static_cast<uint16_t>(1u << (3 * row + col));
      if (c == 'X') {
        s.marks[0] |= bit;
      } else if (c == 'O') {
        s.marks[1] |= bit;
      } else if (c != '.') {
        return absl::InvalidArgumentError(fmt::format(
            "tictactoe state: row {} column {} is '{}', not a cell: use X, "
            "O or . (an empty cell)",
            row + 1, col + 1, Printable(std::string_view(&c, 1))));
      }
    }
  }
  // The text holds no player to move: the marks and first_player say it
  // (Validate checks that they can).
  s.to_move = static_cast<uint8_t>(NextToMove(options_.first_player, s));
  GAMEAI_RETURN_IF_ERROR(Validate(s));
  return s;
}

absl::Status Rules::Validate(const Position& s) const {
  if (s.to_move > 1) {
    return absl::InvalidArgumentError(fmt::format(
        "tictactoe state: player to move {} must be 0 or 1", s.to_move));
  }
  if (s.padding != 0) {
    return absl::InvalidArgumentError("tictactoe state: padding is not zero");
  }
  if (((s.marks[0] | s.marks[1]) & ~kFullGrid) != 0) {
    return absl::InvalidArgumentError(
        "tictactoe state: marks outside the nine cells");
  }
  if (const uint16_t both = s.marks[0] & s.marks[1]; both != 0) {
    return absl::InvalidArgumentError(
        fmt::format("tictactoe state: cell {} is marked by both X and O",
                    std::countr_zero(both) + 1));
  }
  const Player first = options_.first_player;
  const int first_marks = std::popcount(s.marks[first]);
  const int second_marks = std::popcount(s.marks[1 - first]);
  if (first_marks != second_marks && first_marks != second_marks + 1) {
    return absl::InvalidArgumentError(fmt::format(
        "tictactoe state: {} has {} mark{} and {} {}; with first_player={} {} "
        "moves first, so it has as many marks as {} or one more",
        MarkName(first), first_marks, first_marks == 1 ? "" : "s",
        MarkName(1 - first), second_marks, first, MarkName(first),
        MarkName(1 - first)));
  }
  const Player next = NextToMove(first, s);
  if (s.to_move != next) {
    return absl::InvalidArgumentError(fmt::format(
        "tictactoe state: {} is to move but the marks say {} (first_player={})",
        MarkName(s.to_move), MarkName(next), first));
  }
  const bool x_line = HasLine(s.marks[0]);
  const bool o_line = HasLine(s.marks[1]);
  if (x_line && o_line) {
    return absl::InvalidArgumentError(
        "tictactoe state: both X and O have three in a row (the game ends at "
        "the first line)");
  }
  if (x_line || o_line) {
    const Player winner = x_line ? 0 : 1;
    if (next == winner) {  // the other moved last
      return absl::InvalidArgumentError(fmt::format(
          "tictactoe state: {} has three in a row but {} marked after it (a "
          "finished game takes no move)",
          MarkName(winner), MarkName(1 - winner)));
    }
  }
  if (absl::Status playable = CheckPlayable(*this, s); !playable.ok()) {
    return absl::InvalidArgumentError(
        fmt::format("tictactoe state: {}", Str(playable.message())));
  }
  return absl::OkStatus();
}

}  // namespace gameai::tictactoe
