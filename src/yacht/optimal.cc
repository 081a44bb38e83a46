#include "gameai/yacht/optimal.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <map>
#include <mutex>
#include <type_traits>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/file_io.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"
#include "gameai/kernel/kernel_adapter.h"
#include "platform/threads.h"

namespace gameai::yacht {
namespace {

constexpr int kUpperCap =
    kUpperBonusThreshold;  // upper totals above 63 act as 63

// ReachableUpper: bit u set when the closed upper categories (bit c of
// `closed`) can sum to u (capped at 63) with 0..5 dice each.
std::array<uint64_t, 64> ReachableUpperTable() {
  std::array<uint64_t, 64> reach{};
  for (int closed = 0; closed < 64; ++closed) {
    uint64_t sums = 1;  // total 0
    for (int c = 0; c < 6; ++c) {
      if (!(closed & (1 << c))) continue;
      uint64_t next = 0;
      for (int u = 0; u < 64; ++u) {
        if (!(sums & (uint64_t{1} << u))) continue;
        for (int n = 0; n <= kNumDice; ++n) {
          next |= uint64_t{1} << std::min(kUpperCap, u + n * (c + 1));
        }
      }
      sums = next;
    }
    reach[closed] = sums;
  }
  return reach;
}

}  // namespace

OptimalTable::OptimalTable(const Rules& rules)
    : rules_(rules), values_(size_t{1} << 13 << 6 << 1, 0.0) {
  const DiceTables& t = DiceTables::Get();
  for (int r = 0; r < kNumRolls; ++r) {
    const int dice = t.FirstOfSize(kNumDice) + r;
    for (int c = 0; c < kNumCategories; ++c) {
      base_[c][r] = static_cast<uint8_t>(Score(c, dice));
      counted_[c][r] = static_cast<uint8_t>(
          c <= kSixes ? t.count(dice, c + 1)
                      : (c == kYacht && base_[c][r] == 50 ? kNumDice : 0));
      if (base_[c][r] > 0) scoring_[c][num_scoring_[c]++] = r;
    }
  }
}

double OptimalTable::Expected(const Scorecard& card) const {
  if (card.open == 0) return 0;
  return values_[Index(card.open, std::min<int>(card.upper, kUpperCap),
                       rules_.options().yahtzee_bonus ? card.yacht50 : 0)];
}

absl::StatusOr<double> OptimalTable::Lookup(const Scorecard& card) const {
  GAMEAI_RETURN_IF_ERROR(CheckScorecard(card, rules_.options().yahtzee_bonus));
  return Expected(card);
}

double OptimalTable::StartValue() const {
  return Expected(rules_.InitialPosition().cards[0]);
}

double OptimalTable::CategoryValue(const Scorecard& card, int category,
                                   int dice) const {
  const int points = rules_.ScoreFor(card, category, dice);
  if (points < 0) return -1;
  return points + Expected(NextCard(card, category, dice));
}

Scorecard OptimalTable::NextCard(const Scorecard& card, int category,
                                 int dice) {
  Scorecard next = card;
  next.open = static_cast<uint16_t>(card.open & ~(1 << category));
  if (category <= kSixes) {
    next.upper = static_cast<uint8_t>(
        std::min(kUpperCap, card.upper + Score(category, dice)));
  }
  if (category == kYacht && Score(kYacht, dice) == 50) next.yacht50 = 1;
  return next;
}

std::pair<int, double> OptimalTable::BestCategory(const Scorecard& card,
                                                  int dice) const {
  int best = -1;
  double best_value = -1;
  for (int c = 0; c < kNumCategories; ++c) {
    const double value = CategoryValue(card, c, dice);
    if (value < 0) continue;
    if (value > best_value) {
      best_value = value;
      best = c;
    }
  }
  return {best, best_value};
}

void OptimalTable::PlanLevels(const Scorecard& card, TurnPlan& plan,
                              RollChoices* chosen) const {
  LastRoll(card, plan.level[0], chosen);
  PlanRerolls(plan);
}

Scorecard OptimalTable::AfterBox(const Scorecard& card, int category,
                                 int counted, int& bonus) {
  Scorecard next = card;
  next.open = static_cast<uint16_t>(card.open & ~(1 << category));
  bonus = 0;
  if (category <= kSixes) {
    const int upper = card.upper + counted * (category + 1);
    next.upper = static_cast<uint8_t>(std::min(kUpperCap, upper));
    if (card.upper < kUpperBonusThreshold && upper >= kUpperBonusThreshold) {
      bonus = kUpperBonus;
    }
  }
  if (category == kYacht && counted == kNumDice) next.yacht50 = 1;
  return next;
}

void OptimalTable::LastRoll(const Scorecard& card,
                            std::array<double, kNumRolls>& best,
                            RollChoices* chosen) const {
  // Two copies of the loop: the one without the choices is the agents'.
  if (chosen != nullptr) {
    LastRollOf<true>(card, best, chosen);
  } else {
    LastRollOf<false>(card, best, nullptr);
  }
}

template <bool kRecordChoices>
void OptimalTable::LastRollOf(const Scorecard& card,
                              std::array<double, kNumRolls>& best,
                              RollChoices* chosen) const {
  const DiceTables& t = DiceTables::Get();
  const int first5 = t.FirstOfSize(kNumDice);
  // What follows each category, by how many dice it counted (upper ones:
  // the dice of its face; YACHT: five when it scored 50): the points to
  // come, and the upper bonus writing it earns.
  std::array<std::array<double, kNumDice + 1>, kNumCategories> after{};
  std::array<std::array<int, kNumDice + 1>, kNumCategories> bonus{};
  for (int c = 0; c < kNumCategories; ++c) {
    if (!(card.open & (1 << c))) continue;
    for (int n = 0; n <= kNumDice; ++n) {
      after[c][n] = Expected(AfterBox(card, c, n, bonus[c][n]));
    }
  }
  // Category by category over every roll, all scored plainly from the
  // tables: the inner loop has no branch. Ties go to the first category,
  // as in BestCategory.
  best.fill(-1);
  if constexpr (kRecordChoices) chosen->fill(-1);
  for (int c = 0; c < kNumCategories; ++c) {
    if (!(card.open & (1 << c))) continue;
    const std::array<uint8_t, kNumRolls>& base = base_[c];
    const std::array<uint8_t, kNumRolls>& counted = counted_[c];
    for (int r = 0; r < kNumRolls; ++r) {
      const int n = counted[r];
      const double value = (base[r] + bonus[c][n]) + after[c][n];
      if constexpr (kRecordChoices) {
        if (value > best[r]) (*chosen)[r] = static_cast<int8_t>(c);
      }
      best[r] = std::max(best[r], value);
    }
  }
  // Under the yahtzee bonus a yacht may be a joker: only those rolls are
  // scored again, by the rules.
  if (rules_.options().yahtzee_bonus) {
    for (int r = 0; r < kNumRolls; ++r) {
      if (base_[kYacht][r] != 50) continue;
      best[r] = -1;
      if constexpr (kRecordChoices) (*chosen)[r] = -1;
      for (int c = 0; c < kNumCategories; ++c) {
        if (!(card.open & (1 << c))) continue;
        const int points = rules_.ScoreFor(card, c, first5 + r);
        if (points < 0) continue;
        const double value = points + after[c][counted_[c][r]];
        if constexpr (kRecordChoices) {
          if (value > best[r]) (*chosen)[r] = static_cast<int8_t>(c);
        }
        best[r] = std::max(best[r], value);
      }
    }
  }
}

void OptimalTable::PlanRerolls(TurnPlan& plan) {
  const DiceTables& t = DiceTables::Get();
  const int first5 = t.FirstOfSize(kNumDice);
  for (int level = 0; level < 2; ++level) {
    FillKeeps(plan, level);
    auto& keep = plan.keep[level];
    // The best keep inside each multiset, growing one die at a time:
    // best(K) = max(keep(K), best(K less one die of each face it holds)).
    // A missing face points at the last entry, -infinity: no branch.
    std::array<double, kNumMultisets + 1> best;
    best[kNumMultisets] = -std::numeric_limits<double>::infinity();
    for (int id = 0; id < kNumMultisets; ++id) {
      double b = keep[id];
      for (const int16_t smaller : t.OneLess(id)) {
        b = std::max(b, best[smaller]);
      }
      best[id] = b;
    }
    for (int r = 0; r < kNumRolls; ++r)
      plan.level[level + 1][r] = best[first5 + r];
  }
}

namespace {

// MeanOverOneMoreDieOf: MeanOverOneMoreDie for a width known at run time
// (size_t) or when compiled (std::integral_constant: loops the compiler
// vectorizes).
template <typename Width>
void MeanOverOneMoreDieOf(double* rows, Width width) {
  const DiceTables& t = DiceTables::Get();
  for (int id = t.FirstOfSize(kNumDice) - 1; id >= 0; --id) {
    double* out = rows + id * width;
    if constexpr (std::is_same_v<Width, size_t>) {
      for (size_t i = 0; i < width; ++i) out[i] = 0;
      for (int f = 1; f <= kFaces; ++f) {
        const double* in = rows + t.With(id, f) * width;
        for (size_t i = 0; i < width; ++i) out[i] += in[i];
      }
      // A multiply: divisions are slow.
      for (size_t i = 0; i < width; ++i) out[i] *= 1.0 / kFaces;
    } else {
      // The same sums in registers: `out` may be any row, so sums kept in
      // it would be stored and reloaded at every face.
      std::array<double, Width::value> sum{};
      for (int f = 1; f <= kFaces; ++f) {
        const double* in = rows + t.With(id, f) * width;
        for (size_t i = 0; i < width; ++i) sum[i] += in[i];
      }
      for (size_t i = 0; i < width; ++i) out[i] = sum[i] * (1.0 / kFaces);
    }
  }
}

}  // namespace

void OptimalTable::MeanOverOneMoreDie(double* rows, size_t width) {
  if (width == 2) {  // ScoreSpread's means and second moments side by side
    MeanOverOneMoreDieOf(rows, std::integral_constant<size_t, 2>{});
  } else {
    MeanOverOneMoreDieOf(rows, width);
  }
}

void OptimalTable::FillKeeps(TurnPlan& plan, int level) {
  const int first5 = DiceTables::Get().FirstOfSize(kNumDice);
  auto& keep = plan.keep[level];
  // Keeps of five dice: stop rolling (the ids of five dice are the rolls,
  // in order). Smaller: the mean over one more die.
  std::copy_n(plan.level[level].begin(), kNumRolls, &keep[first5]);
  MeanOverOneMoreDie(keep.data(), 1);
}

namespace {

// RollAllFive: the value of a turn's start, the mean of level 2 over the
// 252 rolls of five dice (the table's entry, computed the same way
// wherever it is needed).
double RollAllFive(const OptimalTable::TurnPlan& plan) {
  const DiceTables& t = DiceTables::Get();
  const int first5 = t.FirstOfSize(kNumDice);
  double sum = 0;
  for (int r = 0; r < kNumRolls; ++r) {
    sum += t.Probability(first5 + r) * plan.level[2][r];
  }
  return sum;
}

}  // namespace

void OptimalTable::PlanTurn(const Scorecard& card, TurnPlan& plan) const {
  PlanLevels(card, plan);
  FillKeeps(plan, 2);
  plan.keep[2][0] = RollAllFive(plan);  // exactly the table's entry
}

template <int kLanes>
void OptimalTable::TurnStartValues(int open, int flag, const uint8_t* uppers,
                                   double* out, double* rows) const {
  static_assert(kLanes % 2 == 0, "lanes come in pairs");
  using Lanes = std::array<double, kLanes>;
  const DiceTables& t = DiceTables::Get();
  const int first5 = t.FirstOfSize(kNumDice);
  auto row = [&](int id) { return rows + id * kLanes; };
  // Two lanes at a time in a vector register (GCC and Clang vectors: one
  // instruction where the target has them).
  using Pair = double __attribute__((vector_size(16)));
  using Pairs = std::array<Pair, kLanes / 2>;
  auto load = [](const double* from) {
    Pairs v;
    std::memcpy(&v, from, sizeof v);
    return v;
  };
  auto store_max = [](double* to, const Pairs& v) {  // max, as std::max
    Pairs best;
    std::memcpy(&best, to, sizeof best);
    for (size_t k = 0; k < v.size(); ++k)
      best[k] = v[k] > best[k] ? v[k] : best[k];
    std::memcpy(to, &best, sizeof best);
  };
  // As LastRollOf, per lane: what follows each category by the dice it
  // counted, and the upper bonus writing it earns.
  std::array<std::array<Lanes, kNumDice + 1>, kNumCategories> after;
  std::array<std::array<std::array<int, kLanes>, kNumDice + 1>, kNumCategories>
      bonus;
  for (int c = 0; c < kNumCategories; ++c) {
    if (!(open & (1 << c))) continue;
    for (int n = 0; n <= kNumDice; ++n) {
      for (int i = 0; i < kLanes; ++i) {
        const Scorecard card{static_cast<uint16_t>(open), 0, uppers[i],
                             static_cast<uint8_t>(flag)};
        after[c][n][i] = Expected(AfterBox(card, c, n, bonus[c][n][i]));
      }
    }
  }
  // No reroll left: the five-dice rows (the rolls, in order) hold each
  // roll's best category. Any roll may write a zero in any open box, so
  // every row starts at the best zero; then each box is offered to the
  // rolls that score in it. A zero offered where the box scores is beaten
  // by the real score (a point or more, and a higher upper total or the
  // yacht flag never lowers what follows), so every maximum is the one
  // over all boxes, bit for bit.
  Lanes zero;
  zero.fill(-1);
  for (int c = 0; c < kNumCategories; ++c) {
    if (!(open & (1 << c))) continue;
    for (int i = 0; i < kLanes; ++i)
      zero[i] = std::max(zero[i], after[c][0][i]);
  }
  double* level = row(first5);
  for (int r = 0; r < kNumRolls; ++r) {
    std::copy_n(zero.begin(), kLanes, level + r * kLanes);
  }
  for (int c = 0; c < kNumCategories; ++c) {
    if (!(open & (1 << c))) continue;
    const std::array<uint8_t, kNumRolls>& rolls = scoring_[c];
    const int num_rolls = num_scoring_[c];
    if (c <= kSixes) {
      // An upper box's score and the bonus it earns depend on the dice of
      // its face alone: one offer per count. Small integers add exactly,
      // so points + bonus is LastRollOf's integer sum.
      std::array<Lanes, kNumDice + 1> offer;
      for (int n = 1; n <= kNumDice; ++n) {
        for (int i = 0; i < kLanes; ++i) {
          const double points = n * (c + 1) + bonus[c][n][i];
          offer[n][i] = points + after[c][n][i];
        }
      }
      for (int k = 0; k < num_rolls; ++k) {
        const int r = rolls[k];
        store_max(level + r * kLanes, load(offer[counted_[c][r]].data()));
      }
    } else {
      for (int k = 0; k < num_rolls; ++k) {
        const int r = rolls[k];
        const double base = base_[c][r];
        Pairs value = load(after[c][counted_[c][r]].data());
        for (Pair& v : value) v = base + v;
        store_max(level + r * kLanes, value);
      }
    }
  }
  if (rules_.options().yahtzee_bonus) {
    // A yacht may be a joker: those rolls are scored again by the rules.
    // The rules' points depend on the upper total only through the upper
    // bonus (an upper box scores its own dice, joker or not), so they are
    // asked once for a scorecard whose bonus is settled, and each lane
    // adds its own bonus for the dice the box counted.
    const Scorecard settled{static_cast<uint16_t>(open), 0, kUpperCap,
                            static_cast<uint8_t>(flag)};
    for (int r = 0; r < kNumRolls; ++r) {
      if (base_[kYacht][r] != 50) continue;
      std::array<int, kNumCategories> points;
      for (int c = 0; c < kNumCategories; ++c) {
        points[c] =
            open & (1 << c) ? rules_.ScoreFor(settled, c, first5 + r) : -1;
      }
      for (int i = 0; i < kLanes; ++i) {
        double best = -1;
        for (int c = 0; c < kNumCategories; ++c) {
          if (points[c] < 0) continue;
          const int n = counted_[c][r];
          best = std::max(best, (points[c] + bonus[c][n][i]) + after[c][n][i]);
        }
        level[r * kLanes + i] = best;
      }
    }
  }
  // Both rerolls as PlanRerolls, in place: the keeps of fewer dice are
  // means over one more die; then every multiset takes the best keep
  // inside it, growing one die at a time, so the five-dice rows become
  // the next level.
  std::fill_n(row(kNumMultisets), kLanes,
              -std::numeric_limits<double>::infinity());
  for (int l = 0; l < 2; ++l) {
    MeanOverOneMoreDieOf(rows, std::integral_constant<size_t, kLanes>{});
    for (int id = 0; id < kNumMultisets; ++id) {
      // Pair by pair: the pair stays in a register over the smaller sets.
      for (int i = 0; i < kLanes; i += 2) {
        Pair best;
        std::memcpy(&best, row(id) + i, sizeof best);
        for (const int16_t smaller : t.OneLess(id)) {
          Pair inside;
          std::memcpy(&inside, row(smaller) + i, sizeof inside);
          best = inside > best ? inside : best;
        }
        std::memcpy(row(id) + i, &best, sizeof best);
      }
    }
  }
  // As RollAllFive.
  Lanes sum{};
  for (int r = 0; r < kNumRolls; ++r) {
    const double p = t.Probability(first5 + r);
    for (int i = 0; i < kLanes; ++i) sum[i] += p * level[r * kLanes + i];
  }
  std::copy_n(sum.begin(), kLanes, out);
}

void OptimalTable::FillStates(bool yahtzee_bonus, int threads,
                              std::vector<double>& values,
                              const StatesFunction& compute) {
  if (threads < 1) threads = 1;
  const std::array<uint64_t, 64> reach = ReachableUpperTable();
  const int flags = yahtzee_bonus ? 2 : 1;
  // Open masks by number of open categories: a layer needs only the ones
  // below it.
  std::vector<std::vector<int>> layers(kNumCategories + 1);
  for (int open = 1; open < (1 << kNumCategories); ++open) {
    layers[std::popcount(static_cast<unsigned>(open))].push_back(open);
  }
  // One scratch per worker, allocated here: the workers allocate nothing,
  // so no std::bad_alloc can end the process from a thread.
  std::vector<std::unique_ptr<Scratch>> scratches;
  for (int w = 0; w < threads; ++w)
    scratches.push_back(std::make_unique<Scratch>());
  for (int n = 1; n <= kNumCategories; ++n) {
    const std::vector<int>& masks = layers[n];
    // Masks are taken one at a time as workers free up: their work
    // differs many times over (how many upper totals each computes).
    std::atomic<int> next_mask{0};
    const int count = static_cast<int>(masks.size());
    auto work = [&](Scratch& scratch) {
      for (int m;
           (m = next_mask.fetch_add(1, std::memory_order_relaxed)) < count;) {
        const int open = masks[m];
        const uint64_t reachable = reach[~open & 63];
        // Below 63 minus the most the open upper boxes can add, the bonus
        // is out of reach: every such total plays alike (the same points,
        // the same totals-out-of-reach after each box), so the lowest is
        // computed and its value copied, bit for bit.
        int most_upper = 0;
        for (int c = 0; c <= kSixes; ++c) {
          if (open & (1 << c)) most_upper += kNumDice * (c + 1);
        }
        const int out_of_reach_below = kUpperCap - most_upper;
        for (int flag = 0; flag < flags; ++flag) {
          if (flag && (open & (1 << kYacht))) continue;  // 50 needs YACHT
          std::array<uint8_t, kUpperCap + 1> uppers;
          std::array<double, kUpperCap + 1> computed;
          int computing = 0, copied_from = -1;
          for (int upper = 0; upper <= kUpperCap; ++upper) {
            if (!(reachable & (uint64_t{1} << upper))) continue;
            if (upper < out_of_reach_below) {
              if (copied_from >= 0) continue;
              copied_from = upper;
            }
            uppers[computing++] = static_cast<uint8_t>(upper);
          }
          for (int i = 0; i < computing; i += kMaxLanes) {
            compute(open, flag, &uppers[i], std::min(kMaxLanes, computing - i),
                    &computed[i], scratch);
          }
          for (int i = 0; i < computing; ++i) {
            values[Index(open, uppers[i], flag)] = computed[i];
          }
          for (int upper = copied_from + 1; upper < out_of_reach_below;
               ++upper) {
            if (reachable & (uint64_t{1} << upper)) {
              values[Index(open, upper, flag)] =
                  values[Index(open, copied_from, flag)];
            }
          }
        }
      }
    };
    platform::RunOnThreads(threads, [&](int w) { work(*scratches[w]); });
  }
}

absl::StatusOr<std::shared_ptr<const OptimalTable>> OptimalTable::Compute(
    const Options& options, int threads) {
  GAMEAI_ASSIGN_OR_RETURN(
      Rules rules,
      Rules::Create({.players = 1, .yahtzee_bonus = options.yahtzee_bonus}));
  auto table = std::shared_ptr<OptimalTable>(new OptimalTable(rules));
  // Batches of 8, 4 and 2 lanes: at most one lane computed for nothing.
  FillStates(
      options.yahtzee_bonus, threads, table->values_,
      [&](int open, int flag, const uint8_t* uppers, int count, double* out,
          Scratch& scratch) {
        double* rows = scratch.rows.data();
        for (int i = 0; i < count;) {
          const int left = count - i;
          if (left >= 8) {
            table->TurnStartValues<8>(open, flag, uppers + i, out + i, rows);
            i += 8;
          } else if (left >= 4) {
            table->TurnStartValues<4>(open, flag, uppers + i, out + i, rows);
            i += 4;
          } else if (left >= 2) {
            table->TurnStartValues<2>(open, flag, uppers + i, out + i, rows);
            i += 2;
          } else {  // lanes come in pairs: the last one twice
            const uint8_t twice[2] = {uppers[i], uppers[i]};
            double values[2];
            table->TurnStartValues<2>(open, flag, twice, values, rows);
            out[i] = values[0];
            i += 1;
          }
        }
      });
  return std::shared_ptr<const OptimalTable>(table);
}

namespace {
constexpr char kTableKind[] = "yacht-optimal-table";
constexpr int kTableVersion = 2;
// The most a game can still score (13 categories, the upper bonus, 12
// yahtzee bonuses): a larger or non-finite entry is a damaged table.
constexpr double kMaxExpected = 2000;

std::string TableParams(bool yahtzee_bonus, size_t entries) {
  return fmt::format("yahtzee_bonus={} entries={}", yahtzee_bonus ? 1 : 0,
                     entries);
}
}  // namespace

absl::Status OptimalTable::Save(const std::string& path) const {
  return WriteTableFile(
      path,
      {.kind = kTableKind,
       .version = kTableVersion,
       .params = TableParams(rules_.options().yahtzee_bonus, values_.size())},
      values_.data(), static_cast<int64_t>(values_.size() * sizeof(double)));
}

absl::StatusOr<std::shared_ptr<const OptimalTable>> OptimalTable::Load(
    const Options& options, const std::string& path) {
  GAMEAI_ASSIGN_OR_RETURN(
      Rules rules,
      Rules::Create({.players = 1, .yahtzee_bonus = options.yahtzee_bonus}));
  absl::StatusOr<TableFileReader> in = TableFileReader::Open(path);
  if (!in.ok()) return in.status();
  auto table = std::shared_ptr<OptimalTable>(new OptimalTable(rules));
  GAMEAI_RETURN_IF_ERROR(
      in->Expect(kTableKind, kTableVersion,
                 TableParams(options.yahtzee_bonus, table->values_.size())));
  GAMEAI_RETURN_IF_ERROR(in->ReadPayload(
      table->values_.data(),
      static_cast<int64_t>(table->values_.size() * sizeof(double))));
  for (size_t i = 0; i < table->values_.size(); ++i) {
    const double v = table->values_[i];
    if (!(v >= 0 && v <= kMaxExpected)) {  // NaN fails both
      return absl::InvalidArgumentError(fmt::format(
          "'{}' is damaged: entry {} is {}, not an expected score in [0, {}]",
          path, i, v, kMaxExpected));
    }
  }
  return std::shared_ptr<const OptimalTable>(table);
}

std::string OptimalTable::CacheFromEnvironment(std::string_view what,
                                               bool yahtzee_bonus) {
  const char* dir = std::getenv("GAMEAI_YACHT_TABLE_DIR");
  if (dir == nullptr || *dir == '\0') return "";
  return fmt::format("{}/yacht-{}-bonus{}.table", dir, what,
                     yahtzee_bonus ? 1 : 0);
}

absl::StatusOr<std::shared_ptr<const OptimalTable>> OptimalTable::Shared(
    const Options& options, const std::string& given_cache_path, int threads) {
  const std::string cache_path =
      given_cache_path.empty()
          ? CacheFromEnvironment("optimal", options.yahtzee_bonus)
          : given_cache_path;
  static std::mutex mutex;
  // By rules, and by rules and cache file: a file is checked (and written)
  // once per process even when the table is already known.
  static auto* tables = new std::map<bool, std::shared_ptr<const OptimalTable>>;
  static auto* cached = new std::map<std::pair<bool, std::string>,
                                     std::shared_ptr<const OptimalTable>>;
  std::lock_guard<std::mutex> lock(mutex);
  const bool bonus = options.yahtzee_bonus;
  if (cache_path.empty()) {
    if (auto it = tables->find(bonus); it != tables->end()) return it->second;
  } else if (auto it = cached->find({bonus, cache_path}); it != cached->end()) {
    return it->second;
  }
  using TablePtr = std::shared_ptr<const OptimalTable>;
  GAMEAI_ASSIGN_OR_RETURN(
      TablePtr table,
      LoadOrMake<TablePtr>(
          "yacht table cache", cache_path,
          [&] { return Load(options, cache_path); },
          [&]() -> absl::StatusOr<TablePtr> {
            if (auto it = tables->find(bonus); it != tables->end()) {
              return it->second;
            }
            return Compute(options,
                           threads > 0 ? threads : platform::HardwareThreads());
          }));
  tables->emplace(bonus, table);
  if (!cache_path.empty()) (*cached)[{bonus, cache_path}] = table;
  return table;
}

}  // namespace gameai::yacht
