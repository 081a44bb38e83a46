#include "gameai/yacht/yacht.h"

#include <algorithm>
#include <bit>
#include <bitset>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"

namespace gameai::yacht {
namespace {

constexpr std::string_view kNames[kNumCategories] = {
    "ACES",  "TWOS", "THREES", "FOURS", "FIVES", "SIXES", "3KIND",
    "4KIND", "FULL", "SMALL",  "LARGE", "YACHT", "CHANCE"};

// Straight: the longest run of consecutive faces present.
int LongestRun(int dice) {
  const DiceTables& t = DiceTables::Get();
  int best = 0, run = 0;
  for (int f = 1; f <= kFaces; ++f) {
    run = t.count(dice, f) > 0 ? run + 1 : 0;
    best = std::max(best, run);
  }
  return best;
}

int MaxCount(int dice) {
  const DiceTables& t = DiceTables::Get();
  int best = 0;
  for (int f = 1; f <= kFaces; ++f) best = std::max(best, t.count(dice, f));
  return best;
}

}  // namespace

std::string_view CategoryName(int category) { return kNames[category]; }

namespace {

int ComputeScore(int category, int dice, bool joker) {
  const DiceTables& t = DiceTables::Get();
  if (category <= kSixes) return (category + 1) * t.count(dice, category + 1);
  const int most = MaxCount(dice);
  switch (category) {
    case kThreeKind:
      return most >= 3 ? t.sum(dice) : 0;
    case kFourKind:
      return most >= 4 ? t.sum(dice) : 0;
    case kFull: {
      if (joker) return 25;
      bool three = false, two = false;
      for (int f = 1; f <= kFaces; ++f) {
        three |= t.count(dice, f) == 3;
        two |= t.count(dice, f) == 2;
      }
      return three && two ? 25 : 0;
    }
    case kSmall:
      return joker || LongestRun(dice) >= 4 ? 30 : 0;
    case kLarge:
      return joker || LongestRun(dice) >= 5 ? 40 : 0;
    case kYacht:
      return most == 5 ? 50 : 0;
    case kChance:
      return t.sum(dice);
  }
  return 0;
}

// ScoreTable: every (joker, category, dice) score, computed once: scoring
// sits in the optimal solver's innermost loop.
struct ScoreTable {
  ScoreTable() {
    for (int joker = 0; joker < 2; ++joker) {
      for (int c = 0; c < kNumCategories; ++c) {
        for (int d = 0; d < kNumMultisets; ++d) {
          scores[joker][c][d] = static_cast<uint8_t>(ComputeScore(c, d, joker));
        }
      }
    }
  }
  uint8_t scores[2][kNumCategories][kNumMultisets];
};

}  // namespace

int Score(int category, int dice, bool joker) {
  static const ScoreTable* table = new ScoreTable();
  return table->scores[joker][category][dice];
}

namespace {

constexpr int kMaxUpper = kNumDice * (1 + 2 + 3 + 4 + 5 + 6);  // 105
using Sums = std::bitset<kMaxTotal + 1>;

// UpperReachable: 0..5 dice of each face whose upper box is filled (bit c
// of `closed`) can sum to `upper` exactly.
bool UpperReachable(int closed, int upper) {
  if (upper > kMaxUpper) return false;
  Sums sums;
  sums[0] = true;
  for (int c = 0; c <= kSixes; ++c) {
    if (!(closed & (1 << c))) continue;
    Sums next;
    for (int n = 0; n <= kNumDice; ++n) next |= sums << (n * (c + 1));
    sums = next;
  }
  return sums[upper];
}

// Names: the boxes of `mask` by name, or `none`.
std::string Names(int mask, std::string_view none) {
  std::string names;
  for (int c = 0; c < kNumCategories; ++c) {
    if (mask & (1 << c)) {
      names += fmt::format("{}{}", names.empty() ? "" : " ", CategoryName(c));
    }
  }
  return names.empty() ? std::string(none) : names;
}

}  // namespace

absl::Status CheckScorecard(const Scorecard& card, bool yahtzee_bonus) {
  if (card.open >= (1 << kNumCategories)) {
    return absl::InvalidArgumentError(fmt::format(
        "scorecard: open mask {} names categories beyond the 13 (accepted: "
        "0..8191)",
        card.open));
  }
  if (card.yacht50 > 1) {
    return absl::InvalidArgumentError(fmt::format(
        "scorecard: yacht50 {} is not 0 or 1", static_cast<int>(card.yacht50)));
  }
  if (card.yacht50 && (card.open & (1 << kYacht))) {
    return absl::InvalidArgumentError(
        "scorecard: yacht50=1 (YACHT holds 50) but YACHT is open; no game "
        "reaches it");
  }
  const int closed = ~card.open & ((1 << kNumCategories) - 1);
  const int closed_upper = closed & 63;
  if (!UpperReachable(closed_upper, card.upper)) {
    return absl::InvalidArgumentError(
        closed_upper == 0
            ? fmt::format("scorecard: upper total {} with no upper box "
                          "filled (it can only be 0); no game reaches it",
                          static_cast<int>(card.upper))
            : fmt::format("scorecard: upper total {} cannot come from the "
                          "filled upper boxes {} (0 to 5 dice of each face); "
                          "no game reaches it",
                          static_cast<int>(card.upper),
                          Names(closed_upper, "")));
  }
  // What the filled lower boxes can score together: each box's scores
  // over every roll (with the joker's too), YACHT's as yacht50 says.
  const DiceTables& t = DiceTables::Get();
  Sums lower_sums;
  lower_sums[0] = true;
  for (int c = kThreeKind; c <= kChance; ++c) {
    if (!(closed & (1 << c))) continue;
    Sums values;
    if (c == kYacht) {
      values[card.yacht50 ? 50 : 0] = true;
    } else {
      for (int dice = t.FirstOfSize(kNumDice); dice < kNumMultisets; ++dice) {
        values[Score(c, dice)] = true;
        if (yahtzee_bonus) values[Score(c, dice, /*joker=*/true)] = true;
      }
    }
    Sums next;
    for (int v = 0; v <= 50; ++v) {
      if (values[v]) next |= lower_sums << v;
    }
    lower_sums = next;
  }
  if (yahtzee_bonus && card.yacht50) {
    // A further yacht fills some other box: at most one 100 per box.
    const int others = std::popcount(unsigned(closed)) - 1;
    Sums next;
    for (int k = 0; k <= others; ++k) next |= lower_sums << (kYachtBonus * k);
    lower_sums = next;
  }
  const int bonus = card.upper >= kUpperBonusThreshold ? kUpperBonus : 0;
  const int lower = card.total - card.upper - bonus;
  if (lower < 0 || lower > kMaxTotal || !lower_sums[lower]) {
    return absl::InvalidArgumentError(fmt::format(
        "scorecard: total {} less the upper total {}{} leaves {} for the "
        "filled lower boxes ({}), which cannot score that; no game reaches it",
        static_cast<int>(card.total), static_cast<int>(card.upper),
        bonus ? " and its bonus 35" : "", lower,
        Names(closed & ~63, "none filled")));
  }
  return absl::OkStatus();
}

absl::StatusOr<Rules> Rules::Create(const Options& options) {
  if (options.players < 1 || options.players > kMaxPlayers) {
    return absl::InvalidArgumentError(
        fmt::format("yacht: players={} is out of range [1, {}]",
                    options.players, kMaxPlayers));
  }
  return Rules(options);
}

GameType Rules::Type() const {
  return {.dynamics = GameType::Dynamics::kSequential,
          .chance = GameType::Chance::kStochastic,
          .information = GameType::Information::kPerfect,
          .zero_sum = options_.players == 2,
          // One player's return is the total; more: +1, 0 or -1.
          .utility = options_.players == 2 ? GameType::Utility::kZeroSum
                                           : GameType::Utility::kGeneralSum};
}

Position Rules::InitialPosition() const {
  Position s{};
  for (int p = 0; p < options_.players; ++p) {
    s.cards[p].open = (1 << kNumCategories) - 1;
  }
  s.dice = 0;  // nothing held: the first roll rolls all five
  s.rolls_left = 2;
  s.phase = kRoll;
  return s;
}

Player Rules::CurrentPlayer(const Position& s) const {
  if (s.phase == kOver) return kTerminalPlayer;
  return s.phase == kRoll ? kChancePlayer : s.player;
}

int Rules::HeldDice(int dice, int mask) {
  const DiceTables& t = DiceTables::Get();
  std::array<int, kFaces> counts{};
  for (int i = 0; i < kNumDice; ++i) {
    if (mask & (1 << i)) ++counts[t.faces(dice)[i] - 1];
  }
  return t.IdOf(counts);
}

int Rules::CanonicalHold(int dice, int keep) {
  const DiceTables& t = DiceTables::Get();
  std::array<int, kFaces> left{};
  for (int f = 1; f <= kFaces; ++f) left[f - 1] = t.count(keep, f);
  int mask = 0;
  for (int i = 0; i < kNumDice; ++i) {
    const int face = t.faces(dice)[i];
    if (left[face - 1] > 0) {
      --left[face - 1];
      mask |= 1 << i;
    }
  }
  return mask;
}

bool Rules::IsCanonicalHold(int dice, int mask) {
  // A held die must not follow an unheld die of the same face.
  const auto& faces = DiceTables::Get().faces(dice);
  for (int i = 1; i < kNumDice; ++i) {
    if (faces[i] == faces[i - 1] && (mask & (1 << i)) &&
        !(mask & (1 << (i - 1)))) {
      return false;
    }
  }
  return true;
}

bool Rules::IsJoker(const Scorecard& card, int dice) const {
  return options_.yahtzee_bonus && !(card.open & (1 << kYacht)) &&
         yacht::Score(kYacht, dice) == 50;
}

bool Rules::CategoryAllowed(const Scorecard& card, int category,
                            int dice) const {
  if (!(card.open & (1 << category))) return false;
  if (!IsJoker(card, dice)) return true;
  // Forced joker: the matching upper box if it is open, else a lower box
  // if any is open, else any upper box (for zero).
  const int face = DiceTables::Get().faces(dice)[0];
  constexpr int kLowerMask = ((1 << kNumCategories) - 1) & ~63;
  if (card.open & (1 << (face - 1))) return category == face - 1;
  return !((card.open & kLowerMask) && category <= kSixes);
}

int Rules::ScoreFor(const Scorecard& card, int category, int dice) const {
  if (!CategoryAllowed(card, category, dice)) return -1;
  int points = 0;
  const bool joker = IsJoker(card, dice);
  if (joker && card.yacht50) points += kYachtBonus;
  const int base = yacht::Score(category, dice, joker);
  points += base;
  if (category <= kSixes && card.upper < kUpperBonusThreshold &&
      card.upper + base >= kUpperBonusThreshold) {
    points += kUpperBonus;
  }
  return points;
}

namespace {

// CanonicalHolds: per five-dice id, bit m set when hold mask m (m < 31) is
// canonical; zero for ids of fewer dice. LegalMoves lists from it and
// IsLegal tests it, so the two agree by construction.
const std::array<uint32_t, kNumMultisets>& CanonicalHolds() {
  static const auto* table = [] {
    auto* out = new std::array<uint32_t, kNumMultisets>{};
    for (int d = DiceTables::Get().FirstOfSize(kNumDice); d < kNumMultisets;
         ++d) {
      for (int mask = 0; mask < 31; ++mask) {
        if (Rules::IsCanonicalHold(d, mask)) (*out)[d] |= uint32_t{1} << mask;
      }
    }
    return out;
  }();
  return *table;
}

}  // namespace

void Rules::LegalMoves(const Position& s, MoveList& moves) const {
  moves.count = 0;
  if (s.phase != kDecide) return;
  if (s.rolls_left > 0) {
    for (uint32_t bits = CanonicalHolds()[s.dice]; bits != 0;
         bits &= bits - 1) {
      moves.push_back(static_cast<Move>(std::countr_zero(bits)));
    }
  }
  const Scorecard& card = s.cards[s.player];
  for (int c = 0; c < kNumCategories; ++c) {
    if (CategoryAllowed(card, c, s.dice)) {
      moves.push_back(static_cast<Move>(kFirstScoreAction + c));
    }
  }
}

bool Rules::IsLegal(const Position& s, Move m) const {
  if (s.phase == kRoll) {
    if (m < kFirstChanceAction || m >= kNumActions) return false;
    const DiceTables& t = DiceTables::Get();
    return t.size(m - kFirstChanceAction) == kNumDice - t.size(s.dice);
  }
  if (s.phase != kDecide) return false;
  if (m < 31) {
    return s.rolls_left > 0 && (CanonicalHolds()[s.dice] >> m & 1) != 0;
  }
  if (m >= kFirstScoreAction && m < kFirstChanceAction) {
    return CategoryAllowed(s.cards[s.player], m - kFirstScoreAction, s.dice);
  }
  return false;
}

void Rules::Apply(Position& s, Move m) const {
  const DiceTables& t = DiceTables::Get();
  if (s.phase == kRoll) {
    int dice = s.dice;
    const int rolled = m - kFirstChanceAction;
    for (int f = 1; f <= kFaces; ++f) {
      for (int i = 0; i < t.count(rolled, f); ++i) dice = t.With(dice, f);
    }
    s.dice = static_cast<uint16_t>(dice);
    s.phase = kDecide;
    return;
  }
  if (m < kFirstScoreAction) {  // hold and reroll
    s.dice = static_cast<uint16_t>(HeldDice(s.dice, m));
    --s.rolls_left;
    s.phase = kRoll;
    return;
  }
  const int category = m - kFirstScoreAction;
  Scorecard& card = s.cards[s.player];
  const int points = ScoreFor(card, category, s.dice);
  card.total = static_cast<uint16_t>(card.total + points);
  if (category <= kSixes) {
    card.upper =
        static_cast<uint8_t>(card.upper + yacht::Score(category, s.dice));
  }
  if (category == kYacht && points == 50) card.yacht50 = 1;
  card.open = static_cast<uint16_t>(card.open & ~(1 << category));
  s.dice = 0;
  s.rolls_left = 2;
  s.phase = kRoll;
  if (++s.player == options_.players) {
    s.player = 0;
    if (++s.round == kRounds) s.phase = kOver;
  }
}

namespace {

// RollOutcomes: the multisets the dice not held in `s` may show, with their
// probabilities, as entries {move, probability} of `outcomes`.
// They depend only on how many dice are rolled, so each list is built once
// and copied (a roll of five lists 252).
template <class Outcome>
const std::vector<Outcome>& RollOutcomes(const Position& s) {
  static const auto* lists = [] {
    auto* out = new std::array<std::vector<Outcome>, kNumDice + 1>;
    const DiceTables& t = DiceTables::Get();
    for (int k = 0; k <= kNumDice; ++k) {
      for (int id = t.FirstOfSize(k); id < t.FirstOfSize(k + 1); ++id) {
        (*out)[k].push_back(
            {static_cast<Move>(kFirstChanceAction + id), t.Probability(id)});
      }
    }
    return out;
  }();
  return (*lists)[kNumDice - DiceTables::Get().size(s.dice)];
}

}  // namespace

void Rules::ChanceOutcomes(const Position& s, ChanceList& outcomes) const {
  const auto& list = RollOutcomes<KernelChanceOutcome<Move>>(s);
  outcomes.assign(list.begin(), list.end());
}

void Rules::ChanceOutcomes(const Position& s,
                           std::vector<ChanceOutcome>& outcomes) const {
  const auto& list = RollOutcomes<ChanceOutcome>(s);
  outcomes.assign(list.begin(), list.end());
}

Move Rules::SampleChance(const Position& s, Rng& rng) const {
  const DiceTables& t = DiceTables::Get();
  int rolled = 0;  // no dice yet; one die at a time
  for (int i = t.size(s.dice); i < kNumDice; ++i) {
    rolled = t.With(rolled, 1 + static_cast<int>(rng.Below(kFaces)));
  }
  return static_cast<Move>(kFirstChanceAction + rolled);
}

double Rules::Return(const Position& s, Player p) const {
  if (s.phase != kOver) return 0;
  if (options_.players == 1) return s.cards[0].total;
  int best_other = -1;
  for (int q = 0; q < options_.players; ++q) {
    if (q != p) best_other = std::max<int>(best_other, s.cards[q].total);
  }
  int best = std::max<int>(best_other, s.cards[p].total);
  if (s.cards[p].total < best) return -1;
  return s.cards[p].total > best_other ? 1 : 0;
}

std::string Rules::MoveToString(const Position& s, Move m) const {
  const DiceTables& t = DiceTables::Get();
  if (m >= kFirstChanceAction) {
    std::string out = "roll";
    const int rolled = m - kFirstChanceAction;
    if (rolled < kNumMultisets) {
      for (int i = 0; i < t.size(rolled); ++i)
        out += fmt::format(" {}", t.faces(rolled)[i]);
    }
    return out;
  }
  if (m >= kFirstScoreAction) {
    return fmt::format("score {}", CategoryName(m - kFirstScoreAction));
  }
  std::string out = "hold";
  if (s.phase == kDecide) {
    for (int i = 0; i < kNumDice; ++i) {
      if (m & (1 << i)) out += fmt::format(" {}", t.faces(s.dice)[i]);
    }
  } else {
    out += fmt::format(" mask {}", m);
  }
  return out;
}

std::string Rules::ToString(const Position& s) const {
  const DiceTables& t = DiceTables::Get();
  std::string out =
      fmt::format("round {}/{}, player {}", s.round + 1, kRounds, s.player);
  if (s.phase == kOver) out = "game over";
  out += "\n";
  std::string dice;
  for (int i = 0; i < t.size(s.dice); ++i)
    dice += fmt::format(" {}", t.faces(s.dice)[i]);
  if (s.phase == kDecide) {
    out += fmt::format("dice:{}  (rerolls left: {})\n", dice, s.rolls_left);
  } else if (s.phase == kRoll) {
    out += fmt::format("held:{}  (to roll: {})\n", dice,
                       kNumDice - t.size(s.dice));
  }
  for (int p = 0; p < options_.players; ++p) {
    const Scorecard& c = s.cards[p];
    out += fmt::format("player {}: total {:>3}, upper {:>3}{}, open:", p,
                       c.total, c.upper, c.yacht50 ? ", yacht 50" : "");
    for (int k = 0; k < kNumCategories; ++k) {
      if (c.open & (1 << k)) out += fmt::format(" {}", CategoryName(k));
    }
    out += "\n";
  }
  return out;
}

// Serialize: "player round phase rolls_left dice" then per player
// "open total upper yacht50".
std::string Rules::Serialize(const Position& s) const {
  std::string out = fmt::format("{} {} {} {} {}", s.player, s.round, s.phase,
                                s.rolls_left, s.dice);
  for (int p = 0; p < options_.players; ++p) {
    const Scorecard& c = s.cards[p];
    out += fmt::format(" {} {} {} {}", c.open, c.total, c.upper, c.yacht50);
  }
  return out;
}

absl::StatusOr<Position> Rules::Deserialize(std::string_view text) const {
  const std::vector<std::string_view> words = SplitWords(text);
  const size_t expected = 5 + 4 * static_cast<size_t>(options_.players);
  if (words.size() != expected) {
    return absl::InvalidArgumentError(fmt::format(
        "yacht state: expected {} numbers (player round phase rolls_left dice, "
        "then open total upper yacht50 per player), got {}",
        expected, words.size()));
  }
  std::vector<int64_t> v;
  for (size_t i = 0; i < words.size(); ++i) {
    const std::optional<int64_t> x = ParseInt(words[i]);
    if (!x || *x < 0 || *x > 65535) {
      return absl::InvalidArgumentError(fmt::format(
          "yacht state: field {} '{}' is not a number in [0, 65535]", i + 1,
          words[i]));
    }
    v.push_back(*x);
  }
  auto bad = [](std::string_view what) {
    return absl::InvalidArgumentError(fmt::format("yacht state: {}", what));
  };
  if (v[0] >= options_.players) return bad("player out of range");
  if (v[1] > kRounds) return bad("round out of range");
  if (v[2] > kOver || v[3] > 2 || v[4] >= kNumMultisets)
    return bad("phase, rolls or dice out of range");
  Position s{};
  s.player = static_cast<uint8_t>(v[0]);
  s.round = static_cast<uint8_t>(v[1]);
  s.phase = static_cast<uint8_t>(v[2]);
  s.rolls_left = static_cast<uint8_t>(v[3]);
  s.dice = static_cast<uint16_t>(v[4]);
  for (int p = 0; p < options_.players; ++p) {
    const int64_t* c = &v[5 + 4 * p];
    if (c[0] >= (1 << kNumCategories) || c[2] > 105 || c[3] > 1 ||
        c[1] > kMaxTotal) {
      return bad(fmt::format("player {}'s scorecard is out of range", p));
    }
    s.cards[p] = {static_cast<uint16_t>(c[0]), static_cast<uint16_t>(c[1]),
                  static_cast<uint8_t>(c[2]), static_cast<uint8_t>(c[3])};
  }
  GAMEAI_RETURN_IF_ERROR(Validate(s));
  return s;
}

absl::Status Rules::Validate(const Position& s) const {
  const DiceTables& t = DiceTables::Get();
  auto bad = [](std::string_view what) {
    return absl::InvalidArgumentError(fmt::format("yacht state: {}", what));
  };
  if (s.player >= options_.players) return bad("player out of range");
  if (s.phase > kOver || s.rolls_left > 2 || s.dice >= kNumMultisets)
    return bad("phase, rolls or dice out of range");
  if (s.phase == kOver) {
    if (s.round != kRounds || s.player != 0 || s.dice != 0 || s.rolls_left != 2)
      return bad("a finished game is at round 13 with no turn in progress");
  } else if (s.round >= kRounds) {
    return bad("round out of range");
  }
  if (s.phase == kDecide && t.size(s.dice) != kNumDice)
    return bad("a decision needs five dice");
  if (s.phase == kRoll && t.size(s.dice) == kNumDice)
    return bad("nothing left to roll");
  if (s.phase == kRoll && s.rolls_left == 2 && s.dice != 0)
    return bad("dice are held before the first roll");
  for (int p = 0; p < kMaxPlayers; ++p) {
    const Scorecard& c = s.cards[p];
    if (p >= options_.players) {
      if (c.open != 0 || c.total != 0 || c.upper != 0 || c.yacht50 != 0)
        return bad(fmt::format("seat {} is not playing but has a card", p));
      continue;
    }
    if (c.open >= (1 << kNumCategories) || c.yacht50 > 1 || c.total > kMaxTotal)
      return bad(fmt::format("player {}'s scorecard is out of range", p));
    const int filled = kNumCategories - std::popcount(unsigned{c.open});
    const int expected_filled =
        s.phase == kOver ? kRounds : s.round + (p < s.player ? 1 : 0);
    if (filled != expected_filled) {
      return bad(
          fmt::format("player {} has {} categories filled; round {} needs {}",
                      p, filled, s.round + 1, expected_filled));
    }
    if (absl::Status card = CheckScorecard(c, options_.yahtzee_bonus);
        !card.ok()) {
      return bad(fmt::format("player {}'s {}", p, Str(card.message())));
    }
  }
  if (absl::Status playable = CheckPlayable(*this, s); !playable.ok()) {
    return bad(Str(playable.message()));
  }
  return absl::OkStatus();
}

}  // namespace gameai::yacht
