#include "gameai/minirisk/minirisk.h"

#include <algorithm>
#include <bit>
#include <cstring>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/text.h"

namespace gameai::minirisk {

int Taker(int pot, const uint8_t* bids, int players) {
  uint32_t seen = 0, repeated = 0;
  for (int p = 0; p < players; ++p) {
    const uint32_t bit = 1u << bids[p];
    repeated |= seen & bit;
    seen |= bit;
  }
  const uint32_t unique = seen & ~repeated & ~1u;  // card 0: no bid
  if (unique == 0) return -1;
  const int card =
      pot >= 0 ? 31 - std::countl_zero(unique) : std::countr_zero(unique);
  for (int p = 0; p < players; ++p) {
    if (bids[p] == card) return p;
  }
  return -1;  // unreachable
}

absl::StatusOr<Rules> Rules::Create(const Options& options) {
  if (options.players < 2 || options.players > kMaxPlayers) {
    return absl::InvalidArgumentError(
        fmt::format("minirisk: players={} is out of range; accepted: 2..{}",
                    options.players, kMaxPlayers));
  }
  return Rules(options);
}

GameType Rules::Type() const {
  return {.dynamics = GameType::Dynamics::kSimultaneous,
          .chance = GameType::Chance::kStochastic,
          .information = GameType::Information::kImperfect,
          .zero_sum = false,
          .utility = GameType::Utility::kGeneralSum};
}

Position Rules::InitialPosition() const {
  Position s{};
  for (int p = 0; p < options_.players; ++p) s.hands[p] = kFullHand;
  s.prizes_left = kFullHand;
  s.taker.fill(-1);
  return s;
}

void Rules::LegalMovesFor(const Position& s, Player p, MoveList& moves) const {
  moves.count = 0;
  if (CurrentPlayer(s) != kSimultaneousPlayer || p < 0 ||
      p >= options_.players) {
    return;
  }
  for (uint32_t hand = s.hands[p]; hand != 0; hand &= hand - 1) {
    moves.push_back(static_cast<Move>(std::countr_zero(hand)));
  }
}

void Rules::Apply(Position& s, Move m) const {
  const int index = m - kFirstPrizeAction;
  s.prizes[s.round] = static_cast<uint8_t>(index);
  s.prizes_left &= static_cast<uint16_t>(~(1u << index));
  s.pot_cards |= static_cast<uint16_t>(1u << index);
  s.pot = static_cast<int16_t>(s.pot + PrizeValue(index));
  s.revealed = 1;
}

void Rules::ApplyJoint(Position& s, const Move* bids) const {
  const int players = options_.players;
  std::array<uint8_t, kMaxPlayers>& row = s.bids[s.round];
  for (int p = 0; p < players; ++p) {
    row[p] = static_cast<uint8_t>(bids[p] + 1);
    s.hands[p] &= static_cast<uint16_t>(~(1u << bids[p]));
  }
  const int taker = Taker(s.pot, row.data(), players);
  s.taker[s.round] = static_cast<int8_t>(taker);
  if (taker >= 0) {
    s.scores[taker] = static_cast<int16_t>(s.scores[taker] + s.pot);
    s.pot = 0;
    s.pot_cards = 0;
  }
  s.revealed = 0;
  if (++s.round == kRounds) {  // what is left in the pot is discarded
    s.pot = 0;
    s.pot_cards = 0;
  }
}

void Rules::ChanceOutcomes(const Position& s, ChanceList& outcomes) const {
  outcomes.clear();
  if (CurrentPlayer(s) != kChancePlayer) return;
  const double p = 1.0 / std::popcount(s.prizes_left);
  for (uint32_t left = s.prizes_left; left != 0; left &= left - 1) {
    outcomes.push_back(
        {static_cast<Move>(kFirstPrizeAction + std::countr_zero(left)), p});
  }
}

namespace {

// kSelectInByte[b][k]: the position of the k-th lowest set bit of byte b.
constexpr auto kSelectInByte = [] {
  std::array<std::array<uint8_t, 8>, 256> table{};
  for (int b = 0; b < 256; ++b) {
    int k = 0;
    for (int i = 0; i < 8; ++i) {
      if ((b >> i) & 1) table[b][k++] = static_cast<uint8_t>(i);
    }
  }
  return table;
}();

// KthBit: the k-th lowest set bit of a 16-bit mask, by bytes (random
// playouts draw a card per player per round). REQUIRES k < popcount(x).
int KthBit(uint32_t x, int k) {
  const uint32_t low = x & 0xff;
  const int in_low = std::popcount(low);
  if (k < in_low) return kSelectInByte[low][k];
  return 8 + kSelectInByte[(x >> 8) & 0xff][k - in_low];
}

}  // namespace

Move Rules::SampleChance(const Position& s, Rng& rng) const {
  const int k = static_cast<int>(rng.Below(std::popcount(s.prizes_left)));
  return static_cast<Move>(kFirstPrizeAction + KthBit(s.prizes_left, k));
}

Move Rules::SampleBid(const Position& s, Player p, Rng& rng) {
  const int k = static_cast<int>(rng.Below(std::popcount(s.hands[p])));
  return static_cast<Move>(KthBit(s.hands[p], k));
}

int Rules::PrizesLeftValue(const Position& s) {
  int total = 0;
  for (uint32_t left = s.prizes_left; left != 0; left &= left - 1) {
    total += PrizeValue(std::countr_zero(left));
  }
  return total;
}

double Rules::Return(const Position& s, Player p) const {
  if (s.round < kRounds) return 0;
  int best = s.scores[0], at_best = 0;
  for (int q = 0; q < options_.players; ++q) {
    if (s.scores[q] > best) {
      best = s.scores[q];
      at_best = 0;
    }
    if (s.scores[q] == best) ++at_best;
  }
  if (s.scores[p] < best) return -1;
  return at_best == 1 ? 1 : 0;
}

std::string Rules::ToString(const Position& s) const {
  std::string out =
      fmt::format("round {}/{}", std::min(s.round + 1, kRounds), kRounds);
  if (s.revealed) {
    out +=
        fmt::format("  prize {}  pot {}", PrizeValue(s.prizes[s.round]), s.pot);
  } else if (s.round == kRounds) {
    out = "game over";
  }
  out += '\n';
  for (int p = 0; p < options_.players; ++p) {
    out += fmt::format("player {}: score {:>3}  cards", p, s.scores[p]);
    for (int c = 0; c < kCards; ++c) {
      if ((s.hands[p] >> c) & 1) out += fmt::format(" {}", c + 1);
    }
    out += '\n';
  }
  for (int r = 0; r < s.round; ++r) {
    out += fmt::format("round {:>2}: prize {:>2}, bids", r + 1,
                       PrizeValue(s.prizes[r]));
    for (int p = 0; p < options_.players; ++p) {
      out += fmt::format(" {:>2}", s.bids[r][p]);
    }
    out += s.taker[r] < 0 ? ", no unique bid: the pot stays\n"
                          : fmt::format(", player {} takes it\n", s.taker[r]);
  }
  return out;
}

std::string Rules::ObservationString(const Position& s, Player p) const {
  return fmt::format("you are player {}\n{}", p, ToString(s));
}

// The state follows from the prizes turned and the bids: the text lists
// those and Deserialize replays them.
std::string Rules::Serialize(const Position& s) const {
  std::vector<std::string> prizes, rounds;
  for (int r = 0; r < s.round + s.revealed; ++r) {
    prizes.push_back(fmt::format("{}", PrizeValue(s.prizes[r])));
  }
  for (int r = 0; r < s.round; ++r) {
    std::vector<int> row(s.bids[r].begin(),
                         s.bids[r].begin() + options_.players);
    rounds.push_back(fmt::format("{}", fmt::join(row, ".")));
  }
  return fmt::format(
      "prizes={} bids={}",
      prizes.empty() ? "-" : fmt::format("{}", fmt::join(prizes, ",")),
      rounds.empty() ? "-" : fmt::format("{}", fmt::join(rounds, "/")));
}

absl::StatusOr<Position> Rules::Deserialize(std::string_view text) const {
  auto error = [&](std::string_view what) {
    return absl::InvalidArgumentError(fmt::format(
        "minirisk: {}; expected \"prizes=<turned prize values, comma "
        "separated, or -> bids=<one round per /, {} cards 1..15 joined by ., "
        "or ->\"",
        what, options_.players));
  };
  const std::vector<std::string_view> words = SplitWords(text);
  if (words.size() != 2 || words[0].substr(0, 7) != "prizes=" ||
      words[1].substr(0, 5) != "bids=") {
    return error("two fields prizes= and bids= are needed");
  }
  std::vector<int> prizes;
  if (words[0].substr(7) != "-") {
    for (std::string_view v : Split(words[0].substr(7), ',')) {
      const std::optional<int64_t> value = ParseInt(v);
      if (!value || *value < -5 || *value > 10 || *value == 0)
        return error(fmt::format("'{}' is not a prize card -5..-1, 1..10", v));
      prizes.push_back(static_cast<int>(*value));
    }
  }
  std::vector<std::vector<int>> rounds;
  if (words[1].substr(5) != "-") {
    for (std::string_view row : Split(words[1].substr(5), '/')) {
      std::vector<int> bids;
      for (std::string_view v : Split(row, '.')) {
        const std::optional<int64_t> card = ParseInt(v);
        if (!card || *card < 1 || *card > kCards)
          return error(fmt::format("'{}' is not a bid card 1..15", v));
        bids.push_back(static_cast<int>(*card));
      }
      if (static_cast<int>(bids.size()) != options_.players)
        return error(fmt::format("round '{}' does not have {} bids", row,
                                 options_.players));
      rounds.push_back(std::move(bids));
    }
  }
  if (prizes.size() != rounds.size() && prizes.size() != rounds.size() + 1)
    return error("there must be as many prizes as rounds of bids, or one more");
  if (prizes.size() > kRounds) return error("more than 15 prizes");
  absl::StatusOr<Position> s = Replay(prizes, rounds);
  if (!s.ok()) return error(Str(s.status().message()));
  if (absl::Status playable = CheckPlayable(*this, *s); !playable.ok()) {
    return error(Str(playable.message()));
  }
  return s;
}

absl::StatusOr<Position> Rules::Replay(
    const std::vector<int>& prizes,
    const std::vector<std::vector<int>>& rounds) const {
  Position s = InitialPosition();
  for (size_t r = 0; r < prizes.size(); ++r) {
    const Move prize = Prize(prizes[r]);
    if (!((s.prizes_left >> (prize - kFirstPrizeAction)) & 1))
      return absl::InvalidArgumentError(
          fmt::format("prize {} is turned twice", prizes[r]));
    Apply(s, prize);
    if (r == rounds.size()) break;
    std::array<Move, kMaxPlayers> joint{};
    for (int p = 0; p < options_.players; ++p) {
      joint[p] = Bid(rounds[r][p]);
      if (!((s.hands[p] >> joint[p]) & 1))
        return absl::InvalidArgumentError(
            fmt::format("player {} bids {} twice", p, rounds[r][p]));
    }
    ApplyJoint(s, joint.data());
  }
  return s;
}

absl::Status Rules::Validate(const Position& s) const {
  auto bad = [](std::string_view what) {
    return absl::InvalidArgumentError(
        fmt::format("minirisk: invalid state: {}", what));
  };
  if (s.round > kRounds || s.revealed > 1 || s.round + s.revealed > kRounds)
    return bad("round or revealed out of range");
  std::vector<int> prizes;
  for (int r = 0; r < s.round + s.revealed; ++r) {
    if (s.prizes[r] >= kCards) return bad("a prize card out of range");
    prizes.push_back(PrizeValue(s.prizes[r]));
  }
  std::vector<std::vector<int>> rounds;
  for (int r = 0; r < s.round; ++r) {
    std::vector<int> bids;
    for (int p = 0; p < options_.players; ++p) {
      if (s.bids[r][p] < 1 || s.bids[r][p] > kCards)
        return bad("a bid card out of range");
      bids.push_back(s.bids[r][p]);
    }
    rounds.push_back(std::move(bids));
  }
  absl::StatusOr<Position> replayed = Replay(prizes, rounds);
  if (!replayed.ok()) return bad(Str(replayed.status().message()));
  // Position has no padding (190 bytes of fields), so bytes compare fields.
  if (std::memcmp(&*replayed, &s, sizeof(Position)) != 0) {
    return bad(
        "hands, scores, pot or takers do not follow from the prizes and bids");
  }
  if (absl::Status playable = CheckPlayable(*this, s); !playable.ok()) {
    return bad(Str(playable.message()));
  }
  return absl::OkStatus();
}

std::string Rules::MoveToString(const Position&, Move m) const {
  if (m < kFirstPrizeAction) return fmt::format("bid {}", m + 1);
  return fmt::format("prize {}", PrizeValue(m - kFirstPrizeAction));
}

std::optional<Move> Rules::ParseMove(const Position&,
                                     std::string_view text) const {
  const std::vector<std::string_view> words = SplitWords(text);
  if (words.size() == 1 || words.size() == 2) {
    const bool bid = words.size() == 1 || words[0] == "bid";
    const std::optional<int64_t> n = ParseInt(words.back());
    if (!n) return std::nullopt;
    if (bid && *n >= 1 && *n <= kCards) return Bid(static_cast<int>(*n));
    if (!bid && words[0] == "prize" && *n >= -5 && *n <= 10 && *n != 0) {
      return Prize(static_cast<int>(*n));
    }
  }
  return std::nullopt;
}

}  // namespace gameai::minirisk
