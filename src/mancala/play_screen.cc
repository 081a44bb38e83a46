// Kalah in the terminal: both rows numbered from their owner's side, the
// stores labelled, what each sowing did (captures, extra turns).
#include <cmath>
#include <regex>

#include "fmt/format.h"
#include "gameai/base/text.h"
#include "gameai/kernel/kernel_screen.h"
#include "gameai/mancala/mancala.h"
#include "gameai/mancala/register.h"

namespace gameai::mancala {
namespace {

using mancala::Rules;
using Position = KernelState<Rules>;

class Screen final : public KernelScreen<Rules> {
 public:
  std::string Intro(const gameai::State& view,
                    const std::vector<std::string>& names) const override {
    const Rules& rules = Kernel(view).rules();
    const mancala::Options& o = rules.options();
    return fmt::format(
        "Kalah: {} pits a side with {} seeds each, a store at each end.\n"
        "Sow a pit's seeds counter-clockwise; the last seed in your store "
        "gives another turn,\nin an empty pit of yours it captures the "
        "opposite pit{}.\n{} first. {} vs {}.\n",
        o.pits, o.seeds,
        o.empty_capture ? " (even an empty one)" : " (when it holds seeds)",
        Act(names[o.first_player], "move"), names[0], names[1]);
  }

  std::string Board(const gameai::State& view, Player seat,
                    const std::vector<std::string>& names) const override {
    const Position& k = Kernel(view);
    const Rules& rules = k.rules();
    const mancala::Position& s = k.position();
    const Player me = seat >= 0 ? seat : 0;
    const Player other = 1 - me;
    const int pits = rules.pits();
    std::string top_numbers, top, bottom, bottom_numbers;
    for (int i = pits - 1; i >= 0; --i) {
      top_numbers += fmt::format("{:>4}", i + 1);
      top += fmt::format("{:>4}", s.board[rules.PitIndex(other, i)]);
    }
    for (int i = 0; i < pits; ++i) {
      bottom_numbers += fmt::format("{:>4}", i + 1);
      bottom += fmt::format("{:>4}", s.board[rules.PitIndex(me, i)]);
    }
    // The other's row on top, numbered from its owner's side (right to
    // left), with its store on the left; ours below, sowing to the right.
    const std::string margin(18, ' ');
    const std::string other_store = fmt::format(
        "{} store {:>3}", Possessive(names[other]), rules.Store(s, other));
    std::string out = "\n";
    out += fmt::format("{}{}   <- {} pits\n", margin, top_numbers,
                       Possessive(names[other]));
    out += fmt::format("{}({} )\n", margin, top);
    out += fmt::format("{:>17}{}{:<3} {} store\n", other_store,
                       std::string(4 * pits + 4, ' '), rules.Store(s, me),
                       Possessive(names[me]));
    out += fmt::format("{}({} )\n", margin, bottom);
    out += fmt::format("{}{}   <- {} pits\n", margin, bottom_numbers,
                       Possessive(names[me]));
    return out;
  }

  std::vector<Choice> Choices(const gameai::State& view,
                              Player seat) const override {
    const Position& k = Kernel(view);
    std::vector<Choice> out;
    for (Action a : view.LegalActions(seat)) {
      const int seeds =
          k.position().board[k.rules().PitIndex(seat, static_cast<int>(a))];
      out.push_back({std::to_string(a + 1), a,
                     fmt::format("pit {} ({} seed{})", a + 1, seeds,
                                 seeds == 1 ? "" : "s")});
    }
    return out;
  }

  absl::StatusOr<Action> Parse(const gameai::State& view, Player seat,
                               std::string_view text) const override {
    std::string t = Lower(text);
    if (t.rfind("pit ", 0) == 0) t = t.substr(4);
    const int pits = Kernel(view).rules().pits();
    const std::optional<int64_t> pit = ParseInt(t);
    if (!pit || *pit < 1 || *pit > pits) {
      return absl::InvalidArgumentError(fmt::format(
          "'{}' is not a pit: your pits are 1..{}", Quoted(text), pits));
    }
    const std::vector<Action> legal = view.LegalActions(seat);
    if (std::find(legal.begin(), legal.end(), *pit - 1) == legal.end()) {
      return absl::InvalidArgumentError(fmt::format("pit {} is empty", *pit));
    }
    return *pit - 1;
  }

  std::string Happened(const gameai::State& before, const gameai::State& after,
                       const Event& event, Player,
                       const std::vector<std::string>& names) const override {
    if (event.actions.size() != 1 || event.actor < 0) return {};
    const Position& b = Kernel(before);
    const Position& a = Kernel(after);
    const Rules& rules = b.rules();
    const Player mover = event.actor;
    const int pit = static_cast<int>(event.actions[0]);
    const int seeds = b.position().board[rules.PitIndex(mover, pit)];
    const int gain = rules.Store(a.position(), mover) -
                     rules.Store(b.position(), mover);
    // Seeds a sowing drops into its own store: every lap past it.
    const int to_store = rules.pits() - pit;
    const int lap = 2 * rules.pits() + 1;
    const int sown_in = seeds >= to_store ? (seeds - to_store) / lap + 1 : 0;
    std::string out =
        fmt::format("{} pit {} ({} seed{})", Act(names[mover], "sow"), pit + 1,
                    seeds, seeds == 1 ? "" : "s");
    const bool over = after.IsTerminal();
    if (!over && gain > sown_in) {
      out += fmt::format(", capturing {} seeds", gain - sown_in);
    }
    if (!over && after.CurrentPlayer() == mover) {
      out += fmt::format(": last seed in the store, {} again",
                         names[mover] == "You" ? "your turn" : "moves");
    }
    if (over) out += "; a side is empty: the seeds left go to their owner";
    return out + "\n";
  }

  // Explain: the search's verdict in seeds, without its internals.
  std::string Explain(std::string_view raw) const override {
    const std::string text(raw);
    std::smatch m;
    if (std::regex_search(text, m,
                          std::regex(R"((wins|loses) by (\d+) seeds)"))) {
      return fmt::format("sees a forced {} by {} seeds",
                         m[1] == "wins" ? "win" : "loss", m[2].str());
    }
    if (std::regex_search(text, m, std::regex(R"(score (-?[0-9.]+) seeds)"))) {
      const double score = std::stod(m[1]);
      const long seeds = std::lround(std::abs(score));
      if (seeds == 0) return "expects an even game";
      return fmt::format("expects to be about {} seed{} {}", seeds,
                         seeds == 1 ? "" : "s", score > 0 ? "ahead" : "behind");
    }
    if (std::regex_search(text, m,
                          std::regex(R"(pit (\d+) \(value (-?\d+)\))"))) {
      const int value = std::stoi(m[2]);
      // Beyond the seeds a board holds: a store holds more than half.
      if (std::abs(value) > 2 * mancala::kMaxPits * 8) {
        return fmt::format("pit {} {}", m[1].str(),
                           value > 0 ? "makes the win sure (over half the "
                                       "seeds in its store)"
                                     : "and every other pit lose the game");
      }
      return fmt::format("pit {} gains the most now ({:+} store difference)",
                         m[1].str(), value);
    }
    return {};
  }

  std::string End(const gameai::State& view,
                  const std::vector<std::string>& names) const override {
    return "\nGame over.\n" + Standings(view.Scores(), names, "seeds");
  }

  std::vector<Level> Levels() const override {
    return {
        {"easy", "beginner"}, {"medium", "advanced"}, {"hard", "strongest"}};
  }
};

}  // namespace

std::unique_ptr<PlayScreen> MakePlayScreen() {
  return std::make_unique<Screen>();
}

}  // namespace gameai::mancala
