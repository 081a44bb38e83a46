// Daifugo in the terminal: your hand, the field, the others' card counts
// (never their cards), numbered melds, what each play did (the field
// cleared, who is out), the places after each deal. Private deals and
// exchanges show only to the players in them.
#include <bit>
#include <regex>

#include "fmt/format.h"
#include "gameai/base/text.h"
#include "gameai/daifugo/daifugo.h"
#include "gameai/daifugo/register.h"
#include "gameai/kernel/kernel_screen.h"

namespace gameai::daifugo {
namespace {

using daifugo::Cards;
using daifugo::Phase;
using daifugo::Rules;
using Position = KernelState<Rules>;

std::string PlaceName(int place, int players) {
  static constexpr const char* kOrdinals[] = {"1st", "2nd", "3rd", "4th",
                                              "5th", "6th", "7th"};
  const char* title = place == 1                             ? " 大富豪"
                      : place == players                     ? " 大貧民"
                      : place == 2 && players >= 4           ? " 富豪"
                      : place == players - 1 && players >= 4 ? " 貧民"
                                                             : "";
  return fmt::format("{}{}", kOrdinals[place - 1], title);
}

std::string CardsOrNone(Cards cards) {
  return cards == 0 ? "-" : daifugo::CardsText(cards);
}

bool IsYou(const std::string& name) { return name == "You"; }

class Screen final : public KernelScreen<Rules> {
 public:
  std::string Intro(const gameai::State& view,
                    const std::vector<std::string>& names) const override {
    const daifugo::Options& o = Kernel(view).rules().options();
    auto on = [](bool b) { return b ? "on" : "off"; };
    return fmt::format(
        "Daifugo (大富豪), UECda rules: a match of {} deal{}, {} players "
        "({}).\n"
        "Lead any single, group or sequence; beat the field with the same "
        "kind, higher, or pass.\nThe first out is 大富豪, the last 大貧民; "
        "before the next deal they exchange cards.\n8-cut {}, revolution {}, "
        "suit lock {}. Whoever holds the 3 of diamonds leads first.\n",
        o.games, o.games == 1 ? "" : "s", o.players, fmt::join(names, ", "),
        on(o.eight_cut), on(o.revolution), on(o.lock));
  }

  std::string Board(const gameai::State& view, Player seat,
                    const std::vector<std::string>& names) const override {
    const Position& k = Kernel(view);
    const Rules& rules = k.rules();
    const daifugo::Position& s = k.position();
    const daifugo::Deal& d = s.deal;
    std::string out = fmt::format("\nDeal {} of {}.", s.games_done + 1,
                                  rules.options().games);
    if (s.phase == Phase::kGiveBack) {
      const int partner = rules.Partner(s, seat);
      out += fmt::format(" Give {} card{} back to {} (you got {}).\n",
                         s.give_left, s.give_left == 1 ? "" : "s",
                         names[partner], CardsOrNone(s.received[seat]));
    } else {
      out += " Field: " +
             (d.field.IsPass()
                  ? std::string("empty (you lead)")
                  : fmt::format("{} by {}", daifugo::MeldText(d.field),
                                names[d.field_owner]));
      if (d.revolution) out += "  REVOLUTION (order reversed)";
      if (d.lock) {
        std::string suits;
        for (int suit = 0; suit < daifugo::kSuits; ++suit) {
          if (d.lock >> suit & 1) suits += "SHDC"[suit];
        }
        out += "  locked to " + suits;
      }
      out += '\n';
    }
    for (int i = 0; i < rules.NumPlayers(); ++i) {
      const int p = s.table[i];
      if (p == seat) continue;
      const int count = Rules::CardCount(s, p);
      out += fmt::format("  {:<14} {:>2} card{}", names[p], count,
                         count == 1 ? "" : "s");
      if (d.place[p] != 0) {
        out += "  out " + PlaceName(d.place[p], rules.NumPlayers());
      } else if (d.passed >> p & 1) {
        out += "  passed";
      }
      out += '\n';
    }
    out += fmt::format("Your hand ({}): {}\n", Rules::CardCount(s, seat),
                       CardsOrNone(d.hands[seat]));
    return out;
  }

  // Parse: a move's text, or its cards in any order and case ("c7 d7").
  absl::StatusOr<Action> Parse(const gameai::State& view, Player seat,
                               std::string_view text) const override {
    std::string upper(Trim(text));
    for (char& c : upper) c = static_cast<char>(std::toupper(c));
    if (upper.rfind("GIVE ", 0) == 0) upper = upper.substr(5);
    Cards cards = 0;
    std::vector<Action> matches;
    const std::vector<Action> legal = view.LegalActions(seat);
    for (Action a : legal) {
      if (Lower(view.ActionToString(seat, a)) == Lower(text)) return a;
    }
    if (Lower(text) == "pass" || Lower(text) == "p") {
      constexpr Action kPass = 0;
      if (std::find(legal.begin(), legal.end(), kPass) != legal.end()) {
        return kPass;
      }
      return absl::InvalidArgumentError(
          "passing is not allowed now (you lead, or give cards back)");
    }
    if (daifugo::ParseCards(upper, cards)) {
      for (Action a : legal) {
        if (MoveCards(a) == cards) matches.push_back(a);
      }
      if (matches.size() == 1) return matches[0];
      if (matches.size() > 1) {
        return absl::InvalidArgumentError(
            "the joker can stand for more than one card here: choose by "
            "number");
      }
      return absl::InvalidArgumentError(
          fmt::format("{} cannot be played now", upper));
    }
    return absl::InvalidArgumentError(fmt::format(
        "'{}' is not understood: a number from the list, \"pass\", or the "
        "cards (e.g. \"d7 c7\")",
        Quoted(text)));
  }

  std::string Happened(const gameai::State& before, const gameai::State& after,
                       const Event& event, Player viewer,
                       const std::vector<std::string>& names) const override {
    const Rules& rules = Kernel(before).rules();
    const daifugo::Position& b = Kernel(before).position();
    const daifugo::Position& a = Kernel(after).position();
    const int n = rules.NumPlayers();
    std::string out;
    if (event.actor == kChancePlayer) {
      if (b.phase == Phase::kSeating && a.phase != Phase::kSeating) {
        std::vector<std::string> order;
        for (int i = 0; i < n; ++i) order.push_back(names[a.table[i]]);
        out +=
            fmt::format("Seating, in turn order: {}\n", fmt::join(order, ", "));
      }
      if (b.phase == Phase::kDealing && a.phase != Phase::kDealing &&
          viewer >= 0) {
        out += DealtText(b, a, event, viewer, names, rules);
      }
      return out;
    }
    if (event.actor < 0) return out;
    const Player p = event.actor;
    if (b.phase == Phase::kGiveBack) {
      const int partner = rules.Partner(b, p);
      if (event.actions.empty()) {
        out += fmt::format("{} a card back to {}\n", Act(names[p], "give"),
                           Object(names[partner]));
      } else {
        out += fmt::format("{} {} back to {}\n", Act(names[p], "give"),
                           daifugo::CardName(static_cast<int>(
                               event.actions[0] - daifugo::kGiveAction)),
                           Object(names[partner]));
      }
      if (a.phase == Phase::kPlay) out += PlayStartText(a, viewer, names);
      return out;
    }
    if (event.actions.size() != 1) return out;
    const std::string move = before.ActionToString(p, event.actions[0]);
    out += move == "pass" ? fmt::format("{}\n", Act(names[p], "pass"))
                          : fmt::format("{} {}\n", Act(names[p], "play"), move);
    if (a.games_done > b.games_done) {
      return out + DealOverText(b, a, names, rules);
    }
    if (a.deal.place[p] != 0 && b.deal.place[p] == 0) {
      out += fmt::format("  {} out: {}\n",
                         IsYou(names[p]) ? "You are" : names[p] + " is",
                         PlaceName(a.deal.place[p], n));
    }
    if (a.deal.revolution != b.deal.revolution) {
      out += "  Revolution! The order of strength is reversed.\n";
    }
    if (a.deal.field.IsPass()) {
      out +=
          fmt::format("  The field clears: {} lead{}.\n", names[a.deal.to_move],
                      IsYou(names[a.deal.to_move]) ? "" : "s");
    }
    return out;
  }

  // Bots' reasons would name the cards they hold.
  bool ShowsBotReasons() const override { return false; }

  // Explain: for the person's own hints (their view, their cards).
  std::string Explain(std::string_view raw) const override {
    const std::string text(raw);
    std::smatch m;
    if (std::regex_search(
            text, m, std::regex(R"(expects ([-+][0-9.]+) place points)"))) {
      return fmt::format("expects {} place points against the table's mean",
                         m[1].str());
    }
    return {};
  }

  std::string End(const gameai::State& view,
                  const std::vector<std::string>& names) const override {
    const Position& k = Kernel(view);
    const daifugo::Position& s = k.position();
    const int n = k.rules().NumPlayers();
    std::string out = fmt::format(
        "\nThe match is over ({} deals). Mean place points per deal ({} for "
        "1st .. 1 for last):\n",
        s.games_done, n);
    out += Standings(view.Scores(), names, "points a deal");
    out += "Places per player:\n";
    for (int p = 0; p < n; ++p) {
      std::vector<std::string> places;
      for (int place = 1; place <= n; ++place) {
        places.push_back(fmt::format("{}x{}", s.place_count[p][place - 1],
                                     PlaceName(place, n).substr(0, 3)));
      }
      out += fmt::format("  {:<14} {}\n", names[p], fmt::join(places, " "));
    }
    return out;
  }

  std::vector<Level> Levels() const override {
    return {
        {"easy", "random"}, {"medium", "heuristic"}, {"hard", "montecarlo"}};
  }

 private:
  // MoveCards: the cards a meld plays (the joker as the joker) or a
  // give-back gives.
  static Cards MoveCards(Action a) {
    if (a < daifugo::kMeldActions) {
      return daifugo::MeldIndex::Get().MeldOf(static_cast<int>(a)).cards;
    }
    return Cards{1} << (a - daifugo::kGiveAction);
  }

  // DealtText: the viewer's new hand, and the forced exchange it was in.
  static std::string DealtText(const daifugo::Position& b, const daifugo::Position& a,
                               const Event& event, Player viewer,
                               const std::vector<std::string>& names,
                               const Rules& rules) {
    Cards dealt = b.deal.hands[viewer];
    if (!event.actions.empty()) {
      dealt |= Cards{1} << (event.actions[0] - daifugo::kDealAction);
    }
    std::string out = fmt::format("Deal {}: you are dealt {}\n",
                                  b.games_done + 1, CardsOrNone(dealt));
    const int partner = rules.Partner(a, viewer);
    if (partner >= 0) {
      const Cards gave = dealt & ~a.deal.hands[viewer];
      if (gave != 0) {
        out += fmt::format("  You hand your strongest, {}, to {}\n",
                           daifugo::CardsText(gave), names[partner]);
      }
      if (a.received[viewer] != 0) {
        out +=
            fmt::format("  You get {} from {}\n",
                        daifugo::CardsText(a.received[viewer]), names[partner]);
      }
    }
    // Without an exchange the hand is the one just dealt.
    if (a.phase == Phase::kPlay) out += LeadText(a, names);
    return out;
  }

  static std::string LeadText(const daifugo::Position& a,
                              const std::vector<std::string>& names) {
    return fmt::format("{} lead{}.\n", names[a.deal.to_move],
                       IsYou(names[a.deal.to_move]) ? "" : "s");
  }

  // PlayStartText: the hand after the exchange, and who leads.
  static std::string PlayStartText(const daifugo::Position& a, Player viewer,
                                   const std::vector<std::string>& names) {
    std::string out;
    if (viewer >= 0) {
      out += fmt::format("Your hand: {}\n", CardsOrNone(a.deal.hands[viewer]));
    }
    return out + LeadText(a, names);
  }

  static std::string DealOverText(const daifugo::Position& b,
                                  const daifugo::Position& a,
                                  const std::vector<std::string>& names,
                                  const Rules& rules) {
    const int n = rules.NumPlayers();
    std::vector<std::string> places(n);
    for (int p = 0; p < n; ++p) {
      places[a.last_place[p] - 1] =
          fmt::format("{} {}", PlaceName(a.last_place[p], n), names[p]);
    }
    std::string out = fmt::format("Deal {} is over: {}.\n", b.games_done + 1,
                                  fmt::join(places, ", "));
    std::vector<std::string> points;
    for (int p = 0; p < n; ++p) {
      points.push_back(fmt::format("{} {}", names[p], a.points[p]));
    }
    return out +
           fmt::format("Place points so far: {}\n", fmt::join(points, ", "));
  }
};

}  // namespace

std::unique_ptr<PlayScreen> MakePlayScreen() {
  return std::make_unique<Screen>();
}

}  // namespace gameai::daifugo
