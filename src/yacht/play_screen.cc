// Yacht in the terminal: the dice, every open category with the points it
// would give now (numbered), holds typed as the faces to keep in any order.
#include <regex>

#include "fmt/format.h"
#include "gameai/base/text.h"
#include "gameai/kernel/kernel_screen.h"
#include "gameai/yacht/register.h"
#include "gameai/yacht/yacht.h"

namespace gameai::yacht {
namespace {

using yacht::DiceTables;
using yacht::Rules;
using Position = KernelState<Rules>;

constexpr const char* kLongNames[yacht::kNumCategories] = {
    "aces",       "twos",           "threes",         "fours",
    "fives",      "sixes",          "3 of a kind",    "4 of a kind",
    "full house", "small straight", "large straight", "yacht",
    "chance"};

std::string DiceText(int dice) {
  const DiceTables& t = DiceTables::Get();
  std::vector<int> faces(t.faces(dice).begin(),
                         t.faces(dice).begin() + t.size(dice));
  return faces.empty() ? "-" : fmt::format("{}", fmt::join(faces, " "));
}

// Faces: the dice named in `words` ("6 6 4", "664"), or nullopt.
std::optional<std::array<int, yacht::kFaces>> Faces(
    const std::vector<std::string_view>& words) {
  std::array<int, yacht::kFaces> counts{};
  for (std::string_view word : words) {
    for (char c : word) {
      if (c == ',') continue;
      if (c < '1' || c > '6') return std::nullopt;
      ++counts[c - '1'];
    }
  }
  return counts;
}

class Screen final : public KernelScreen<Rules> {
 public:
  std::string Intro(const gameai::State& view,
                    const std::vector<std::string>& names) const override {
    const Rules& rules = Kernel(view).rules();
    return fmt::format(
        "Yacht: {} rounds. Roll five dice, reroll any of them up to twice, "
        "then write them\ninto one open category (0 if they do not fit). "
        "+35 once the upper six reach 63{}.\nPlayers in turn order: {}.\n",
        yacht::kRounds,
        rules.options().yahtzee_bonus ? "; +100 per extra yacht (joker rule)"
                                      : "",
        fmt::join(names, ", "));
  }

  std::string Board(const gameai::State& view, Player seat,
                    const std::vector<std::string>& names) const override {
    const Position& k = Kernel(view);
    const yacht::Position& s = k.position();
    const yacht::Scorecard& card = s.cards[seat];
    std::string out = fmt::format("\nRound {}/{}, {} turn.  ", s.round + 1,
                                  yacht::kRounds, Possessive(names[seat]));
    std::vector<std::string> totals;
    for (Player p = 0; p < k.rules().NumPlayers(); ++p) {
      totals.push_back(fmt::format("{} {}", names[p], s.cards[p].total));
    }
    out += fmt::format("Totals: {}\n", fmt::join(totals, ", "));
    out += fmt::format("Upper section {}/63 (+35 at 63).  Dice: {}   ",
                       card.upper, DiceText(s.dice));
    out += s.rolls_left > 0 ? fmt::format("rerolls left: {}\n", s.rolls_left)
                            : std::string("no rerolls left\n");
    if (s.rolls_left > 0) {
      out +=
          "Keep dice and roll the rest: hold 6 6 4 (any order), reroll "
          "(all).\n";
    }
    out += "Or write the dice into (points now):\n";
    return out;
  }

  // Choices: every open category the dice may go in, with its points now.
  std::vector<Choice> Choices(const gameai::State& view,
                              Player seat) const override {
    const Position& k = Kernel(view);
    const yacht::Position& s = k.position();
    std::vector<Choice> out;
    for (int c = 0; c < yacht::kNumCategories; ++c) {
      const int points = k.rules().ScoreFor(s.cards[seat], c, s.dice);
      if (points < 0) continue;
      out.push_back({std::to_string(out.size() + 1),
                     yacht::kFirstScoreAction + c,
                     fmt::format("{:<15} {:>3}", kLongNames[c], points)});
    }
    return out;
  }

  absl::StatusOr<Action> Parse(const gameai::State& view, Player seat,
                               std::string_view text) const override {
    const Position& k = Kernel(view);
    const yacht::Position& s = k.position();
    const std::string t = Lower(text);
    std::vector<std::string_view> words = SplitWords(t);
    const std::string verb(words.empty() ? "" : words[0]);
    const std::vector<std::string_view> rest(words.begin() + 1, words.end());
    if (verb == "hold" || verb == "keep" || verb == "reroll" ||
        verb == "roll") {
      return Hold(k, seat, verb == "hold" || verb == "keep", rest);
    }
    // A category: "score full", "full", "full house", "3kind".
    std::string name = t.rfind("score ", 0) == 0 ? t.substr(6) : t;
    for (int c = 0; c < yacht::kNumCategories; ++c) {
      if (name == Lower(yacht::CategoryName(c)) || name == kLongNames[c]) {
        if (k.rules().ScoreFor(s.cards[seat], c, s.dice) < 0) {
          return absl::InvalidArgumentError(
              fmt::format("{} is already written", kLongNames[c]));
        }
        return yacht::kFirstScoreAction + c;
      }
    }
    return absl::InvalidArgumentError(fmt::format(
        "'{}' is not understood: a number from the list, a category "
        "(\"full\"), \"hold 6 6 4\" (the dice to keep, any order) or "
        "\"reroll 1 2\" (the dice to roll again; \"reroll\" alone: all)",
        Quoted(text)));
  }

  std::string Usage(const gameai::State& view, Player) const override {
    const yacht::Position& s = Kernel(view).position();
    return s.rolls_left > 0
               ? "type a number to write a category, \"hold 6 6 4\" to keep "
                 "dice (any order) or \"reroll\" to roll all again"
               : "type a number to write a category (no rerolls left)";
  }

  std::string Moves(const gameai::State& view, Player seat) const override {
    const yacht::Position& s = Kernel(view).position();
    std::string out;
    for (const Choice& c : Choices(view, seat)) {
      out += fmt::format("  {}) {}\n", c.key, c.label);
    }
    if (s.rolls_left > 0) {
      out +=
          "  hold FACES (the dice to keep) or reroll FACES (the dice to "
          "roll again)\n";
    }
    return out;
  }

  std::string Happened(const gameai::State& before, const gameai::State& after,
                       const Event& event, Player viewer,
                       const std::vector<std::string>& names) const override {
    if (event.actions.size() != 1) return {};
    const yacht::Position& b = Kernel(before).position();
    const yacht::Position& a = Kernel(after).position();
    const Action action = event.actions[0];
    const Player p = b.player;
    const std::string& name = names[p];
    if (event.actor == kChancePlayer) {
      // The viewer's own roll shows on the board at the prompt.
      if (p == viewer && a.phase == yacht::kDecide) return {};
      return fmt::format("{}: {}\n", Act(name, "roll"), DiceText(a.dice));
    }
    if (action >= yacht::kFirstScoreAction) {
      const int c = static_cast<int>(action - yacht::kFirstScoreAction);
      const int points = a.cards[p].total - b.cards[p].total;
      return fmt::format("{} {} ({}) for {} point{}: total {}\n",
                         Act(name, "write"), kLongNames[c], DiceText(b.dice),
                         points, points == 1 ? "" : "s", a.cards[p].total);
    }
    const int held = Rules::HeldDice(b.dice, static_cast<int>(action));
    return fmt::format("{} {}, rolling {} dice again\n", Act(name, "keep"),
                       DiceText(held),
                       yacht::kNumDice - DiceTables::Get().size(held));
  }

  // Explain: the category the computer aims for (the seed's marker), or
  // the score it expects.
  std::string Explain(std::string_view raw) const override {
    const std::string text(raw);
    std::smatch m;
    if (std::regex_search(text, m, std::regex(R"(target (\w+) \(([^)]*)\))"))) {
      if (m[1] == "-") return fmt::format("no target yet ({})", m[2].str());
      return fmt::format("aims for {} ({})", CategoryLongName(m[1]),
                         m[2].str());
    }
    if (std::regex_search(text, m, std::regex(R"(\[([^:\]]+): ([0-9.]+)\])"))) {
      return fmt::format("best: {}, expecting about {:.0f} points at the end",
                         m[1].str(), std::stod(m[2]));
    }
    if (std::regex_search(text, m, std::regex(R"(score (\w+) for (\d+))"))) {
      return fmt::format("takes the most points now: {} for {}",
                         CategoryLongName(m[1]), m[2].str());
    }
    return {};
  }

  std::string End(const gameai::State& view,
                  const std::vector<std::string>& names) const override {
    if (names.size() == 1) {
      return fmt::format("\nGame over: {} points.\n", view.Scores()[0]);
    }
    return "\nGame over.\n" + Standings(view.Scores(), names, "points");
  }

  std::vector<Level> Levels() const override {
    return {{"easy", "greedy"}, {"medium", "dice8"}, {"hard", "optimal"}};
  }

 private:
  static std::string CategoryLongName(const std::string& name) {
    for (int c = 0; c < yacht::kNumCategories; ++c) {
      if (yacht::CategoryName(c) == name) return kLongNames[c];
    }
    return name;
  }

  // Hold: `keep` lists the faces kept (else the faces rolled again).
  static absl::StatusOr<Action> Hold(
      const Position& k, Player seat, bool keep,
      const std::vector<std::string_view>& faces) {
    const yacht::Position& s = k.position();
    if (s.rolls_left == 0) {
      return absl::InvalidArgumentError(
          "no rerolls left: write the dice into a category");
    }
    std::optional<std::array<int, yacht::kFaces>> named = Faces(faces);
    if (!named) {
      return absl::InvalidArgumentError(
          "dice are faces 1..6, e.g. \"hold 6 6 4\" or \"hold 664\"");
    }
    const DiceTables& t = DiceTables::Get();
    std::array<int, yacht::kFaces> kept{};
    for (int f = 1; f <= yacht::kFaces; ++f) {
      const int have = t.count(s.dice, f);
      const int n = (*named)[f - 1];
      if (n > have) {
        return absl::InvalidArgumentError(
            fmt::format("you have {} {}{}; dice: {}",
                        have == 0 ? "no" : std::to_string(have), f,
                        have > 1 ? "s" : "", DiceText(s.dice)));
      }
      kept[f - 1] = keep ? n : have - n;
    }
    if (faces.empty()) kept = {};  // "hold" / "reroll" alone: roll all
    const int kept_id = t.IdOf(kept);
    if (t.size(kept_id) == yacht::kNumDice) {
      return absl::InvalidArgumentError(
          "keeping all five dice: write them into a category instead");
    }
    (void)seat;
    return Rules::CanonicalHold(s.dice, kept_id);
  }
};

}  // namespace

std::unique_ptr<PlayScreen> MakePlayScreen() {
  return std::make_unique<Screen>();
}

}  // namespace gameai::yacht
