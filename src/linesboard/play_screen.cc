// The Lines board in the terminal: moves typed as "b3-k7" (`moves` lists
// them by ball), the lines each move clears and the points they score.
#include <regex>

#include "fmt/format.h"
#include "gameai/base/text.h"
#include "gameai/kernel/kernel_screen.h"
#include "gameai/linesboard/linesboard.h"
#include "gameai/linesboard/register.h"

namespace gameai::linesboard {
namespace {

using linesboard::Rules;
using Position = KernelState<Rules>;

std::string CellText(int bit) {
  return fmt::format("{}{}",
                     static_cast<char>('a' + bit % linesboard::kLaneWidth),
                     bit / linesboard::kLaneWidth + 1);
}

char ColorLetter(int color) { return static_cast<char>('A' + color); }

int Balls(const linesboard::Position& s) {
  return linesboard::PopCount(Rules::Occupied(s));
}

class Screen final : public KernelScreen<Rules> {
 public:
  std::string Intro(const gameai::State& view,
                    const std::vector<std::string>& names) const override {
    const linesboard::Options& o = Kernel(view).rules().options();
    return fmt::format(
        "Lines: a {}x{} board, balls of {} colors (letters A..{}). Move a ball "
        "to any empty\ncell it reaches through empty cells. {} or more of one "
        "color in a row, column or\ndiagonal vanish: their length in points "
        "and another move. Otherwise the {} previewed\nballs land at random. "
        "{} turns in all; {} first ({} vs {}).\n",
        o.rows, o.cols, o.colors, ColorLetter(o.colors - 1), o.min_line,
        o.spawn, o.max_turns, Act(names[0], "move"), names[0], names[1]);
  }

  std::string Board(const gameai::State& view, Player,
                    const std::vector<std::string>& names) const override {
    const Position& k = Kernel(view);
    const linesboard::Position& s = k.position();
    const linesboard::Options& o = k.rules().options();
    std::string out = "\n    ";
    for (int c = 0; c < o.cols; ++c) {
      out += fmt::format(" {}", static_cast<char>('a' + c));
    }
    out += '\n';
    for (int r = 0; r < o.rows; ++r) {
      out += fmt::format("{:>3} ", r + 1);
      for (int c = 0; c < o.cols; ++c) {
        const int color = Rules::ColorAt(s, linesboard::BitIndex(r, c));
        out += ' ';
        out += color < 0 ? '.' : ColorLetter(color);
      }
      out += fmt::format(" {}\n", r + 1);
    }
    std::string preview;
    for (int i = 0; i < s.preview_size; ++i)
      preview += ColorLetter(s.preview[i]);
    out += fmt::format("Score: {} {}, {} {}.  Turn {}/{}.  Next balls: {}\n",
                       names[0], s.score[0], names[1], s.score[1], s.turns + 1,
                       o.max_turns, preview.empty() ? "-" : preview);
    out += "Your move: FROM-TO, e.g. b3-k7 (`moves` lists them)\n";
    return out;
  }

  // Choices: none; moves are typed.
  std::vector<Choice> Choices(const gameai::State&, Player) const override {
    return {};
  }

  absl::StatusOr<Action> Parse(const gameai::State& view, Player seat,
                               std::string_view text) const override {
    const Position& k = Kernel(view);
    const std::string t = Lower(text);
    std::smatch m;
    if (!std::regex_match(
            t, m, std::regex(R"(([a-z])(\d+) *(-|to| ) *([a-z])(\d+))"))) {
      return absl::InvalidArgumentError(fmt::format(
          "'{}' is not a move: type FROM-TO, e.g. b3-k7 (column letter, row "
          "number)",
          Quoted(text)));
    }
    const std::string from = m[1].str() + m[2].str();
    const std::string to = m[4].str() + m[5].str();
    const std::optional<linesboard::Move> move =
        k.rules().ParseMove(k.position(), from + "-" + to);
    if (!move) {
      return absl::InvalidArgumentError(
          fmt::format("{} or {} is off the board", from, to));
    }
    const std::vector<Action> legal = view.LegalActions(seat);
    const Action action = k.rules().ToAction(*move);
    if (std::find(legal.begin(), legal.end(), action) != legal.end()) {
      return action;
    }
    const linesboard::Position& s = k.position();
    if (Rules::ColorAt(s, k.rules().SourceBit(*move)) < 0) {
      return absl::InvalidArgumentError(fmt::format("no ball at {}", from));
    }
    if (Rules::ColorAt(s, k.rules().TargetBit(*move)) >= 0) {
      return absl::InvalidArgumentError(fmt::format("{} is taken", to));
    }
    return absl::InvalidArgumentError(
        fmt::format("no free path from {} to {}", from, to));
  }

  // Moves: the balls that can move, grouped by the cells they reach (balls
  // next to one open region share its cells).
  std::string Moves(const gameai::State& view, Player) const override {
    const Position& k = Kernel(view);
    const linesboard::Position& s = k.position();
    std::vector<std::pair<linesboard::Bits, std::vector<std::string>>> groups;
    int count = 0;
    k.rules().ForEachSource(s, [&](int source, linesboard::Bits targets) {
      count += linesboard::PopCount(targets);
      const std::string ball = fmt::format(
          "{}({})", CellText(source), ColorLetter(Rules::ColorAt(s, source)));
      for (auto& [cells, balls] : groups) {
        if (cells == targets) {
          balls.push_back(ball);
          return;
        }
      }
      groups.push_back({targets, {ball}});
    });
    std::string out = fmt::format("{} moves:\n", count);
    for (const auto& [cells, balls] : groups) {
      std::vector<std::string> names;
      linesboard::ForEachBit(cells,
                             [&](int bit) { names.push_back(CellText(bit)); });
      out += fmt::format("  {}\n    -> {}\n", fmt::join(balls, " "),
                         fmt::join(names, " "));
    }
    return out;
  }

  std::string Happened(const gameai::State& before, const gameai::State& after,
                       const Event& event, Player,
                       const std::vector<std::string>& names) const override {
    if (event.actions.size() != 1) return {};
    const Position& kb = Kernel(before);
    const linesboard::Position& b = kb.position();
    const linesboard::Position& a = Kernel(after).position();
    const linesboard::Move m = kb.rules().ToMove(event.actions[0]);
    if (event.actor == kChancePlayer) {
      if (m < kb.rules().SpawnAction(0) || b.setup_left > 0) return {};
      if (m >= kb.rules().PreviewAction(0)) return {};
      const int removed = Balls(b) + 1 - Balls(a);
      std::string out =
          fmt::format("  new ball {} at {}", ColorLetter(b.preview[0]),
                      CellText(kb.rules().TargetBit(m)));
      if (removed > 0) {
        out += fmt::format(" (a line of {} vanishes, no points)", removed);
      }
      return out + "\n";
    }
    const Player p = event.actor;
    std::string out = fmt::format("{} {}", Act(names[p], "move"),
                                  before.ActionToString(p, event.actions[0]));
    const int points = a.score[p] - b.score[p];
    if (points > 0) {
      out += fmt::format(": clears {} balls, +{} points ({} in all); {} again",
                         Balls(b) - Balls(a), points, a.score[p],
                         names[p] == "You" ? "your move" : "moves");
    }
    if (a.over) out += "; the game is over";
    return out + "\n";
  }

  std::string Explain(std::string_view raw) const override {
    const std::string text(raw);
    std::smatch m;
    if (std::regex_search(text, m,
                          std::regex(R"(starts a chain worth (\d+))"))) {
      return fmt::format("a chain of lines worth {} points", m[1].str());
    }
    if (std::regex_search(text, m, std::regex(R"(leaves (\d+) threats)"))) {
      return fmt::format(
          "nothing scores; a quiet move leaving {} lines to "
          "complete",
          m[1].str());
    }
    if (std::regex_search(text, m, std::regex(R"(scores (\d+) and removes)"))) {
      return m[1] == "0" ? "nothing scores now: a random move"
                         : fmt::format("the most points now: {}", m[1].str());
    }
    return {};
  }

  std::string End(const gameai::State& view,
                  const std::vector<std::string>& names) const override {
    return "\nGame over.\n" + Standings(view.Scores(), names, "points");
  }

  std::vector<Level> Levels() const override {
    return {{"easy", "random"}, {"medium", "greedy"}, {"hard", "lookahead"}};
  }
};

}  // namespace

std::unique_ptr<PlayScreen> MakePlayScreen() {
  return std::make_unique<Screen>();
}

}  // namespace gameai::linesboard
