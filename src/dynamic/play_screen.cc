// The PlayScreen defaults, the generic screen and the helpers the game
// screens share.
#include "gameai/dynamic/play_screen.h"

#include <algorithm>
#include <cctype>
#include <numeric>

#include "fmt/format.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/registry.h"

namespace gameai {

std::string Quoted(std::string_view text) {
  constexpr size_t kMaxBytes = 60;
  std::string shown = Printable(Trim(text));
  if (shown.size() <= kMaxBytes) return shown;
  size_t keep = kMaxBytes;  // back to a character's first byte
  while ((static_cast<unsigned char>(shown[keep]) & 0xC0) == 0x80) --keep;
  shown.resize(keep);
  return shown + "...";
}

std::string Lower(std::string_view text) {
  std::string out;
  for (std::string_view word : SplitWords(text)) {
    if (!out.empty()) out += ' ';
    for (char c : word) {
      out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
  }
  return out;
}

std::string Act(const std::string& name, std::string_view verb) {
  if (name == "You") return fmt::format("You {}", verb);
  return fmt::format("{} {}{}", name, verb, verb.back() == 's' ? "es" : "s");
}

std::string Object(const std::string& name) {
  return name == "You" ? "you" : name;
}

std::string Possessive(const std::string& name) {
  return name == "You" ? "your" : name + "'s";
}

std::string Standings(const std::vector<double>& scores,
                      const std::vector<std::string>& names,
                      std::string_view unit) {
  std::vector<size_t> order(scores.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return scores[a] > scores[b]; });
  std::string out;
  for (size_t i = 0; i < order.size(); ++i) {
    // Equal scores share the place of the first of them.
    size_t place = i;
    while (place > 0 && scores[order[place - 1]] == scores[order[i]]) --place;
    out += fmt::format("  {}. {:<14} {:g} {}\n", place + 1, names[order[i]],
                       scores[order[i]], unit);
  }
  if (order.size() >= 2) {
    const double margin = scores[order[0]] - scores[order[1]];
    out += margin == 0 ? fmt::format("A draw at the top ({:g} {}).\n",
                                     scores[order[0]], unit)
                       : fmt::format("{} {} by {:g} {}.\n", names[order[0]],
                                     names[order[0]] == "You" ? "win" : "wins",
                                     margin, unit);
  }
  return out;
}

std::vector<Choice> PlayScreen::Choices(const State& view, Player seat) const {
  std::vector<Choice> out;
  for (Action a : view.LegalActions(seat)) {
    out.push_back(
        {std::to_string(out.size() + 1), a, view.ActionToString(seat, a)});
  }
  return out;
}

absl::StatusOr<Action> PlayScreen::Parse(const State& view, Player seat,
                                         std::string_view text) const {
  const std::string wanted = Lower(text);
  for (Action a : view.LegalActions(seat)) {
    if (Lower(view.ActionToString(seat, a)) == wanted) return a;
  }
  return view.StringToAction(seat, Trim(text));
}

std::string PlayScreen::Usage(const State& view, Player seat) const {
  std::vector<std::string> keys;
  for (const Choice& c : Choices(view, seat)) keys.push_back(c.key);
  if (keys.empty()) return "type your move (`moves` lists them)";
  return fmt::format("type one of {} (or the move itself)",
                     fmt::join(keys, ", "));
}

std::string PlayScreen::Moves(const State& view, Player seat) const {
  std::vector<std::string> names;
  for (Action a : view.LegalActions(seat)) {
    names.push_back(view.ActionToString(seat, a));
  }
  return fmt::format("{} moves: {}\n", names.size(), fmt::join(names, ", "));
}

std::string PlayScreen::Explain(std::string_view raw) const {
  return std::string(raw);
}

namespace {

// GenericScreen: a game without a screen of its own: the kernel's text.
class GenericScreen final : public PlayScreen {
 public:
  std::string Intro(const State& view,
                    const std::vector<std::string>&) const override {
    return view.GetGame().Spec() + "\n";
  }
  std::string Board(const State& view, Player seat,
                    const std::vector<std::string>&) const override {
    return view.ObservationString(seat) + "\n";
  }
  std::string Happened(const State& before, const State&, const Event& event,
                       Player viewer,
                       const std::vector<std::string>& names) const override {
    if (event.actions.size() != 1) return {};
    const std::string who =
        event.actor >= 0 ? names[event.actor] : std::string("chance");
    return fmt::format("{}: {}\n", who,
                       before.ActionToString(viewer, event.actions[0]));
  }
  std::string End(const State& view,
                  const std::vector<std::string>& names) const override {
    return "Game over.\n" + Standings(view.Scores(), names, "points");
  }
  std::vector<Level> Levels() const override { return {{"hard", "mcts"}}; }
};

}  // namespace

std::unique_ptr<PlayScreen> ScreenFor(const Game& game) {
  if (absl::StatusOr<const GameEntry*> entry = FindGame(game.Name());
      entry.ok() && (*entry)->play_screen) {
    return (*entry)->play_screen();
  }
  return std::make_unique<GenericScreen>();
}

}  // namespace gameai
