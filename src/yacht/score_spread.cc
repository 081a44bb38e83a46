#include "gameai/yacht/score_spread.h"

#include <algorithm>
#include <map>

#include "fmt/format.h"
#include "gameai/base/file_io.h"
#include "gameai/base/status_macros.h"
#include "platform/threads.h"

namespace gameai::yacht {

ScoreSpread::ScoreSpread(std::shared_ptr<const OptimalTable> table)
    : table_(std::move(table)), second_(table_->values_.size(), 0.0) {}

int ScoreSpread::IndexOf(const Scorecard& card) const {
  return OptimalTable::Index(
      card.open, std::min<int>(card.upper, kUpperBonusThreshold),
      table_->rules().options().yahtzee_bonus ? card.yacht50 : 0);
}

double ScoreSpread::StoredSecondMoment(const Scorecard& card) const {
  return card.open == 0 ? 0 : second_[IndexOf(card)];
}

double ScoreSpread::Variance(const Scorecard& card) const {
  const double mean = Mean(card);
  return std::max(0.0, StoredSecondMoment(card) - mean * mean);
}

void ScoreSpread::PickKeepsInside(
    const double* keep, int stride,
    std::array<int16_t, kNumMultisets>& best_inside) {
  const DiceTables& t = DiceTables::Get();
  for (int id = 0; id < kNumMultisets; ++id) {
    int best = id;
    for (int f = 1; f <= kFaces; ++f) {
      const int smaller = t.Without(id, f);
      if (smaller >= 0 &&
          keep[best_inside[smaller] * stride] > keep[best * stride]) {
        best = best_inside[smaller];
      }
    }
    best_inside[id] = static_cast<int16_t>(best);
  }
}

void ScoreSpread::ChoicesOf(const Scorecard& card,
                            OptimalTable::TurnPlan& values,
                            TurnChoices& choices) const {
  const DiceTables& t = DiceTables::Get();
  const int first5 = t.FirstOfSize(kNumDice);
  table_->PlanLevels(card, values, &choices.category);
  // The keep the plan picks inside each five dice (ties: the larger keep,
  // as PlanRerolls), growing one die at a time.
  std::array<int16_t, kNumMultisets> best_inside;
  for (int level = 0; level < 2; ++level) {
    PickKeepsInside(values.keep[level].data(), 1, best_inside);
    for (int r = 0; r < kNumRolls; ++r) {
      choices.keep[level][r] = best_inside[first5 + r];
    }
  }
}

void ScoreSpread::FollowChoices(const TurnChoices& choices, size_t width,
                                double* level, double* keep, double* start) {
  const DiceTables& t = DiceTables::Get();
  const int first5 = t.FirstOfSize(kNumDice);
  for (int l = 0; l < 2; ++l) {
    // As FillKeeps: five dice kept are the level's (the ids of five dice
    // are the rolls, in order); fewer, the mean over one more die.
    std::copy_n(level, kNumRolls * width, keep + first5 * width);
    OptimalTable::MeanOverOneMoreDie(keep, width);
    for (int r = 0; r < kNumRolls; ++r) {
      std::copy_n(keep + choices.keep[l][r] * width, width, level + r * width);
    }
  }
  std::fill_n(start, width, 0.0);
  for (int r = 0; r < kNumRolls; ++r) {
    const double p = t.Probability(first5 + r);
    for (size_t i = 0; i < width; ++i) start[i] += p * level[r * width + i];
  }
}

double ScoreSpread::TurnSecondMoment(const Scorecard& card,
                                     OptimalTable::TurnPlan& values) const {
  const DiceTables& t = DiceTables::Get();
  const int first5 = t.FirstOfSize(kNumDice);
  const Rules& rules = table_->rules();
  // Per multiset a row of two: the plan's mean (which picks the choices)
  // and the second moment, carried through the turn side by side: the
  // same sums as PlanRerolls's and FollowChoices's, in one pass.
  OptimalTable::RollChoices category;
  std::array<double, kNumRolls>& mean = values.level[0];
  table_->LastRoll(card, mean, &category);
  // What follows a box depends on the dice it counted (as LastRollOf):
  // its mean and second moment, and the upper bonus writing it earns.
  std::array<std::array<double, kNumDice + 1>, kNumCategories> after_mean,
      after_second;
  std::array<std::array<int, kNumDice + 1>, kNumCategories> bonus{};
  for (int c = 0; c < kNumCategories; ++c) {
    if (!(card.open & (1 << c))) continue;
    for (int n = 0; n <= kNumDice; ++n) {
      const Scorecard next = OptimalTable::AfterBox(card, c, n, bonus[c][n]);
      after_mean[c][n] = table_->Expected(next);
      after_second[c][n] = StoredSecondMoment(next);
    }
  }
  std::array<double, kNumMultisets * 2> rows;
  // Scoring now: (points + X)^2 with X what follows. A yacht may be a
  // joker: its points come from the rules.
  const bool jokers = rules.options().yahtzee_bonus;
  for (int r = 0; r < kNumRolls; ++r) {
    const int dice = first5 + r;
    const int c = category[r];
    const int n = table_->counted_[c][r];
    const int points = jokers && table_->base_[kYacht][r] == 50
                           ? rules.ScoreFor(card, c, dice)
                           : table_->base_[c][r] + bonus[c][n];
    rows[dice * 2] = mean[r];
    rows[dice * 2 + 1] = double{1} * points * points +
                         2.0 * points * after_mean[c][n] + after_second[c][n];
  }
  std::array<int16_t, kNumMultisets> best_inside;
  std::array<double, kNumRolls * 2> next_level;
  for (int level = 0; level < 2; ++level) {
    // Keeps of fewer than five dice: the mean over one more die; then the
    // keep the plan picks inside each five dice.
    OptimalTable::MeanOverOneMoreDie(rows.data(), 2);
    PickKeepsInside(rows.data(), 2, best_inside);
    for (int r = 0; r < kNumRolls; ++r) {
      const int kept = best_inside[first5 + r];
      next_level[r * 2] = rows[kept * 2];
      next_level[r * 2 + 1] = rows[kept * 2 + 1];
    }
    std::copy(next_level.begin(), next_level.end(), &rows[first5 * 2]);
  }
  double start = 0;
  for (int r = 0; r < kNumRolls; ++r) {
    start += t.Probability(first5 + r) * rows[(first5 + r) * 2 + 1];
  }
  return start;
}

std::vector<double> ScoreSpread::TurnDistribution(const Scorecard& card) const {
  const DiceTables& t = DiceTables::Get();
  const int first5 = t.FirstOfSize(kNumDice);
  const Rules& rules = table_->rules();
  auto values = std::make_unique<OptimalTable::TurnPlan>();
  TurnChoices choices;
  ChoicesOf(card, *values, choices);
  // Scoring now: the distribution after the turn, moved up by the points.
  std::vector<int> points(kNumRolls);
  std::vector<std::shared_ptr<const Cdf>> after(kNumRolls);
  size_t size = 1;
  for (int r = 0; r < kNumRolls; ++r) {
    const int dice = first5 + r;
    const int category = choices.category[r];
    points[r] = rules.ScoreFor(card, category, dice);
    const Scorecard next = OptimalTable::NextCard(card, category, dice);
    if (next.open != 0) after[r] = DistributionLocked(next);
    size = std::max(size, points[r] + (after[r] ? after[r]->size() : 1));
  }
  std::vector<double> level(size_t{kNumRolls} * size);
  for (int r = 0; r < kNumRolls; ++r) {
    double* out = &level[r * size];
    if (after[r] == nullptr) {
      out[points[r]] = 1;
      continue;
    }
    double below = 0;
    for (size_t i = 0; i < after[r]->size(); ++i) {
      out[points[r] + i] = (*after[r])[i] - below;
      below = (*after[r])[i];
    }
  }
  std::vector<double> keep(size_t{kNumMultisets} * size);
  std::vector<double> start(size);
  FollowChoices(choices, size, level.data(), keep.data(), start.data());
  return start;
}

std::shared_ptr<const ScoreSpread::Cdf> ScoreSpread::DistributionLocked(
    const Scorecard& card) const {
  const int index = IndexOf(card);
  if (auto it = distributions_.find(index); it != distributions_.end()) {
    return it->second;
  }
  const std::vector<double> pmf = TurnDistribution(card);
  auto cdf = std::make_shared<Cdf>(pmf.size());
  double sum = 0;
  for (size_t i = 0; i < pmf.size(); ++i) (*cdf)[i] = sum += pmf[i];
  // The last entry is 1 up to rounding: made exactly 1.
  cdf->back() = 1;
  distributions_[index] = cdf;
  return cdf;
}

std::shared_ptr<const ScoreSpread::Cdf> ScoreSpread::Distribution(
    const Scorecard& card) const {
  std::lock_guard<std::mutex> lock(mutex_);
  return DistributionLocked(card);
}

std::shared_ptr<const ScoreSpread> ScoreSpread::Compute(
    std::shared_ptr<const OptimalTable> table, int threads) {
  auto spread = std::shared_ptr<ScoreSpread>(new ScoreSpread(std::move(table)));
  OptimalTable::FillStates(
      spread->table_->rules().options().yahtzee_bonus, threads, spread->second_,
      [&](int open, int flag, const uint8_t* uppers, int count, double* out,
          OptimalTable::Scratch& scratch) {
        for (int i = 0; i < count; ++i) {
          const Scorecard card{static_cast<uint16_t>(open), 0, uppers[i],
                               static_cast<uint8_t>(flag)};
          out[i] = spread->TurnSecondMoment(card, scratch.plan);
        }
      });
  return spread;
}

namespace {
constexpr char kSpreadKind[] = "yacht-score-spread";
constexpr int kSpreadVersion = 1;
// The most a game can score (as the table's bound), squared.
constexpr double kMaxSecondMoment = 2000.0 * 2000.0;

// SpreadParams: what a spread file was made over, down to the table's
// start value printed exactly, so a file never pairs with another table.
std::string SpreadParams(const OptimalTable& table, size_t entries) {
  return fmt::format("yahtzee_bonus={} entries={} start={:.17g}",
                     table.rules().options().yahtzee_bonus ? 1 : 0, entries,
                     table.StartValue());
}
}  // namespace

absl::Status ScoreSpread::Save(const std::string& path) const {
  return WriteTableFile(path,
                        {.kind = kSpreadKind,
                         .version = kSpreadVersion,
                         .params = SpreadParams(*table_, second_.size())},
                        second_.data(),
                        static_cast<int64_t>(second_.size() * sizeof(double)));
}

absl::StatusOr<std::shared_ptr<const ScoreSpread>> ScoreSpread::Load(
    std::shared_ptr<const OptimalTable> table, const std::string& path) {
  absl::StatusOr<TableFileReader> in = TableFileReader::Open(path);
  if (!in.ok()) return in.status();
  auto spread = std::shared_ptr<ScoreSpread>(new ScoreSpread(std::move(table)));
  const std::vector<double>& means = spread->table_->values_;
  std::vector<double>& second = spread->second_;
  GAMEAI_RETURN_IF_ERROR(
      in->Expect(kSpreadKind, kSpreadVersion,
                 SpreadParams(*spread->table_, second.size())));
  GAMEAI_RETURN_IF_ERROR(in->ReadPayload(
      second.data(), static_cast<int64_t>(second.size() * sizeof(double))));
  for (size_t i = 0; i < second.size(); ++i) {
    const double m = means[i], v = second[i];
    // A variance is never negative: beyond rounding, a second moment below
    // the mean's square is damage (NaN fails every comparison).
    if (!(v >= 0 && v <= kMaxSecondMoment && v >= m * m * (1 - 1e-9) - 1e-9)) {
      return absl::InvalidArgumentError(fmt::format(
          "'{}' is damaged: entry {} is {}, not a second moment of points to "
          "come averaging {} (in [{}, {}])",
          path, i, v, m, m * m, kMaxSecondMoment));
    }
  }
  return std::shared_ptr<const ScoreSpread>(spread);
}

absl::StatusOr<std::shared_ptr<const ScoreSpread>> ScoreSpread::Shared(
    const Options& options) {
  GAMEAI_ASSIGN_OR_RETURN(std::shared_ptr<const OptimalTable> table,
                          OptimalTable::Shared(options));
  static std::mutex mutex;
  static auto* spreads = new std::map<bool, std::shared_ptr<const ScoreSpread>>;
  std::lock_guard<std::mutex> lock(mutex);
  auto& spread = (*spreads)[options.yahtzee_bonus];
  if (spread == nullptr) {
    using SpreadPtr = std::shared_ptr<const ScoreSpread>;
    const std::string path =
        OptimalTable::CacheFromEnvironment("spread", options.yahtzee_bonus);
    GAMEAI_ASSIGN_OR_RETURN(
        spread,
        LoadOrMake<SpreadPtr>(
            "yacht score spread cache", path, [&] { return Load(table, path); },
            [&]() -> absl::StatusOr<SpreadPtr> {
              return Compute(table, platform::HardwareThreads());
            }));
  }
  return spread;
}

}  // namespace gameai::yacht
