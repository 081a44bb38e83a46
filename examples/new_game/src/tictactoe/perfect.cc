#include "gameai/tictactoe/perfect.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <memory>
#include <string>

#include "absl/status/statusor.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/kernel/kernel_adapter.h"

namespace gameai::tictactoe {

namespace {

constexpr int kGrids = 19683;  // 3^9
constexpr int kKeys = 2 * kGrids;
constexpr int8_t kUnsolved = std::numeric_limits<int8_t>::min();
// Values stay within +-(1 + kCells), so they fit the table's bytes.
static_assert(1 + kCells < std::numeric_limits<int8_t>::max());

// Key: the position's index in the table: its cells in base 3 (0 empty,
// 1 X, 2 O; cell 0 the lowest digit), times two, plus the player to move.
// Two positions with the same key are the same position whoever moved
// first, so one table serves both values of first_player.
int Key(const Position& s) {
  int grid = 0;
  for (int cell = kCells - 1; cell >= 0; --cell) {
    const int digit = (s.marks[0] >> cell & 1)   ? 1
                      : (s.marks[1] >> cell & 1) ? 2
                                                 : 0;
    grid = 3 * grid + digit;
  }
  return 2 * grid + s.to_move;
}

// EndValue: the value of a finished game for s.to_move, who did not make
// the last move: a line means the last mover won.
int EndValue(const Position& s) {
  return Rules::Winner(s) == kInvalidPlayer ? 0 : -(1 + Rules::EmptyCells(s));
}

// Negamax: the value of `s` for its player to move, reading and filling
// `table` when given one (nullptr: plain search, nothing kept).
int Negamax(const Rules& rules, const Position& s, int8_t* table) {
  if (table != nullptr && table[Key(s)] != kUnsolved) return table[Key(s)];
  int value;
  if (Rules::IsOver(s)) {
    value = EndValue(s);
  } else {
    value = kNoValue;
    MoveList moves;
    rules.LegalMoves(s, moves);
    for (Move m : moves) {
      Position child = s;
      rules.Apply(child, m);
      value = std::max(value, -Negamax(rules, child, table));
    }
  }
  if (table != nullptr) table[Key(s)] = static_cast<int8_t>(value);
  return value;
}

// Table: every reachable position's value, solved at the first call (a
// function-local static: thread-safe, so arena threads may race to it).
const std::array<int8_t, kKeys>& Table() {
  static const std::array<int8_t, kKeys>* const table = [] {
    auto* t = new std::array<int8_t, kKeys>;
    t->fill(kUnsolved);
    // Apply and the end of the game do not depend on first_player: only
    // the start does, so solving from both starts covers every position.
    for (Player first : {0, 1}) {
      const Rules rules = *Rules::Create({.first_player = first});
      Negamax(rules, rules.InitialPosition(), t->data());
    }
    return t;
  }();
  return *table;
}

// Outlook: what `value` means for the mover with `empty` cells empty
// before its move, in words.
std::string Outlook(int value, int empty) {
  if (value == 0) return "a draw with best play on both sides";
  // The game ends with |value| - 1 cells empty; the moves till then
  // count this one.
  const int moves = empty - (std::abs(value) - 1);
  return fmt::format("{} in {} move{} (both sides' moves, this one included)",
                     value > 0 ? "a forced win" : "a loss against best play",
                     moves, moves == 1 ? "" : "s");
}

class PerfectAgent final : public Agent {
 public:
  std::string Explain() const override {
    if (empty_before_ == 0) return {};  // no move yet
    std::string out = fmt::format(
        "perfect: cell {}: {}; value after each cell:", last_.move + 1,
        Outlook(last_.value, empty_before_));
    for (int cell = 0; cell < kCells; ++cell) {
      if (last_.cell_values[cell] != kNoValue) {
        out += fmt::format(" {}:{}", cell + 1, last_.cell_values[cell]);
      }
    }
    return out;
  }

 protected:
  absl::StatusOr<Action> DoStep(const gameai::State& view) override {
    GAMEAI_ASSIGN_OR_RETURN(const KernelState<Rules>* kernel,
                            KernelViewOf<Rules>(view, seat(), "perfect"));
    const Rules& rules = kernel->rules();
    const Position& s = kernel->position();
    last_ = PerfectMove(rules, s);
    empty_before_ = Rules::EmptyCells(s);
    return rules.ToAction(last_.move);
  }

 private:
  PerfectChoice last_;
  int empty_before_ = 0;
};

}  // namespace

int PerfectValue(const Rules& rules, const Position& s) {
  const int8_t known = Table()[Key(s)];
  if (known != kUnsolved) return known;
  // Not reached from either start (a state Validate refuses): searched
  // afresh, so that the answer is still the position's exact value.
  return Negamax(rules, s, nullptr);
}

PerfectChoice PerfectMove(const Rules& rules, const Position& s) {
  PerfectChoice choice;
  choice.cell_values.fill(kNoValue);
  MoveList moves;
  rules.LegalMoves(s, moves);
  for (Move m : moves) {  // ascending cells
    Position child = s;
    rules.Apply(child, m);
    const int value = -PerfectValue(rules, child);
    choice.cell_values[m] = value;
    if (value > choice.value) {  // strictly greater: ties keep the lower cell
      choice.value = value;
      choice.move = m;
    }
  }
  return choice;
}

AgentEntry PerfectAgentEntry() {
  return {
      .name = "perfect",
      .help =
          "exact minimax over the whole game tree (never loses; the "
          "quickest win, the slowest loss; equal cells: the lowest)",
      .params = {},
      .make = [](const Game&,
                 const Params&) -> absl::StatusOr<std::unique_ptr<Agent>> {
        return std::make_unique<PerfectAgent>();
      },
  };
}

}  // namespace gameai::tictactoe
