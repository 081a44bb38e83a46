#include "gameai/yacht/internal/dice8.h"

#include <algorithm>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/kernel/kernel_adapter.h"

namespace gameai::yacht::dice8 {
namespace {

bool IsOpen(const Scorecard& card, int c) { return card.open & (1 << c); }

int MaxOf(int category) {
  static constexpr std::array<int, kNumCategories> kMax = {
      5, 10, 15, 20, 25, 30, 30, 30, 25, 30, 40, 50, 30};
  return kMax[category];
}

// Dominant: the most frequent face (ties: the higher face) and its count.
std::pair<int, int> Dominant(int dice) {
  const DiceTables& t = DiceTables::Get();
  int face = 0, count = 0;
  for (int f = 1; f <= kFaces; ++f) {
    if (t.count(dice, f) >= count) {
      face = f;
      count = t.count(dice, f);
    }
  }
  return {face, count};
}

int Keep(const std::array<int, kFaces>& counts) {
  return DiceTables::Get().IdOf(counts);
}

// HighDice: 5s and 6s, else 4s, else the highest die.
int HighDice(int dice) {
  const DiceTables& t = DiceTables::Get();
  std::array<int, kFaces> keep{};
  keep[4] = t.count(dice, 5);
  keep[5] = t.count(dice, 6);
  if (keep[4] + keep[5] == 0) keep[3] = t.count(dice, 4);
  if (keep[3] + keep[4] + keep[5] == 0)
    keep[t.faces(dice)[kNumDice - 1] - 1] = 1;
  return Keep(keep);
}

// StraightHold: one die of each present face of the window (of `length`
// faces) that holds the most present faces; ties: the lower window.
int StraightHold(int dice, int length) {
  const DiceTables& t = DiceTables::Get();
  int best_start = 1, best_present = -1;
  for (int start = 1; start + length - 1 <= kFaces; ++start) {
    int present = 0;
    for (int f = start; f < start + length; ++f)
      present += t.count(dice, f) > 0;
    if (present > best_present) {
      best_present = present;
      best_start = start;
    }
  }
  std::array<int, kFaces> keep{};
  for (int f = best_start; f < best_start + length; ++f)
    keep[f - 1] = t.count(dice, f) > 0;
  return Keep(keep);
}

// SmallRun: the first four-face run present (start face), or 0.
int SmallRun(int dice) {
  const DiceTables& t = DiceTables::Get();
  for (int start = 1; start <= 3; ++start) {
    bool run = true;
    for (int f = start; f < start + 4; ++f) run &= t.count(dice, f) > 0;
    if (run) return start;
  }
  return 0;
}

}  // namespace

int BonusMissing(const Scorecard& card) {
  return std::max(0, kUpperBonusThreshold - card.upper);
}

bool BonusReachable(const Scorecard& card) {
  const int missing = BonusMissing(card);
  if (missing == 0) return false;
  int maxima = 0;
  for (int c = kAces; c <= kSixes; ++c) {
    if (IsOpen(card, c)) maxima += 5 * (c + 1);
  }
  return maxima >= missing;
}

int DecisionScore(const Scorecard& card, int category, int dice,
                  int rolls_left) {
  const int preview = Score(category, dice);
  int score = preview * 4 + kWeight[category];
  if (category <= kSixes && BonusReachable(card)) score += kUrgency[category];
  if (category == kChance && rolls_left > 0) score -= kChanceReserve;
  if (category <= kSixes && rolls_left == 0 && 3 * preview < MaxOf(category)) {
    score -= MaxOf(category) - preview;  // waste
  }
  if (preview == 0) score -= kZeroPenalty[category];
  return score;
}

int ChooseCategory(const Scorecard& card, int dice, int rolls_left) {
  const DiceTables& t = DiceTables::Get();
  // Upper lock: three or more 6s, 5s or 4s while the bonus is reachable.
  if (BonusReachable(card)) {
    for (int face = 6; face >= 4; --face) {
      if (t.count(dice, face) >= 3 && IsOpen(card, face - 1)) return face - 1;
    }
  }
  int best = -1, best_score = 0;
  for (int c = 0; c < kNumCategories; ++c) {
    if (!IsOpen(card, c)) continue;
    const int score = DecisionScore(card, c, dice, rolls_left);
    if (best < 0 || score > best_score) {
      best = c;
      best_score = score;
    }
  }
  // Remap small n-of-a-kind to its upper box.
  if (best == kThreeKind || best == kFourKind) {
    const int face = Dominant(dice).first;
    if (face <= 3 && IsOpen(card, face - 1)) return face - 1;
  }
  return best;
}

bool SixesOverYacht(const Scorecard& card) {
  const int missing = BonusMissing(card);
  if (missing < 25) return true;
  if (missing >= 31) return false;
  int open_upper = 0;
  for (int c = kAces; c <= kSixes; ++c) open_upper += IsOpen(card, c);
  return open_upper < 3;
}

int WriteCategory(const Scorecard& card, int dice, int rolls_left) {
  const DiceTables& t = DiceTables::Get();
  if (t.count(dice, 6) >= 4 && IsOpen(card, kSixes) && BonusMissing(card) > 0 &&
      (IsOpen(card, kYacht) && Score(kYacht, dice) == 50)) {
    return SixesOverYacht(card) ? kSixes : kYacht;
  }
  for (int c : {kYacht, kLarge, kFull}) {  // the immediate lock comes first
    if (IsOpen(card, c) && Score(c, dice) == MaxOf(c)) return c;
  }
  bool anything_scores = false;
  for (int c = 0; c < kNumCategories; ++c) {
    anything_scores |= IsOpen(card, c) && Score(c, dice) > 0;
  }
  if (!anything_scores) {
    for (int c : kSacrificeOrder) {
      if (IsOpen(card, c)) return c;
    }
  }
  return ChooseCategory(card, dice, rolls_left);
}

int HoldFor(int target, int dice) {
  const DiceTables& t = DiceTables::Get();
  std::array<int, kFaces> keep{};
  switch (target) {
    case kAces:
    case kTwos:
    case kThrees:
    case kFours:
    case kFives:
    case kSixes:
      keep[target] = t.count(dice, target + 1);
      return Keep(keep);
    case kThreeKind:
    case kFourKind:
    case kYacht: {
      const auto [face, count] = Dominant(dice);
      if (count < 2) return HighDice(dice);
      keep[face - 1] = count;
      return Keep(keep);
    }
    case kFull: {
      // The two faces with the highest counts (ties: the higher face).
      int first = 0, second = 0;
      for (int f = 1; f <= kFaces; ++f) {
        const int c = t.count(dice, f);
        if (first == 0 || c >= t.count(dice, first)) {
          second = first;
          first = f;
        } else if (second == 0 || c >= t.count(dice, second)) {
          second = f;
        }
      }
      keep[first - 1] = std::min(3, t.count(dice, first));
      if (second > 0) keep[second - 1] = std::min(2, t.count(dice, second));
      return Keep(keep);
    }
    case kSmall:
      return StraightHold(dice, 4);
    case kLarge:
      return StraightHold(dice, 5);
    case kChance:
      return HighDice(dice);
  }
  return 0;
}

bool StopsEarly(int target, int dice, int rolls_left) {
  const int preview = Score(target, dice);
  if (target <= kSixes) return preview == 5 * (target + 1);
  const bool last_reroll = rolls_left == 1;
  switch (target) {
    case kThreeKind:
      return last_reroll && preview >= 20;
    case kFourKind:
    case kChance:
      return last_reroll && preview >= 22;
    case kFull:
    case kSmall:
    case kLarge:
    case kYacht:
      return preview == MaxOf(target);
  }
  return false;
}

Decision Decide(const Rules& rules, const Scorecard& card, int dice,
                int rolls_left, int target) {
  Decision d;
  auto write = [&](std::string reason) {
    d.write = true;
    d.category = WriteCategory(card, dice, rolls_left);
    // Under the forced joker a category may be closed to these dice.
    if (rules.ScoreFor(card, d.category, dice) < 0) {
      for (int c = 0; c < kNumCategories; ++c) {
        if (rules.ScoreFor(card, c, dice) >= 0) {
          d.category = c;
          break;
        }
      }
    }
    d.target = d.category;
    d.reason = std::move(reason);
    return d;
  };
  if (rolls_left == 0) return write("no rerolls left");
  // Immediate lock of made YACHT, LARGE, FULL (SIXES v YACHT decides 6s).
  for (int c : {kYacht, kLarge, kFull}) {
    if (IsOpen(card, c) && Score(c, dice) == MaxOf(c))
      return write("made and open");
  }
  // Large Straight chase.
  if (IsOpen(card, kLarge) && SmallRun(dice) > 0) {
    std::array<int, kFaces> keep{};
    for (int f = SmallRun(dice); f < SmallRun(dice) + 4; ++f) keep[f - 1] = 1;
    d.hold = Keep(keep);
    d.target = kLarge;
    d.reason = "chasing the large straight";
    return d;
  }
  int chosen = ChooseCategory(card, dice, rolls_left);
  if (target >= 0 && IsOpen(card, target) && chosen != target &&
      DecisionScore(card, chosen, dice, rolls_left) <=
          DecisionScore(card, target, dice, rolls_left) + kHysteresis) {
    chosen = target;  // hysteresis: keep the plan
  }
  d.target = chosen;
  if (StopsEarly(chosen, dice, rolls_left)) return write("good enough");
  d.hold = HoldFor(chosen, dice);
  if (DiceTables::Get().size(d.hold) == kNumDice)
    return write("every die fits the plan");
  d.reason = fmt::format("holding for {}", CategoryName(chosen));
  return d;
}

namespace {

class Dice8Agent final : public Agent {
 public:
  std::string Explain() const override { return explain_; }

 protected:
  absl::StatusOr<Action> DoStep(const gameai::State& view) override {
    GAMEAI_ASSIGN_OR_RETURN(const KernelState<Rules>* kernel,
                            KernelViewOf<Rules>(view, seat(), "dice8"));
    const Rules& rules = kernel->rules();
    const Position& s = kernel->position();
    const Scorecard& card = s.cards[seat()];
    if (s.rolls_left == 2) target_ = -1;  // a new turn: no plan yet
    const Decision d = Decide(rules, card, s.dice, s.rolls_left, target_);
    target_ = d.target;
    explain_ =
        fmt::format("dice8: target {} ({}); decision scores:",
                    d.target >= 0 ? CategoryName(d.target) : "-", d.reason);
    for (int c = 0; c < kNumCategories; ++c) {
      if (card.open & (1 << c)) {
        explain_ += fmt::format(" {}={}", CategoryName(c),
                                DecisionScore(card, c, s.dice, s.rolls_left));
      }
    }
    if (d.write) return kFirstScoreAction + d.category;
    return Rules::CanonicalHold(s.dice, d.hold);
  }

 private:
  int target_ = -1;
  std::string explain_;
};

}  // namespace

AgentEntry Dice8AgentEntry() {
  return {
      .name = "dice8",
      .help =
          "the original game's Dice8Next CPU player: targets, holds, early "
          "stops, sacrifice order",
      .params = {},
      .make = [](const Game&,
                 const Params&) -> absl::StatusOr<std::unique_ptr<Agent>> {
        return std::make_unique<Dice8Agent>();
      },
  };
}

}  // namespace gameai::yacht::dice8
