// Tic-tac-toe in the terminal: the grid with the free cells numbered as
// they are typed (1..9, as on a phone's keypad), who marked what, and the
// line that won.
#include <algorithm>
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fmt/format.h"
#include "gameai/base/text.h"
#include "gameai/kernel/kernel_screen.h"
#include "gameai/tictactoe/register.h"
#include "gameai/tictactoe/tictactoe.h"

namespace gameai::tictactoe {
namespace {

using KState = KernelState<Rules>;

constexpr std::array<const char*, kCells> kCellNames = {
    "top left",    "top",    "top right",     //
    "left",        "centre", "right",         //
    "bottom left", "bottom", "bottom right",  //
};

std::string CellLabel(Action cell) {
  return fmt::format("cell {} ({})", cell + 1, kCellNames[cell]);
}

// Grid: the marks drawn with the grid's lines; in each free cell the
// number that takes it (number_free) or nothing.
std::string Grid(const Position& s, bool number_free) {
  std::string out = "\n";
  for (int row = 0; row < 3; ++row) {
    if (row > 0) out += "    ---+---+---\n";
    std::array<std::string, 3> cells;
    for (int col = 0; col < 3; ++col) {
      const int cell = 3 * row + col;
      cells[col] = (s.marks[0] >> cell & 1)   ? "X"
                   : (s.marks[1] >> cell & 1) ? "O"
                   : number_free              ? std::to_string(cell + 1)
                                              : " ";
    }
    out += fmt::format("     {} | {} | {}\n", cells[0], cells[1], cells[2]);
  }
  return out;
}

class Screen final : public KernelScreen<Rules> {
 public:
  std::string Intro(const gameai::State& view,
                    const std::vector<std::string>& names) const override {
    const Player first = Kernel(view).rules().options().first_player;
    return fmt::format(
        "Tic-tac-toe: mark a free cell of the 3x3 grid in turn; three in a "
        "row (across,\ndown or diagonal) wins, a full grid without one is a "
        "draw.\n{} X, {} O. {} first.\n",
        Act(names[0], "play"), Act(names[1], "play"),
        Act(names[first], "mark"));
  }

  std::string Board(const gameai::State& view, Player,
                    const std::vector<std::string>&) const override {
    return Grid(Kernel(view).position(), /*number_free=*/true);
  }

  std::vector<Choice> Choices(const gameai::State& view,
                              Player seat) const override {
    std::vector<Choice> out;
    for (Action a : view.LegalActions(seat)) {
      out.push_back({std::to_string(a + 1), a, CellLabel(a)});
    }
    return out;
  }

  // Parse: "5", "cell 5" or a cell's name ("centre", "top left").
  absl::StatusOr<Action> Parse(const gameai::State& view, Player seat,
                               std::string_view text) const override {
    std::string t = Lower(text);
    if (t.rfind("cell ", 0) == 0) t = t.substr(5);
    std::optional<Action> cell;
    if (const std::optional<int64_t> number = ParseInt(t);
        number && *number >= 1 && *number <= kCells) {
      cell = *number - 1;
    }
    for (int c = 0; c < kCells && !cell; ++c) {
      if (t == kCellNames[c] || (t == "center" && c == 4)) cell = c;
    }
    const std::vector<Action> legal = view.LegalActions(seat);
    std::vector<std::string> free_cells;
    for (Action a : legal) free_cells.push_back(std::to_string(a + 1));
    if (!cell) {
      return absl::InvalidArgumentError(fmt::format(
          "'{}' is not a cell: type a free cell's number ({}) or its name "
          "(\"centre\", \"top left\", ...)",
          Quoted(text), fmt::join(free_cells, ", ")));
    }
    if (std::find(legal.begin(), legal.end(), *cell) == legal.end()) {
      return absl::InvalidArgumentError(
          fmt::format("cell {} is taken; the free cells: {}", *cell + 1,
                      fmt::join(free_cells, ", ")));
    }
    return *cell;
  }

  std::string Happened(const gameai::State&, const gameai::State& after,
                       const Event& event, Player,
                       const std::vector<std::string>& names) const override {
    if (event.actions.size() != 1 || event.actor < 0) return {};
    const Player mover = event.actor;
    std::string out = fmt::format("{} {} with {}", Act(names[mover], "mark"),
                                  CellLabel(event.actions[0]), MarkName(mover));
    if (Rules::Winner(Kernel(after).position()) == mover) {
      out += ": three in a row";
    }
    return out + "\n";
  }

  std::string End(const gameai::State& view,
                  const std::vector<std::string>& names) const override {
    const Position& s = Kernel(view).position();
    const Player winner = Rules::Winner(s);
    const std::string grid = Grid(s, /*number_free=*/false);
    if (winner == kInvalidPlayer) {
      return "\nGame over.\n" + grid + "A draw: the grid is full.\n";
    }
    return fmt::format("\nGame over.\n{}{} with three {}s in a row.\n", grid,
                       Act(names[winner], "win"), MarkName(winner));
  }

  std::vector<Level> Levels() const override {
    return {{"easy", "random"},
            {"medium", "mcts(simulations=100)"},
            {"hard", "perfect"}};
  }
};

}  // namespace

std::unique_ptr<PlayScreen> MakePlayScreen() {
  return std::make_unique<Screen>();
}

}  // namespace gameai::tictactoe
