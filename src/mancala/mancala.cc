#include "gameai/mancala/mancala.h"

#include <bit>
#include <vector>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"
#include "gameai/kernel/kernel.h"
#include "gameai/mancala/internal/sides.h"

namespace gameai::mancala {

absl::StatusOr<Rules> Rules::Create(const Options& options) {
  if (options.pits < 1 || options.pits > kMaxPits) {
    return absl::InvalidArgumentError(
        fmt::format("mancala: pits={} is out of range [1, 8]", options.pits));
  }
  if (options.seeds < 1 || options.seeds > 8) {
    return absl::InvalidArgumentError(
        fmt::format("mancala: seeds={} is out of range [1, 8]", options.seeds));
  }
  if (options.first_player != 0 && options.first_player != 1) {
    return absl::InvalidArgumentError(fmt::format(
        "mancala: first_player={} must be 0 or 1", options.first_player));
  }
  return Rules(options);
}

Rules::Rules(const Options& options)
    : options_(options),
      side_mask_(options.pits == 8 ? ~uint64_t{0}
                                   : (uint64_t{1} << (8 * options.pits)) - 1),
      opposite_{},
      lap_(2 * options.pits + 1),
      sowings_{},
      full_lap_{} {
  const int cycle = 2 * options.pits + 2;
  for (Player mover = 0; mover < 2; ++mover) {
    opposite_[mover].fill(-1);
    for (int i = 0; i < options.pits; ++i) {
      const int pos = PitIndex(mover, i);
      opposite_[mover][pos] = static_cast<int8_t>(2 * options.pits - pos);
    }
  }
  auto add_byte = [](std::array<uint64_t, 3>& words, int index) {
    words[index / 8] += uint64_t{1} << (8 * (index % 8));
  };
  for (Player mover = 0; mover < 2; ++mover) {
    const int skip = StoreIndex(1 - mover);
    for (int i = 0; i < cycle; ++i) {
      if (i != skip) add_byte(full_lap_[mover], i);
    }
    for (int pit = 0; pit < options.pits; ++pit) {
      Sowing sowing{};
      int pos = PitIndex(mover, pit);
      for (int n = 1; n <= lap_; ++n) {
        do {
          if (++pos == cycle) pos = 0;
        } while (pos == skip);
        add_byte(sowing.add, pos);
        sowing.last = pos;
        sowings_[mover][pit][n - 1] = sowing;
      }
    }
  }
}

GameType Rules::Type() const {
  return {.dynamics = GameType::Dynamics::kSequential,
          .chance = GameType::Chance::kDeterministic,
          .information = GameType::Information::kPerfect,
          .zero_sum = true,
          .utility = GameType::Utility::kZeroSum};
}

int Rules::MaxGameLength() const {
  // Phi, the sum over the seeds in pits of their distance to the store of
  // their side (pit i: pits - i), starts at seeds * pits * (pits + 1). A
  // move that puts no seed into a store moves its n seeds along the
  // mover's side and lowers Phi by n * (n + 1) / 2 >= 1. A move that does
  // raises the stores' total (which never falls and stays <= S, the seeds
  // in all), by one per pass of the mover's store, and each pass lays at
  // most one seed in every pit of both sides first, raising Phi by at most
  // pits * (pits + 1). So at most S moves fill stores, they raise Phi by
  // at most S * pits * (pits + 1) in all, and every other move lowers it:
  // a game has at most S + seeds * pits * (pits + 1) + S * pits * (pits +
  // 1) moves (2,232 for 6 pits of 4 seeds).
  const int s = TotalSeeds();
  const int pit_span = options_.pits * (options_.pits + 1);
  return s + options_.seeds * pit_span + s * pit_span;
}

Position Rules::InitialPosition() const {
  Position s{};
  for (Player p = 0; p < 2; ++p) {
    for (int i = 0; i < options_.pits; ++i) {
      s.board[PitIndex(p, i)] = static_cast<uint8_t>(options_.seeds);
    }
  }
  s.to_move = static_cast<uint8_t>(options_.first_player);
  return s;
}

void Rules::LegalMoves(const Position& s, MoveList& moves) const {
  moves.count = 0;
  if (IsOver(s)) return;
  uint64_t non_empty = NonEmptyPitBits(SideWord(s, s.to_move));
  while (non_empty != 0) {
    moves.push_back(static_cast<Move>(std::countr_zero(non_empty) >> 3));
    non_empty &= non_empty - 1;
  }
}

void Rules::Apply(Position& s, Move m) const {
  const int pits = options_.pits;
  const Player mover = s.to_move;
  const int own_store = StoreIndex(mover);
  int seeds = s.board[PitIndex(mover, m)];
  s.board[PitIndex(mover, m)] = 0;
  // Whole laps first (the last, partial lap is in the table).
  int laps = 0;
  if (seeds > lap_) {  // rare: avoid the division on the common path
    laps = (seeds - 1) / lap_;
    seeds -= laps * lap_;
  }
  const Sowing& sowing = SowingFor(mover, m, seeds);
  uint64_t words[3];
  std::memcpy(words, &s, sizeof(words));
  for (int w = 0; w < 3; ++w) {
    words[w] +=
        sowing.add[w] + static_cast<uint64_t>(laps) * full_lap_[mover][w];
  }
  std::memcpy(&s, words, sizeof(words));
  const int pos = sowing.last;
  if (pos != own_store) {
    const int opposite = opposite_[mover][pos];
    if (opposite >= 0 && s.board[pos] == 1) {
      if (s.board[opposite] > 0 || options_.empty_capture) {
        s.board[own_store] =
            static_cast<uint8_t>(s.board[own_store] + s.board[opposite] + 1);
        s.board[opposite] = 0;
        s.board[pos] = 0;
      }
    }
    s.to_move = static_cast<uint8_t>(1 - mover);
  }
  if (SideEmpty(s, 0) | SideEmpty(s, 1)) {
    for (Player p = 0; p < 2; ++p) {
      int rest = 0;
      for (int i = 0; i < pits; ++i) {
        rest += s.board[PitIndex(p, i)];
        s.board[PitIndex(p, i)] = 0;
      }
      s.board[StoreIndex(p)] =
          static_cast<uint8_t>(s.board[StoreIndex(p)] + rest);
    }
  }
}

double Rules::Return(const Position& s, Player p) const {
  if (!IsOver(s)) return 0;
  const int diff = Store(s, p) - Store(s, 1 - p);
  return diff > 0 ? 1.0 : diff < 0 ? -1.0 : 0.0;
}

std::string Rules::ToString(const Position& s) const {
  const int pits = options_.pits;
  std::string top = "Player 1:    ";
  for (int i = pits - 1; i >= 0; --i) {
    top += fmt::format("{:>3}", s.board[PitIndex(1, i)]);
  }
  std::string bottom = "Player 0:    ";
  for (int i = 0; i < pits; ++i) {
    bottom += fmt::format("{:>3}", s.board[PitIndex(0, i)]);
  }
  const std::string stores = fmt::format("Stores:   {:>3}{:>{}}", Store(s, 1),
                                         Store(s, 0), 3 * pits + 4);
  const std::string status =
      IsOver(s) ? fmt::format("Game over: {} - {}", Store(s, 0), Store(s, 1))
                : fmt::format("Player {} to move", s.to_move);
  std::string labels = "Pit:         ";
  for (int i = 0; i < pits; ++i) labels += fmt::format("{:>3}", i + 1);
  return fmt::format("{}\n{}\n{}\n{}\n{}\n", top, stores, bottom, labels,
                     status);
}

std::string Rules::Serialize(const Position& s) const {
  std::string out = std::to_string(s.to_move);
  for (int i = 0; i < 2 * options_.pits + 2; ++i) {
    out += ' ';
    out += std::to_string(s.board[i]);
  }
  return out;
}

absl::StatusOr<Position> Rules::Deserialize(std::string_view text) const {
  const std::vector<std::string_view> fields = SplitWords(text);
  const int expected = 2 * options_.pits + 3;
  if (static_cast<int>(fields.size()) != expected) {
    return absl::InvalidArgumentError(
        fmt::format("mancala state: expected {} numbers (player to move, then "
                    "{} board entries), got {}",
                    expected, 2 * options_.pits + 2, fields.size()));
  }
  Position s{};
  int values[2 * kMaxPits + 3] = {};
  for (int i = 0; i < expected; ++i) {
    const std::optional<int64_t> value = ParseInt(fields[i]);
    if (!value || *value < 0 || *value > TotalSeeds()) {
      return absl::InvalidArgumentError(fmt::format(
          "mancala state: field {} '{}' is not a seed count in [0, {}]", i + 1,
          fields[i], TotalSeeds()));
    }
    values[i] = static_cast<int>(*value);
  }
  if (values[0] > 1) {
    return absl::InvalidArgumentError(fmt::format(
        "mancala state: player to move '{}' must be 0 or 1", fields[0]));
  }
  s.to_move = static_cast<uint8_t>(values[0]);
  for (int i = 1; i < expected; ++i) {
    s.board[i - 1] = static_cast<uint8_t>(values[i]);
  }
  GAMEAI_RETURN_IF_ERROR(Validate(s));
  return s;
}

absl::Status Rules::Validate(const Position& s) const {
  if (s.to_move > 1) {
    return absl::InvalidArgumentError(fmt::format(
        "mancala state: player to move {} must be 0 or 1", s.to_move));
  }
  int total = 0;
  for (int i = 0; i < kBoardSize; ++i) {
    if (i >= 2 * options_.pits + 2 && s.board[i] != 0) {
      return absl::InvalidArgumentError(
          "mancala state: seeds outside the board");
    }
    total += s.board[i];
  }
  for (uint8_t b : s.padding) {
    if (b != 0) {
      return absl::InvalidArgumentError("mancala state: padding is not zero");
    }
  }
  if (total != TotalSeeds()) {
    return absl::InvalidArgumentError(fmt::format(
        "mancala state: the board holds {} seeds; pits={} seeds={} needs {}",
        total, options_.pits, options_.seeds, TotalSeeds()));
  }
  if (SideEmpty(s, 0) != SideEmpty(s, 1)) {
    return absl::InvalidArgumentError(
        "mancala state: one side is empty but the other still holds seeds "
        "(the game would have ended and swept them)");
  }
  if (absl::Status playable = CheckPlayable(*this, s); !playable.ok()) {
    return absl::InvalidArgumentError(
        fmt::format("mancala state: {}", Str(playable.message())));
  }
  return absl::OkStatus();
}

}  // namespace gameai::mancala
