// MiniRisk in the terminal: the prize and the pot, everyone's cards, a
// secret bid, then the reveal: who bid what, who took the pot, what
// carries over.
#include <regex>

#include "fmt/format.h"
#include "gameai/base/text.h"
#include "gameai/kernel/kernel_screen.h"
#include "gameai/minirisk/minirisk.h"
#include "gameai/minirisk/register.h"

namespace gameai::minirisk {
namespace {

using minirisk::Rules;
using Position = KernelState<Rules>;

std::string HandText(uint16_t hand) {
  std::vector<int> cards;
  for (int c = 0; c < minirisk::kCards; ++c) {
    if (hand >> c & 1) cards.push_back(c + 1);
  }
  return cards.empty() ? "-" : fmt::format("{}", fmt::join(cards, " "));
}

class Screen final : public KernelScreen<Rules> {
 public:
  std::string Intro(const gameai::State& view,
                    const std::vector<std::string>& names) const override {
    return fmt::format(
        "MiniRisk: {} players ({}), each with bid cards 1..15.\n{} rounds: a "
        "prize card (-5..-1, 1..10) goes into the pot and everyone bids one "
        "card in secret.\nEqual bids cancel. The highest unique bid takes a "
        "pot of 0 or more, the lowest unique\nbid a negative one; with no "
        "unique bid the pot carries over. Most points wins.\n",
        Kernel(view).rules().NumPlayers(), fmt::join(names, ", "),
        minirisk::kRounds);
  }

  std::string Board(const gameai::State& view, Player seat,
                    const std::vector<std::string>& names) const override {
    const Position& k = Kernel(view);
    const minirisk::Position& s = k.position();
    const int prize = minirisk::PrizeValue(s.prizes[s.round]);
    std::string out = fmt::format(
        "\nRound {}/{}. Prize card {:+}; the pot is {}{}.\n", s.round + 1,
        minirisk::kRounds, prize, s.pot,
        s.pot != prize ? fmt::format(" ({:+} carried over)", s.pot - prize)
                       : "");
    std::vector<std::string> prizes;
    for (int i = 0; i < minirisk::kCards; ++i) {
      if (s.prizes_left >> i & 1) {
        prizes.push_back(fmt::format("{:+}", minirisk::PrizeValue(i)));
      }
    }
    out += fmt::format(
        "Prizes still to come: {}\n",
        prizes.empty() ? "none" : fmt::format("{}", fmt::join(prizes, " ")));
    for (Player p = 0; p < k.rules().NumPlayers(); ++p) {
      out += fmt::format("  {:<14} {:>3} points  cards: {}\n", names[p],
                         s.scores[p], HandText(s.hands[p]));
    }
    out += fmt::format("Your bid: one of your cards ({})\n",
                       HandText(s.hands[seat]));
    return out;
  }

  // Choices: none; moves are typed.
  std::vector<Choice> Choices(const gameai::State&, Player) const override {
    return {};
  }

  absl::StatusOr<Action> Parse(const gameai::State& view, Player seat,
                               std::string_view text) const override {
    const minirisk::Position& s = Kernel(view).position();
    std::string t = Lower(text);
    if (t.rfind("bid ", 0) == 0) t = t.substr(4);
    const std::optional<int64_t> card = ParseInt(t);
    if (!card || *card < 1 || *card > minirisk::kCards ||
        !(s.hands[seat] >> (*card - 1) & 1)) {
      return absl::InvalidArgumentError(
          fmt::format("'{}' is not one of your cards: {}", Quoted(text),
                      HandText(s.hands[seat])));
    }
    return Rules::Bid(static_cast<int>(*card));
  }

  std::string Moves(const gameai::State& view, Player seat) const override {
    return fmt::format("your cards: {}\n",
                       HandText(Kernel(view).position().hands[seat]));
  }

  std::string Happened(const gameai::State& before, const gameai::State& after,
                       const Event& event, Player,
                       const std::vector<std::string>& names) const override {
    const minirisk::Position& b = Kernel(before).position();
    const minirisk::Position& a = Kernel(after).position();
    if (event.actor == kChancePlayer) return {};  // the board shows the prize
    if (event.actor != kSimultaneousPlayer) return {};
    const int round = b.round;
    std::vector<std::string> bids;
    for (Player p = 0; p < static_cast<Player>(names.size()); ++p) {
      bids.push_back(fmt::format("{} {}", names[p], a.bids[round][p]));
    }
    std::string out = fmt::format("Bids: {}.\n", fmt::join(bids, ", "));
    // Equal bids cancel: say whose, card by card.
    for (int card = 1; card <= minirisk::kCards; ++card) {
      std::vector<std::string> equal;
      for (Player p = 0; p < static_cast<Player>(names.size()); ++p) {
        if (a.bids[round][p] == card) equal.push_back(names[p]);
      }
      if (equal.size() > 1) {
        out += fmt::format("  {} cancel out ({} each).\n",
                           fmt::join(equal, " and "), card);
      }
    }
    const int taker = a.taker[round];
    if (taker >= 0) {
      out += fmt::format("{} the pot of {:+}: {} points.\n",
                         Act(names[taker], "take"), b.pot, a.scores[taker]);
    } else if (a.round < minirisk::kRounds) {
      out +=
          fmt::format("No unique bid: the pot of {:+} carries over.\n", b.pot);
    } else {
      out += fmt::format("No unique bid: the last pot ({:+}) is discarded.\n",
                         b.pot);
    }
    return out;
  }

  std::string Explain(std::string_view raw) const override {
    const std::string text(raw);
    std::smatch m;
    if (std::regex_search(
            text, m,
            std::regex(R"((\w+): bid (\d+) \(mean final score (-?[0-9.]+))"))) {
      return fmt::format("bid {}, expecting about {:.0f} points at the end",
                         m[2].str(), std::stod(m[3]));
    }
    if (std::regex_search(
            text, m,
            std::regex(
                R"(rl: pot (-?\d+), predicted bids ([0-9 ]+), reply (\d+))"))) {
      return fmt::format("expected the others to bid {} and replied {}",
                         m[2].str(), m[3].str());
    }
    return {};
  }

  std::string End(const gameai::State& view,
                  const std::vector<std::string>& names) const override {
    return "\nGame over.\n" + Standings(view.Scores(), names, "points");
  }

  std::vector<Level> Levels() const override {
    return {{"easy", "fixed"}, {"medium", "rl"}, {"hard", "planner"}};
  }
};

}  // namespace

std::unique_ptr<PlayScreen> MakePlayScreen() {
  return std::make_unique<Screen>();
}

}  // namespace gameai::minirisk
