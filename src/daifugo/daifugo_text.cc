// The daifugo kernel's text: the board for people, the observation of one
// player, moves, and the serialized state with its validation.
#include <algorithm>
#include <bit>
#include <map>

#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"
#include "gameai/daifugo/daifugo.h"

namespace gameai::daifugo {
namespace {

constexpr const char* kPlaceNames[kMaxPlayers] = {"1st", "2nd", "3rd", "4th",
                                                  "5th", "6th", "7th"};

constexpr const char* kPhaseNames[] = {"seating",   "first_seat", "dealing",
                                       "give_back", "play",       "over"};

std::string HandText(Cards cards) {
  return cards == 0 ? "-" : CardsText(cards);
}

// Dotted: cards as "S3.HT.JK" ("-" for none), one word for Serialize.
std::string Dotted(Cards cards) {
  std::string out = HandText(cards);
  for (char& c : out) {
    if (c == ' ') c = '.';
  }
  return out;
}

template <class T>
std::string Joined(const T& values, int n) {
  std::vector<int> out(values.begin(), values.begin() + n);
  return fmt::format("{}", fmt::join(out, ","));
}

}  // namespace

std::string Rules::MoveToString(const Position&, Move m) const {
  if (m < kMeldActions) return MeldText(MeldIndex::Get().MeldOf(m));
  if (m < kDealAction) return "give " + CardName(m - kGiveAction);
  if (m < kSeatAction) return "deal " + CardName(m - kDealAction);
  if (m < kFirstAction) return fmt::format("seat P{}", m - kSeatAction);
  return fmt::format("first P{}", m - kFirstAction);
}

std::optional<Move> Rules::ParseMove(const Position& s,
                                     std::string_view text) const {
  const std::string t(Trim(text));
  auto card_after = [&](size_t prefix) -> std::optional<int> {
    Cards cards = 0;
    if (!ParseCards(t.substr(prefix), cards) || std::popcount(cards) != 1) {
      return std::nullopt;
    }
    return std::countr_zero(cards);
  };
  auto player_after = [&](size_t prefix) -> std::optional<int> {
    if (t.size() <= prefix || t[prefix] != 'P') return std::nullopt;
    const std::optional<int64_t> p = ParseInt(t.substr(prefix + 1));
    if (!p || *p < 0 || *p >= options_.players) return std::nullopt;
    return static_cast<int>(*p);
  };
  if (t.rfind("give ", 0) == 0) {
    if (auto c = card_after(5)) return static_cast<Move>(kGiveAction + *c);
    return std::nullopt;
  }
  if (t.rfind("deal ", 0) == 0) {
    if (auto c = card_after(5)) return static_cast<Move>(kDealAction + *c);
    return std::nullopt;
  }
  if (t.rfind("seat ", 0) == 0) {
    if (auto p = player_after(5)) return static_cast<Move>(kSeatAction + *p);
    return std::nullopt;
  }
  if (t.rfind("first ", 0) == 0) {
    if (auto p = player_after(6)) return static_cast<Move>(kFirstAction + *p);
    return std::nullopt;
  }
  // A meld: its text names the joker's role, so match the legal melds'.
  MoveList moves;
  LegalMoves(s, moves);
  for (Move m : moves) {
    if (MoveToString(s, m) == t) return m;
  }
  return std::nullopt;
}

std::string Rules::ToString(const Position& s) const {
  const Deal& d = s.deal;
  std::string out =
      s.phase == Phase::kOver
          ? fmt::format("match of {} games over", options_.games)
          : fmt::format("game {} of {}, {}", s.games_done + 1, options_.games,
                        kPhaseNames[static_cast<int>(s.phase)]);
  if (d.revolution) out += ", revolution";
  if (d.lock) {
    std::string suits;
    for (int suit = 0; suit < kSuits; ++suit) {
      if (d.lock >> suit & 1) suits += "SHDC"[suit];
    }
    out += ", locked to " + suits;
  }
  out += "\nfield: " +
         (d.field.IsPass()
              ? std::string("empty")
              : fmt::format("{} (P{})", MeldText(d.field), d.field_owner));
  for (int i = 0; i < options_.players; ++i) {
    const int p = s.phase == Phase::kSeating && i >= s.seated ? -1 : s.table[i];
    if (p < 0) continue;
    out += fmt::format("\nP{}: {:2} cards ", p, CardCount(s, p));
    out += (s.hidden >> p & 1) ? "(hidden)" : HandText(d.hands[p]);
    if (s.phase == Phase::kPlay && p == d.to_move) out += "  <- to move";
    if (d.passed >> p & 1) out += "  passed";
    if (d.place[p] != 0)
      out += fmt::format("  out {}", kPlaceNames[d.place[p] - 1]);
    if (s.received[p]) out += "  got " + CardsText(s.received[p]);
    if (s.exchange_due) {
      out += fmt::format("  last {}", kPlaceNames[s.last_place[p] - 1]);
    }
    out += fmt::format("  points {}", s.points[p]);
  }
  if (d.played) out += "\nplayed: " + CardsText(d.played);
  return out;
}

std::string Rules::ObservationString(const Position& s, Player p) const {
  // Anyone but a seated player sees the public part only.
  if (p < 0 || p >= options_.players) {
    return fmt::format("public:\n{}", ToString(Redact(s, kInvalidPlayer)));
  }
  return fmt::format("P{} sees:\n{}", p, ToString(Redact(s, p)));
}

std::string Rules::Serialize(const Position& s) const {
  const int n = options_.players;
  const Deal& d = s.deal;
  std::vector<std::string> hands, received, places;
  for (int p = 0; p < n; ++p) {
    hands.push_back(Dotted(d.hands[p]));
    received.push_back(Dotted(s.received[p]));
    places.push_back(Joined(s.place_count[p], n));
  }
  return fmt::format(
      "phase={} games_done={} exchange={} seated={} dealing_to={} giver={} "
      "give_left={} hidden={} table={} last_place={} points={} "
      "place_counts={} hands={} received={} count={} field={} owner={} "
      "to_move={} passed={} finished={} lock={} revolution={} over={} "
      "place={} next={} played={}",
      kPhaseNames[static_cast<int>(s.phase)], s.games_done, int{s.exchange_due},
      s.seated, s.dealing_to, s.giver, s.give_left, s.hidden,
      Joined(s.table, n), Joined(s.last_place, n), Joined(s.points, n),
      fmt::join(places, "/"), fmt::join(hands, ","), fmt::join(received, ","),
      Joined(s.count, n), MeldIndex::Get().IdOf(d.field), d.field_owner,
      d.to_move, d.passed, d.finished, d.lock, int{d.revolution}, int{d.over},
      Joined(d.place, n), Joined(d.next, n), Dotted(d.played));
}

absl::StatusOr<Position> Rules::Deserialize(std::string_view text) const {
  GAMEAI_ASSIGN_OR_RETURN(Position s, Parse(text));
  GAMEAI_RETURN_IF_ERROR(Validate(s));
  return s;
}

absl::StatusOr<Position> Rules::Parse(std::string_view text) const {
  const int n = options_.players;
  auto error = [](std::string_view what) {
    return absl::InvalidArgumentError(fmt::format(
        "daifugo: {}; expected the key=value words Serialize writes "
        "(phase=... games_done=... ... played=...)",
        what));
  };
  std::map<std::string, std::string, std::less<>> fields;
  for (std::string_view word : SplitWords(text)) {
    const size_t eq = word.find('=');
    if (eq == std::string_view::npos) {
      return error(fmt::format("'{}' is not key=value", word));
    }
    if (!fields.emplace(word.substr(0, eq), word.substr(eq + 1)).second) {
      return error(fmt::format("'{}=' is repeated", word.substr(0, eq)));
    }
  }
  absl::Status status = absl::OkStatus();
  static const std::string kNone;
  // value: the text of `key` (a reference into `fields`, so that views of
  // it stay valid).
  size_t used = 0;  // keys read: the rest are unknown
  auto value = [&](const char* key) -> const std::string& {
    auto it = fields.find(key);
    if (it == fields.end()) {
      if (status.ok()) status = error(fmt::format("'{}=' is missing", key));
      return kNone;
    }
    ++used;
    return it->second;
  };
  auto ints = [&](const char* key, int count, int lo, int hi) {
    std::vector<int> out;
    const std::vector<std::string_view> parts = Split(value(key), ',');
    if (!status.ok()) return std::vector<int>(count, 0);
    if (static_cast<int>(parts.size()) != count) {
      status = error(fmt::format("{}= needs {} numbers", key, count));
      return std::vector<int>(count, 0);
    }
    for (std::string_view part : parts) {
      const std::optional<int64_t> x = ParseInt(part);
      if (!x || *x < lo || *x > hi) {
        if (status.ok()) {
          status = error(
              fmt::format("{}: '{}' is not in {}..{}", key, part, lo, hi));
        }
        out.push_back(0);
      } else {
        out.push_back(static_cast<int>(*x));
      }
    }
    return out;
  };
  auto one = [&](const char* key, int lo, int hi) {
    return ints(key, 1, lo, hi)[0];
  };
  auto cards_of = [&](std::string_view word, const char* key) -> Cards {
    Cards cards = 0;
    std::string spaced(word);
    for (char& c : spaced) {
      if (c == '.') c = ' ';
    }
    if (word != "-" && !ParseCards(spaced, cards) && status.ok()) {
      status = error(fmt::format("{}: '{}' is not a list of cards", key, word));
    }
    return cards;
  };
  auto card_lists = [&](const char* key) {
    std::vector<Cards> out(n, 0);
    const std::vector<std::string_view> parts = Split(value(key), ',');
    if (!status.ok()) return out;
    if (static_cast<int>(parts.size()) != n) {
      status = error(fmt::format("{}= needs {} hands", key, n));
      return out;
    }
    for (int p = 0; p < n; ++p) out[p] = cards_of(parts[p], key);
    return out;
  };

  Position s;
  const std::string& phase = value("phase");
  int phase_index = -1;
  for (int i = 0; i < 6; ++i) {
    if (phase == kPhaseNames[i]) phase_index = i;
  }
  if (status.ok() && phase_index < 0) {
    return error(
        fmt::format("phase '{}' is not one of seating, first_seat, "
                    "dealing, give_back, play, over",
                    phase));
  }
  s.phase = static_cast<Phase>(phase_index);
  s.games_done = static_cast<uint16_t>(one("games_done", 0, options_.games));
  s.exchange_due = one("exchange", 0, 1) == 1;
  s.seated = static_cast<uint8_t>(one("seated", 0, n));
  s.dealing_to = static_cast<uint8_t>(one("dealing_to", 0, n - 1));
  s.giver = static_cast<uint8_t>(one("giver", 0, n - 1));
  s.give_left = static_cast<uint8_t>(one("give_left", 0, 2));
  s.hidden = static_cast<uint8_t>(one("hidden", 0, (1 << n) - 1));
  const std::vector<int> table = ints("table", n, 0, n - 1);
  const std::vector<int> last = ints("last_place", n, 0, n);
  const std::vector<int> points = ints("points", n, 0, n * options_.games);
  const std::vector<int> count = ints("count", n, 0, 53);
  const std::vector<Cards> hands = card_lists("hands");
  const std::vector<Cards> received = card_lists("received");
  const std::vector<std::string_view> place_rows =
      Split(value("place_counts"), '/');
  const int field_id = one("field", 0, kMeldActions - 1);
  Deal& d = s.deal;
  d.field_owner = static_cast<uint8_t>(one("owner", 0, n - 1));
  d.to_move = static_cast<uint8_t>(one("to_move", 0, n - 1));
  d.passed = static_cast<uint8_t>(one("passed", 0, (1 << n) - 1));
  d.finished = static_cast<uint8_t>(one("finished", 0, n));
  d.lock = static_cast<uint8_t>(one("lock", 0, 15));
  d.revolution = one("revolution", 0, 1) == 1;
  d.over = one("over", 0, 1) == 1;
  const std::vector<int> place = ints("place", n, 0, n);
  const std::vector<int> next = ints("next", n, 0, n - 1);
  d.played = cards_of(value("played"), "played");
  if (!status.ok()) return status;
  if (used != fields.size()) return error("an unknown key");
  if (static_cast<int>(place_rows.size()) != n) {
    return error(fmt::format("place_counts= needs {} rows joined by /", n));
  }
  for (int p = 0; p < n; ++p) {
    const std::vector<std::string_view> row = Split(place_rows[p], ',');
    if (static_cast<int>(row.size()) != n) {
      return error(fmt::format("place_counts row {} needs {} numbers", p, n));
    }
    int sum = 0;
    for (int k = 0; k < n; ++k) {
      const std::optional<int64_t> x = ParseInt(row[k]);
      if (!x || *x < 0 || *x > s.games_done) {
        return error(fmt::format("place_counts: '{}' is not in 0..{}", row[k],
                                 s.games_done));
      }
      s.place_count[p][k] = static_cast<uint16_t>(*x);
      sum += static_cast<int>(*x);
    }
    if (sum != s.games_done) {
      return error(fmt::format("player {} has {} places for {} games", p, sum,
                               s.games_done));
    }
    s.table[p] = static_cast<uint8_t>(table[p]);
    s.last_place[p] = static_cast<uint8_t>(last[p]);
    s.points[p] = static_cast<uint32_t>(points[p]);
    s.count[p] = static_cast<uint8_t>(count[p]);
    d.hands[p] = hands[p];
    s.received[p] = received[p];
    d.place[p] = static_cast<uint8_t>(place[p]);
    d.next[p] = static_cast<uint8_t>(next[p]);
  }
  d.field = MeldIndex::Get().MeldOf(field_id);
  return s;
}

int Rules::ReceivedInGiveBack(const Position& s, Player p) const {
  const int n = options_.players;
  const bool four = n >= 4;
  const int place = s.last_place[p];
  if (place == 1) return 2;
  if (place == 2 && four) return 1;
  if (place == n) {
    return s.giver == PlayerWithPlace(s, 1) ? 2 - s.give_left : 2;
  }
  return 0;  // n - 1 with four: 2nd gives back last, ending the phase
}

absl::Status Rules::Validate(const Position& s) const {
  const int n = options_.players;
  const Deal& d = s.deal;
  auto error = [](std::string_view what) {
    return absl::InvalidArgumentError(
        fmt::format("daifugo: invalid state: {}", what));
  };
  if (static_cast<int>(s.phase) > static_cast<int>(Phase::kOver))
    return error("phase out of range");
  // A view (Redact) blanks hands: no state to play on.
  if (s.hidden != 0) {
    return error(fmt::format(
        "hidden={} marks player {}'s cards as hidden: a view (of what one "
        "seat sees), not a state to play on",
        s.hidden, std::countr_zero(s.hidden)));
  }
  for (int p = 0; p < kMaxPlayers; ++p) {
    if (s.count[p] != 0) return error("count= is for views only");
    if (p < n) continue;
    if (d.hands[p] || s.received[p] || s.last_place[p] || s.table[p] ||
        s.points[p] || d.place[p] || d.next[p])
      return error(fmt::format("seat {} is not playing but has data", p));
    for (int k = 0; k < kMaxPlayers; ++k) {
      if (s.place_count[p][k] || s.place_count[k][p])
        return error("place counts beyond the players");
    }
  }
  if (s.seated > n || s.dealing_to >= n || s.giver >= n || s.give_left > 2 ||
      d.field_owner >= n || d.to_move >= n || d.passed >= (1u << n) ||
      d.finished > n || d.lock > 15)
    return error("a counter is out of range");
  if (!options_.lock && d.lock) return error("a lock without the lock rule");
  if (!options_.revolution && d.revolution)
    return error("a revolution without the revolution rule");

  // The match so far: places per deal and the points they give.
  if (s.games_done > options_.games) return error("games_done exceeds games");
  if ((s.phase == Phase::kOver) != (s.games_done == options_.games))
    return error("the match is over exactly when games_done reaches games");
  for (int k = 0; k < n; ++k) {
    int column = 0, row = 0;
    for (int p = 0; p < n; ++p) {
      column += s.place_count[p][k];
      row += s.place_count[k][p];
    }
    if (column != s.games_done || row != s.games_done)
      return error(fmt::format(
          "player {} has {} places for {} games, or place {} was taken {} "
          "times",
          k, row, s.games_done, k + 1, column));
  }
  for (int p = 0; p < n; ++p) {
    uint32_t points = 0;
    for (int k = 0; k < n; ++k) {
      points += static_cast<uint32_t>(s.place_count[p][k] * PlacePoints(k + 1));
    }
    if (points != s.points[p])
      return error(
          fmt::format("player {}'s points do not match its places", p));
  }
  uint32_t last_places = 0;
  for (int p = 0; p < n; ++p) {
    if (s.last_place[p] > n) return error("last_place out of range");
    last_places |= 1u << s.last_place[p];
    if (s.last_place[p] && !s.place_count[p][s.last_place[p] - 1])
      return error("last_place= is not among the player's places");
  }
  const uint32_t all_places = (2u << n) - 2;
  if (s.games_done == 0 ? last_places != 1 : last_places != all_places)
    return error("last_place= must hold places 1..players once a deal ended");
  if (s.phase != Phase::kOver &&
      s.exchange_due !=
          (s.games_done > 0 && s.games_done % options_.reset_every != 0))
    return error(
        "exchange= disagrees with games_done= and reset_every (exchange=1 "
        "needs last_place= to hold places 1..players)");

  // The seating: the players seated so far, then the turn order.
  if (s.phase == Phase::kSeating) {
    if (options_.shuffle_every == 0 ||
        s.games_done % options_.shuffle_every != 0)
      return error("seating when no shuffle is due");
    if (s.seated >= n)
      return error("seated must be below players while seating");
  }
  const int seated = s.phase == Phase::kSeating ? s.seated : n;
  uint32_t seen = 0;
  for (int i = 0; i < n; ++i) {
    if (i >= seated) {
      if (s.table[i] != 0) return error("an empty table position has a player");
      continue;
    }
    if (s.table[i] >= n) return error("table= names no player");
    if (seen >> s.table[i] & 1) return error("table repeats a player");
    seen |= 1u << s.table[i];
  }
  const bool seating = s.phase == Phase::kSeating;
  for (int i = 0; i < n; ++i) {
    const uint8_t want = seating ? 0 : s.table[(i + 1) % n];
    if (d.next[seating ? i : s.table[i]] != want)
      return error("next= does not follow table=");
  }

  // Cards: each in exactly one place.
  Cards all = d.played;
  for (int p = 0; p < n; ++p) {
    if (d.hands[p] & all) return error("a card is in two places");
    all |= d.hands[p];
    if ((d.hands[p] | s.received[p]) & ~kFullDeck) return error("no such card");
  }
  if (d.played & ~kFullDeck) return error("no such card");
  const bool dealt = s.phase == Phase::kGiveBack || s.phase == Phase::kPlay ||
                     s.phase == Phase::kOver;
  if (dealt != (all == kFullDeck))
    return error(dealt
                     ? "cards are missing after the deal"
                     : "every card is dealt but the phase is not past dealing");

  // The deal in progress. Before and while dealing it holds only hands.
  int finished = 0;
  for (int p = 0; p < n; ++p) {
    if (d.place[p] > n) return error("place out of range");
    finished += d.place[p] != 0;
  }
  if (!dealt || s.phase == Phase::kGiveBack) {
    Deal blank{};
    blank.hands = d.hands;
    blank.next = d.next;
    if (!(d.field == Meld{}) || d.played || d.place != blank.place ||
        d.field_owner || d.passed || d.finished || d.lock || d.revolution ||
        d.over || d.to_move)
      return error("the play of a deal that has not started");
  }
  if (s.phase == Phase::kSeating || s.phase == Phase::kFirstSeat) {
    for (int p = 0; p < n; ++p) {
      if (d.hands[p] || s.received[p]) return error("cards before dealing");
    }
  }
  if (s.phase == Phase::kFirstSeat && s.exchange_due)
    return error("a first seat is drawn only when nobody has a place");
  if (s.phase == Phase::kDealing) {
    // Around the table from the player dealt next: q cards, then q + 1.
    int at = s.dealing_to, low = 99, high = -1, rises = 0, first = -1;
    int previous = -1;
    for (int i = 0; i < n; ++i, at = d.next[at]) {
      const int size = std::popcount(d.hands[at]);
      if (previous >= 0 && size != previous) {
        ++rises;
        first = at;
      }
      if (previous > size) rises = 99;
      previous = size;
      low = std::min(low, size);
      high = std::max(high, size);
    }
    if (rises > 1 || high - low > 1)
      return error(
          "the hands are not dealt one card at a time around the table");
    if (s.exchange_due &&
        (first >= 0 ? first : s.dealing_to) != PlayerWithPlace(s, 1))
      return error("with places, dealing starts at 1st place");
    for (int p = 0; p < n; ++p) {
      if (s.received[p]) return error("cards received before the exchange");
    }
  }
  if (s.phase == Phase::kGiveBack) {
    if (!s.exchange_due) return error("a give-back without places");
    const int rich = PlayerWithPlace(s, 1), second = PlayerWithPlace(s, 2);
    const bool four = n >= 4;
    const bool first_giver = s.giver == rich;
    if (!(first_giver && (s.give_left == 1 || s.give_left == 2)) &&
        !(four && s.giver == second && s.give_left == 1))
      return error(
          "the giver has no one to give to, or too few cards: 1st gives 2, "
          "then 2nd gives 1");
    if (std::popcount(d.hands[s.giver]) < s.give_left)
      return error("the giver has no one to give to, or too few cards");
    for (int p = 0; p < n; ++p) {
      const int want = ReceivedInGiveBack(s, p);
      if (std::popcount(s.received[p]) != want)
        return error(fmt::format("player {} received {} cards, not {}", p,
                                 std::popcount(s.received[p]), want));
    }
  }
  if (s.phase == Phase::kPlay || s.phase == Phase::kOver) {
    for (int p = 0; p < n; ++p) {
      if ((d.place[p] != 0) !=
          (s.phase == Phase::kOver ? true : d.hands[p] == 0))
        return error(
            fmt::format("player {} is out exactly when its hand is empty", p));
    }
    uint32_t places = 0;
    for (int p = 0; p < n; ++p) places |= 1u << d.place[p];
    const uint32_t want_places =
        (s.phase == Phase::kOver ? all_places : (2u << finished) - 2) |
        (finished < n ? 1u : 0u);
    if (places != want_places ||
        d.finished != (s.phase == Phase::kOver ? n - 1 : finished))
      return error("place= and finished= disagree");
    if (!d.field.IsPass() && (d.field.cards & ~d.played))
      return error("the field's cards are not among the played cards");
    if (d.lock && (d.field.IsPass() || d.lock != d.field.suits))
      return error("a lock on suits other than the field's");
  }
  if (s.phase == Phase::kOver) {
    if (!d.over || s.last_place != d.place)
      return error("the last deal of a finished match has not ended");
  }
  if (s.phase == Phase::kPlay) {
    if (d.over || finished >= n - 1)
      return error("place= and finished= disagree, or the deal is over");
    if (d.place[d.to_move] != 0 || (d.passed >> d.to_move & 1))
      return error("the player to move is out, has passed, or has no cards");
    if (d.field.IsPass() && d.passed != 0)
      return error("passes on an empty field");
    for (int p = 0; p < n; ++p) {
      if ((d.passed >> p & 1) && d.place[p] != 0)
        return error("a player who is out has passed");
    }
  }
  if (absl::Status playable = CheckPlayable(*this, s); !playable.ok()) {
    return error(Str(playable.message()));
  }
  return absl::OkStatus();
}

}  // namespace gameai::daifugo
