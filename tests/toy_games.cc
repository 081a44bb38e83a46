#include "toy_games.h"

#include <optional>
#include <vector>

#include "absl/base/call_once.h"
#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/registry.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/search/mcts.h"

namespace gameai::toy {
namespace {

constexpr double kProbabilities[3] = {1.0 / 2, 1.0 / 3, 1.0 / 6};

uint8_t SampleIndex(Rng& rng) {
  const double u = rng.Uniform();
  return u < kProbabilities[0]                       ? 0
         : u < kProbabilities[0] + kProbabilities[1] ? 1
                                                     : 2;
}

// ParseFields: exactly `n` integers in [0, 255].
absl::StatusOr<std::vector<int>> ParseFields(std::string_view text, size_t n) {
  const std::vector<std::string_view> words = SplitWords(text);
  if (words.size() != n) {
    return absl::InvalidArgumentError(fmt::format("expected {} numbers", n));
  }
  std::vector<int> out;
  for (std::string_view w : words) {
    const std::optional<int64_t> v = ParseInt(w);
    if (!v || *v < 0 || *v > 255) {
      return absl::InvalidArgumentError(fmt::format("bad number '{}'", w));
    }
    out.push_back(static_cast<int>(*v));
  }
  return out;
}

}  // namespace

// ---- chance_nim
Player ChanceNim::CurrentPlayer(const Position& s) const {
  if (s.winner != 2) return kTerminalPlayer;
  return s.chance_next ? kChancePlayer : s.to_move;
}

void ChanceNim::LegalMoves(const Position& s, MoveList& moves) const {
  moves.count = 0;
  if (CurrentPlayer(s) < 0) return;
  moves.push_back(0);
  if (s.pile >= 2) moves.push_back(1);
}

void ChanceNim::Apply(Position& s, Move m) const {
  if (s.chance_next) {
    s.pile = static_cast<uint8_t>(s.pile + m);
    s.chance_next = 0;
    return;
  }
  s.pile = static_cast<uint8_t>(s.pile - (m + 1));
  ++s.moves_made;
  if (s.pile == 0) {
    s.winner = s.to_move;
    return;
  }
  s.to_move ^= 1;
  s.chance_next = s.moves_made < 10;
}

void ChanceNim::ChanceOutcomes(const Position&, ChanceList& outcomes) const {
  for (uint8_t i = 0; i < 3; ++i) outcomes[i] = {i, kProbabilities[i]};
}

ChanceNim::Move ChanceNim::SampleChance(const Position&, Rng& rng) const {
  return SampleIndex(rng);
}

double ChanceNim::Return(const Position& s, Player p) const {
  if (s.winner == 2) return 0;
  return s.winner == p ? 1 : -1;
}

std::string ChanceNim::ToString(const Position& s) const {
  return fmt::format(
      "pile {}, player {} to move, {} moves made{}{}", s.pile, s.to_move,
      s.moves_made, s.chance_next ? ", chance next" : "",
      s.winner != 2 ? fmt::format(", player {} won", s.winner) : "");
}

std::string ChanceNim::Serialize(const Position& s) const {
  return fmt::format("{} {} {} {} {}", s.pile, s.to_move, s.moves_made,
                     s.chance_next, s.winner);
}

absl::StatusOr<ChanceNim::Position> ChanceNim::Deserialize(
    std::string_view text) const {
  GAMEAI_ASSIGN_OR_RETURN(std::vector<int> f, ParseFields(text, 5));
  const std::vector<int>& v = f;
  if (v[1] > 1 || v[2] > 30 || v[3] > 1 || v[4] > 2 ||
      (v[4] == 2) != (v[0] > 0)) {
    return absl::InvalidArgumentError("inconsistent chance_nim state");
  }
  return Position{static_cast<uint8_t>(v[0]), static_cast<uint8_t>(v[1]),
               static_cast<uint8_t>(v[2]), static_cast<uint8_t>(v[3]),
               static_cast<uint8_t>(v[4])};
}

std::string ChanceNim::MoveToString(const Position& s, Move m) const {
  return s.chance_next ? fmt::format("+{}", m) : fmt::format("take{}", m + 1);
}

// ---- bid_duel
Player BidDuel::CurrentPlayer(const Position& s) const {
  if (s.round == 3) return kTerminalPlayer;
  return s.prize == 0 ? kChancePlayer : kSimultaneousPlayer;
}

void BidDuel::LegalMovesFor(const Position& s, Player p, MoveList& moves) const {
  moves.count = 0;
  if (CurrentPlayer(s) != kSimultaneousPlayer) return;
  for (uint8_t c = 0; c < 3; ++c) {
    if (s.hand[p] & (1 << c)) moves.push_back(c);
  }
}

void BidDuel::Apply(Position& s, Move m) const {
  s.prize = static_cast<uint8_t>(m + 1);
}

void BidDuel::ApplyJoint(Position& s, const Move* joint) const {
  for (int p = 0; p < 2; ++p)
    s.hand[p] &= static_cast<uint8_t>(~(1 << joint[p]));
  if (joint[0] != joint[1]) {
    const int taker = joint[0] > joint[1] ? 0 : 1;
    s.points[taker] = static_cast<uint8_t>(s.points[taker] + s.prize);
  }
  s.prize = 0;
  ++s.round;
}

void BidDuel::ChanceOutcomes(const Position&, ChanceList& outcomes) const {
  for (uint8_t i = 0; i < 3; ++i) outcomes[i] = {i, kProbabilities[i]};
}

BidDuel::Move BidDuel::SampleChance(const Position&, Rng& rng) const {
  return SampleIndex(rng);
}

double BidDuel::Return(const Position& s, Player p) const {
  if (s.round < 3) return 0;
  const int diff = s.points[p] - s.points[1 - p];
  return diff > 0 ? 1 : diff < 0 ? -1 : 0;
}

std::string BidDuel::ToString(const Position& s) const {
  return fmt::format("round {}, prize {}, hands {} {}, points {} {}", s.round,
                     s.prize, s.hand[0], s.hand[1], s.points[0], s.points[1]);
}

std::string BidDuel::Serialize(const Position& s) const {
  return fmt::format("{} {} {} {} {} {}", s.round, s.prize, s.hand[0],
                     s.hand[1], s.points[0], s.points[1]);
}

absl::StatusOr<BidDuel::Position> BidDuel::Deserialize(
    std::string_view text) const {
  GAMEAI_ASSIGN_OR_RETURN(std::vector<int> f, ParseFields(text, 6));
  const std::vector<int>& v = f;
  if (v[0] > 3 || v[1] > 3 || v[2] > 7 || v[3] > 7 || v[4] > 9 || v[5] > 9 ||
      (v[0] == 3 && v[1] != 0)) {
    return absl::InvalidArgumentError("inconsistent bid_duel state");
  }
  Position s;
  s.round = static_cast<uint8_t>(v[0]);
  s.prize = static_cast<uint8_t>(v[1]);
  s.hand = {static_cast<uint8_t>(v[2]), static_cast<uint8_t>(v[3])};
  s.points = {static_cast<uint8_t>(v[4]), static_cast<uint8_t>(v[5])};
  return s;
}

std::string BidDuel::MoveToString(const Position& s, Move m) const {
  return s.prize == 0 ? fmt::format("prize{}", m + 1)
                      : fmt::format("bid{}", m + 1);
}

// ---- secret_duel
Player SecretDuel::CurrentPlayer(const Position& s) const {
  if (s.over) return kTerminalPlayer;
  if (s.card[1] == Position::kNoCard) return kChancePlayer;
  return s.stake == 0 ? 0 : 1;
}

void SecretDuel::LegalMoves(const Position& s, MoveList& moves) const {
  moves.count = 0;
  if (CurrentPlayer(s) < 0) return;
  moves.push_back(0);
  moves.push_back(1);
}

void SecretDuel::Apply(Position& s, Move m) const {
  if (m >= 2) {
    s.card[s.card[0] == Position::kNoCard ? 0 : 1] = static_cast<uint8_t>(m - 2);
  } else if (s.stake == 0) {
    s.stake = static_cast<uint8_t>(1 + m);
  } else {
    s.folded = m;
    s.over = 1;
  }
}

void SecretDuel::ChanceOutcomes(const Position& s, ChanceList& outcomes) const {
  // The first deal: one of three cards; the second: one of the two left.
  outcomes.clear();
  const double p = s.card[0] == Position::kNoCard ? 1.0 / 3 : 0.5;
  for (uint8_t c = 0; c < 3; ++c) {
    if (c != s.card[0]) outcomes.push_back({static_cast<Move>(2 + c), p});
  }
}

SecretDuel::Move SecretDuel::SampleChance(const Position& s, Rng& rng) const {
  ChanceList outcomes;
  ChanceOutcomes(s, outcomes);
  return outcomes[rng.Below(outcomes.size())].move;
}

double SecretDuel::Return(const Position& s, Player p) const {
  if (!s.over) return 0;
  double to_zero =
      s.folded ? 1.0 : (s.card[0] > s.card[1] ? s.stake : -s.stake);
  return p == 0 ? to_zero : -to_zero;
}

std::string SecretDuel::ToString(const Position& s) const {
  auto card = [](uint8_t c) {
    return c == Position::kHidden   ? std::string("?")
           : c == Position::kNoCard ? std::string("-")
                                 : std::to_string(c);
  };
  return "cards " + card(s.card[0]) + " " + card(s.card[1]) + " stake " +
         std::to_string(s.stake) + (s.folded ? " folded" : "") +
         (s.over ? " over" : "");
}

std::string SecretDuel::Serialize(const Position& s) const {
  return std::to_string(s.card[0]) + " " + std::to_string(s.card[1]) + " " +
         std::to_string(s.stake) + " " + std::to_string(s.folded) + " " +
         std::to_string(s.over);
}

absl::StatusOr<SecretDuel::Position> SecretDuel::Deserialize(
    std::string_view text) const {
  const std::vector<std::string_view> words = SplitWords(text);
  if (words.size() != 5) {
    return absl::InvalidArgumentError("secret_duel: five numbers expected");
  }
  Position s;
  const int limits[5] = {Position::kHidden, Position::kHidden, 2, 1, 1};
  uint8_t* fields[5] = {&s.card[0], &s.card[1], &s.stake, &s.folded, &s.over};
  for (int i = 0; i < 5; ++i) {
    const std::optional<int64_t> v = ParseInt(words[i]);
    if (!v || *v < 0 || *v > limits[i]) {
      return absl::InvalidArgumentError("secret_duel: a number out of range");
    }
    *fields[i] = static_cast<uint8_t>(*v);
  }
  if (s.card[0] == Position::kNoCard && s.card[1] != Position::kNoCard) {
    return absl::InvalidArgumentError("secret_duel: dealt out of order");
  }
  return s;
}

std::string SecretDuel::MoveToString(const Position& s, Move m) const {
  if (m >= 2) return "deal " + std::to_string(m - 2);
  if (s.stake == 0) return m == 0 ? "bet" : "raise";
  return m == 0 ? "call" : "fold";
}

SecretDuel::Position SecretDuel::Redact(const Position& s, Player viewer) const {
  Position view = s;
  const int other = 1 - viewer;
  if (!s.over && view.card[other] != Position::kNoCard) {
    view.card[other] = Position::kHidden;
  }
  return view;
}

bool SecretDuel::MoveVisibleTo(const Position& before, Player actor, Move,
                               Player observer) const {
  if (actor != kChancePlayer) return true;
  const int receiver = before.card[0] == Position::kNoCard ? 0 : 1;
  return observer == receiver;
}

void RegisterToyGames() {
  static absl::once_flag once;
  absl::call_once(once, [] {
    RegisterBuiltinGames();
    (void)RegisterGame({
        .name = "chance_nim",
        .help = "test game: nim with random additions",
        .params = {},
        .make = [](const Params& params)
            -> absl::StatusOr<std::shared_ptr<const Game>> {
          return MakeKernelGame("chance_nim", params, ChanceNim{});
        },
        .agents = {MctsAgentEntry<ChanceNim>()},
    });
    (void)RegisterGame({
        .name = "bid_duel",
        .help = "test game: three simultaneous sealed bids",
        .params = {},
        .make = [](const Params& params)
            -> absl::StatusOr<std::shared_ptr<const Game>> {
          return MakeKernelGame("bid_duel", params, BidDuel{});
        },
        .agents = {MctsAgentEntry<BidDuel>()},
    });
    (void)RegisterGame({
        .name = "secret_duel",
        .help = "test game: private cards, one bet",
        .params = {},
        .make = [](const Params& params)
            -> absl::StatusOr<std::shared_ptr<const Game>> {
          return MakeKernelGame("secret_duel", params, SecretDuel{});
        },
        .agents = {},
    });
  });
}

}  // namespace gameai::toy
