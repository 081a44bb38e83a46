#include "gameai/daifugo/daifugo.h"

#include <bit>

#include "fmt/format.h"
#include "gameai/daifugo/exchange.h"

namespace gameai::daifugo {
namespace {

Cards AllHands(const Position& s) {
  Cards all = 0;
  for (Cards h : s.deal.hands) all |= h;
  return all;
}

// NthCard: the n-th (from 0) card of `cards` in bit order.
int NthCard(Cards cards, int n) {
  for (; n > 0; --n) cards &= cards - 1;
  return std::countr_zero(cards);
}

}  // namespace

Rules::Rules(const Options& options)
    : options_(options),
      deal_rules_{.players = options.players,
                  .eight_cut = options.eight_cut,
                  .revolution = options.revolution,
                  .lock = options.lock} {}

absl::StatusOr<Rules> Rules::Create(const Options& options) {
  if (options.players < 3 || options.players > kMaxPlayers) {
    return absl::InvalidArgumentError(fmt::format(
        "daifugo: players={} is not in 3..{}", options.players, kMaxPlayers));
  }
  if (options.games < 1 || options.games > 10'000) {
    return absl::InvalidArgumentError(
        fmt::format("daifugo: games={} is not in 1..10000", options.games));
  }
  if (options.reset_every < 1 || options.shuffle_every < 0) {
    return absl::InvalidArgumentError(
        "daifugo: reset_every must be >= 1 and shuffle_every >= 0");
  }
  if (!options.uecda) return Rules(options);
  if (options.players != 5 || !options.eight_cut || !options.revolution ||
      !options.lock) {
    return absl::InvalidArgumentError(
        "daifugo: uecda=true plays the UECda server's rules: players=5 and "
        "eight_cut, revolution, lock true (leave them at their defaults)");
  }
  if (options.reset_every == 1) {
    // The server would then reset the classes and still exchange cards.
    return absl::InvalidArgumentError(
        "daifugo: uecda=true needs reset_every >= 2 (the server's "
        "FLASH_MIBUN_NUMBER 1 exchanges cards between reset classes)");
  }
  Options server = options;
  if (server.shuffle_every == 1) server.shuffle_every = 0;
  return Rules(server);
}

GameType Rules::Type() const {
  return {.dynamics = GameType::Dynamics::kSequential,
          .chance = GameType::Chance::kStochastic,
          .information = GameType::Information::kImperfect,
          .zero_sum = false,
          .utility = GameType::Utility::kZeroSum};
}

int Rules::MaxGameLength() const {
  // Per deal: seating, first seat, 53 cards, 3 give-backs, and at most
  // 53 plays, each followed by at most one pass per player.
  const int per_deal = 2 * kMaxPlayers + 53 + 3 + 53 * (options_.players + 1);
  return per_deal * options_.games;
}

Position Rules::InitialPosition() const {
  Position s;
  if (options_.shuffle_every == 0) {
    for (int p = 0; p < options_.players; ++p) {
      s.table[p] = static_cast<uint8_t>(p);
    }
    StartNextDeal(s);
  }
  return s;
}

int Rules::PlayerWithPlace(const Position& s, int place) const {
  for (int p = 0; p < options_.players; ++p) {
    if (s.last_place[p] == place) return p;
  }
  return -1;
}

int Rules::Partner(const Position& s, Player p) const {
  if (!s.exchange_due || p < 0 || p >= options_.players) return -1;
  const int n = options_.players;
  const int place = s.last_place[p];
  // 大富豪 <-> 大貧民 always; 富豪 <-> 貧民 with four players or more.
  const bool exchanges =
      place == 1 || place == n || (n >= 4 && (place == 2 || place == n - 1));
  return exchanges ? PlayerWithPlace(s, n + 1 - place) : -1;
}

void Rules::StartNextDeal(Position& s) const {
  s.deal = Deal{};
  for (int i = 0; i < options_.players; ++i) {
    s.deal.next[s.table[i]] = s.table[(i + 1) % options_.players];
  }
  s.received = {};
  if (s.exchange_due) {
    s.dealing_to = static_cast<uint8_t>(PlayerWithPlace(s, 1));
    s.phase = Phase::kDealing;
  } else {
    s.phase = Phase::kFirstSeat;
  }
}

void Rules::AfterDealing(Position& s) const {
  if (!s.exchange_due) {
    s.deal = StartDeal(deal_rules_, s.deal.hands, s.deal.next);
    s.phase = Phase::kPlay;
    return;
  }
  std::array<Transfer, 2> transfers;
  const int n = ForcedTransfers(s.last_place, options_.players, transfers);
  for (int i = 0; i < n; ++i) {
    const Transfer& t = transfers[i];
    const Cards cards = Strongest(s.deal.hands[t.from], t.cards);
    s.deal.hands[t.from] &= ~cards;
    s.deal.hands[t.to] |= cards;
    s.received[t.to] |= cards;
  }
  s.giver = static_cast<uint8_t>(PlayerWithPlace(s, 1));
  s.give_left = 2;
  s.phase = Phase::kGiveBack;
}

void Rules::NextGiver(Position& s) const {
  if (s.last_place[s.giver] == 1 && options_.players >= 4) {
    s.giver = static_cast<uint8_t>(PlayerWithPlace(s, 2));
    s.give_left = 1;
    return;
  }
  s.deal = StartDeal(deal_rules_, s.deal.hands, s.deal.next);
  s.phase = Phase::kPlay;
}

void Rules::EndDeal(Position& s) const {
  for (int p = 0; p < options_.players; ++p) {
    const int place = s.deal.place[p];
    s.points[p] += static_cast<uint32_t>(PlacePoints(place));
    ++s.place_count[p][place - 1];
    s.last_place[p] = static_cast<uint8_t>(place);
  }
  ++s.games_done;
  if (s.games_done >= options_.games) {
    s.phase = Phase::kOver;
    return;
  }
  s.exchange_due = s.games_done % options_.reset_every != 0;
  if (options_.shuffle_every > 0 &&
      s.games_done % options_.shuffle_every == 0) {
    s.deal = Deal{};
    s.received = {};
    s.table = {};
    s.seated = 0;
    s.phase = Phase::kSeating;
    return;
  }
  StartNextDeal(s);
}

Player Rules::CurrentPlayer(const Position& s) const {
  switch (s.phase) {
    case Phase::kSeating:
    case Phase::kFirstSeat:
    case Phase::kDealing:
      return kChancePlayer;
    case Phase::kGiveBack:
      return s.giver;
    case Phase::kPlay:
      return s.deal.to_move;
    case Phase::kOver:
      break;
  }
  return kTerminalPlayer;
}

void Rules::LegalMoves(const Position& s, MoveList& moves) const {
  moves.count = 0;
  if (s.phase == Phase::kGiveBack) {
    for (Cards left = s.deal.hands[s.giver]; left != 0; left &= left - 1) {
      moves.push_back(GiveMove(std::countr_zero(left)));
    }
    return;
  }
  if (s.phase != Phase::kPlay) return;
  const Deal& d = s.deal;
  if (!d.field.IsPass()) moves.push_back(0);
  MeldList melds;
  LegalMelds(d.hands[d.to_move], FieldRulesOf(d), melds);
  const MeldIndex& index = MeldIndex::Get();
  for (const Meld& m : melds) {
    moves.push_back(static_cast<Move>(index.IdOf(m)));
  }
}

bool Rules::IsLegal(const Position& s, Move m) const {
  switch (s.phase) {
    case Phase::kGiveBack:
      return m >= kGiveAction && m < kDealAction &&
             (s.deal.hands[s.giver] >> (m - kGiveAction) & 1);
    case Phase::kPlay:
      return m < kMeldActions && Legal(s.deal, MeldIndex::Get().MeldOf(m));
    case Phase::kSeating: {
      const int p = m - kSeatAction;
      if (m < kSeatAction || p >= options_.players) return false;
      for (int i = 0; i < s.seated; ++i) {
        if (s.table[i] == p) return false;
      }
      return true;
    }
    case Phase::kFirstSeat:
      return m >= kFirstAction && m < kFirstAction + options_.players;
    case Phase::kDealing:
      return m >= kDealAction && m < kSeatAction &&
             !(AllHands(s) >> (m - kDealAction) & 1);
    case Phase::kOver:
      break;
  }
  return false;
}

void Rules::Apply(Position& s, Move m) const {
  switch (s.phase) {
    case Phase::kSeating:
      s.table[s.seated++] = static_cast<uint8_t>(m - kSeatAction);
      if (s.seated == options_.players) StartNextDeal(s);
      return;
    case Phase::kFirstSeat:
      s.dealing_to = static_cast<uint8_t>(m - kFirstAction);
      s.phase = Phase::kDealing;
      return;
    case Phase::kDealing:
      s.deal.hands[s.dealing_to] |= Cards{1} << (m - kDealAction);
      s.dealing_to = s.deal.next[s.dealing_to];
      if (AllHands(s) == kFullDeck) AfterDealing(s);
      return;
    case Phase::kGiveBack: {
      const Cards card = Cards{1} << (m - kGiveAction);
      const int to = Partner(s, s.giver);
      s.deal.hands[s.giver] &= ~card;
      s.deal.hands[to] |= card;
      s.received[to] |= card;
      if (--s.give_left == 0) NextGiver(s);
      return;
    }
    case Phase::kPlay:
      Play(deal_rules_, s.deal, MeldIndex::Get().MeldOf(m));
      if (s.deal.over) EndDeal(s);
      return;
    case Phase::kOver:
      return;
  }
}

template <class List>
void Rules::ListChanceOutcomes(const Position& s, List& outcomes) const {
  outcomes.clear();
  // Sized once: a new vector grown by push_back alone would move its
  // outcomes through every doubling (a deal's first card lists 53).
  if (s.phase == Phase::kSeating) {
    outcomes.reserve(options_.players - s.seated);
    const double p = 1.0 / (options_.players - s.seated);
    for (int q = 0; q < options_.players; ++q) {
      if (IsLegal(s, static_cast<Move>(kSeatAction + q))) {
        outcomes.push_back({static_cast<Move>(kSeatAction + q), p});
      }
    }
  } else if (s.phase == Phase::kFirstSeat) {
    outcomes.reserve(options_.players);
    for (int q = 0; q < options_.players; ++q) {
      outcomes.push_back(
          {static_cast<Move>(kFirstAction + q), 1.0 / options_.players});
    }
  } else if (s.phase == Phase::kDealing) {
    const Cards left = kFullDeck & ~AllHands(s);
    outcomes.reserve(std::popcount(left));
    const double p = 1.0 / std::popcount(left);
    for (Cards c = left; c != 0; c &= c - 1) {
      outcomes.push_back(
          {static_cast<Move>(kDealAction + std::countr_zero(c)), p});
    }
  }
}

void Rules::ChanceOutcomes(const Position& s, ChanceList& outcomes) const {
  ListChanceOutcomes(s, outcomes);
}

void Rules::ChanceOutcomes(const Position& s,
                           std::vector<ChanceOutcome>& outcomes) const {
  ListChanceOutcomes(s, outcomes);
}

Move Rules::SampleChance(const Position& s, Rng& rng) const {
  if (s.phase == Phase::kSeating) {
    int k = static_cast<int>(rng.Below(options_.players - s.seated));
    for (int q = 0;; ++q) {
      const Move m = static_cast<Move>(kSeatAction + q);
      if (IsLegal(s, m) && k-- == 0) return m;
    }
  }
  if (s.phase == Phase::kFirstSeat) {
    return static_cast<Move>(kFirstAction + rng.Below(options_.players));
  }
  const Cards left = kFullDeck & ~AllHands(s);
  const int n = static_cast<int>(rng.Below(std::popcount(left)));
  return static_cast<Move>(kDealAction + NthCard(left, n));
}

double Rules::Score(const Position& s, Player p) const {
  return s.games_done == 0 ? 0.0
                           : static_cast<double>(s.points[p]) / s.games_done;
}

double Rules::Return(const Position& s, Player p) const {
  // Mean place points per deal average (players + 1) / 2 over the table.
  if (s.phase != Phase::kOver) return 0;
  return Score(s, p) - (options_.players + 1) / 2.0;
}

bool Rules::HorizonReached(const Position& s) const {
  return s.phase != Phase::kPlay && s.phase != Phase::kGiveBack;
}

double Rules::HorizonReturn(const Position& s, Player p) const {
  if (s.last_place[p] == 0) return 0;
  const double mean = (options_.players + 1) / 2.0;
  return (PlacePoints(s.last_place[p]) - mean) / (mean - 1);
}

std::vector<std::string> Rules::TallyNames() const {
  std::vector<std::string> names;
  for (int k = 1; k <= options_.players; ++k) {
    names.push_back(fmt::format("place_{}", k));
  }
  return names;
}

std::vector<double> Rules::Tallies(const Position& s, Player p) const {
  return {s.place_count[p].begin(),
          s.place_count[p].begin() + options_.players};
}

GameUnits Rules::Units() const {
  return {.game = "match",
          .games = "matches",
          .round = "deal",
          .rounds = "deals",
          .rounds_per_game = options_.games};
}

int Rules::CardCount(const Position& s, Player p) {
  return (s.hidden >> p & 1) ? s.count[p] : std::popcount(s.deal.hands[p]);
}

Position Rules::Redact(const Position& s, Player viewer) const {
  Position view = s;
  const int partner = Partner(s, viewer);
  for (int q = 0; q < options_.players; ++q) {
    view.count[q] = static_cast<uint8_t>(CardCount(s, q));
    if (q == viewer) continue;
    view.deal.hands[q] = 0;
    view.hidden |= static_cast<uint8_t>(1 << q);
    if (q != partner) view.received[q] = 0;
  }
  return view;
}

bool Rules::MoveVisibleTo(const Position& before, Player, Move m,
                          Player observer) const {
  if (m >= kDealAction && m < kSeatAction) {
    return observer == before.dealing_to;
  }
  if (m >= kGiveAction && m < kDealAction) {
    return observer == before.giver ||
           observer == Partner(before, before.giver);
  }
  return true;
}

uint32_t Rules::MoveSeenBy(const Position& before, Player, Move m) const {
  if (m >= kDealAction && m < kSeatAction) return 1u << before.dealing_to;
  if (m >= kGiveAction && m < kDealAction) {
    const int partner = Partner(before, before.giver);
    return (1u << before.giver) | (partner >= 0 ? 1u << partner : 0u);
  }
  return (1u << options_.players) - 1;
}

Position Rules::Determinize(const Position& view, Player viewer, Rng& rng) const {
  Position s = view;
  if (view.hidden == 0) return s;
  const Cards mine = view.deal.hands[viewer];
  Cards pool = kFullDeck & ~view.deal.played & ~mine;
  std::array<Cards, kMaxPlayers> known{};
  for (int q = 0; q < options_.players; ++q) {
    if (!(view.hidden >> q & 1)) continue;
    known[q] = view.received[q] & pool;
    pool &= ~known[q];
  }
  std::array<int, 53> cards;
  int n = 0;
  for (Cards c = pool; c != 0; c &= c - 1) cards[n++] = std::countr_zero(c);
  int next = 0;
  for (int q = 0; q < options_.players; ++q) {
    if (!(view.hidden >> q & 1)) continue;
    Cards hand = known[q];
    for (int need = view.count[q] - std::popcount(known[q]); need > 0; --need) {
      const int pick = next + static_cast<int>(rng.Below(n - next));
      std::swap(cards[next], cards[pick]);
      hand |= Cards{1} << cards[next++];
    }
    s.deal.hands[q] = hand;
  }
  s.hidden = 0;
  s.count = {};
  return s;
}

}  // namespace gameai::daifugo
