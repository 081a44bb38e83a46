#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <string>
#include <vector>

#include "file_test_util.h"
#include "fmt/format.h"
#include "gameai/arena/arena.h"
#include "gameai/base/file_io.h"
#include "gameai/dynamic/registry.h"
#include "gameai/yacht/maxwin.h"
#include "gameai/yacht/score_spread.h"
#include "gtest/gtest.h"

namespace gameai::yacht {
namespace {

std::shared_ptr<const ScoreSpread> StandardSpread() {
  absl::StatusOr<std::shared_ptr<const ScoreSpread>> spread =
      ScoreSpread::Shared({.players = 2});
  EXPECT_TRUE(spread.ok()) << spread.status();
  return spread.ok() ? *spread : nullptr;
}

// The spread's cache file: read back alike, refused over another table,
// and a file of no second moments (NaN, or below the means' squares) is
// damage, left as it was.
TEST(YachtScoreSpreadCache, SavedSpreadLoadsAlikeOverItsTableOnly) {
  const std::shared_ptr<const ScoreSpread> spread = StandardSpread();
  ASSERT_NE(spread, nullptr);
  absl::StatusOr<std::shared_ptr<const OptimalTable>> table =
      OptimalTable::Shared({.players = 1});
  ASSERT_TRUE(table.ok()) << table.status();
  const std::string path = ::testing::TempDir() + "/gameai_yacht_spread.table";
  std::remove(path.c_str());
  ASSERT_TRUE(spread->Save(path).ok());
  absl::StatusOr<std::shared_ptr<const ScoreSpread>> loaded =
      ScoreSpread::Load(*table, path);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  for (const Scorecard card :
       {Scorecard{0x1fff, 0, 0, 0}, Scorecard{1 << kChance, 0, 0, 0},
        Scorecard{0x1f00, 0, 40, 0}}) {
    EXPECT_EQ((*loaded)->Variance(card), spread->Variance(card));
  }
  absl::StatusOr<std::shared_ptr<const OptimalTable>> bonus_table =
      OptimalTable::Shared({.players = 1, .yahtzee_bonus = true});
  ASSERT_TRUE(bonus_table.ok()) << bonus_table.status();
  absl::StatusOr<std::shared_ptr<const ScoreSpread>> other =
      ScoreSpread::Load(*bonus_table, path);
  ASSERT_FALSE(other.ok());
  EXPECT_NE(other.status().message().find("yahtzee_bonus=1"), std::string::npos)
      << other.status();
  std::remove(path.c_str());

  const std::string params = fmt::format(
      "yahtzee_bonus=0 entries=1048576 start={:.17g}", (*table)->StartValue());
  for (double value : {std::numeric_limits<double>::quiet_NaN(), 0.0}) {
    const std::vector<double> values(size_t{1} << 20, value);
    ASSERT_TRUE(
        WriteTableFile(
            path,
            {.kind = "yacht-score-spread", .version = 1, .params = params},
            values.data(), static_cast<int64_t>(values.size() * 8))
            .ok());
    const std::string before = gameai::testing::ReadBytes(path);
    absl::StatusOr<std::shared_ptr<const ScoreSpread>> damaged =
        ScoreSpread::Load(*table, path);
    ASSERT_FALSE(damaged.ok()) << value;
    EXPECT_NE(damaged.status().message().find("damaged"), std::string::npos)
        << damaged.status();
    EXPECT_EQ(gameai::testing::ReadBytes(path), before);
    std::remove(path.c_str());
  }
}

// Only CHANCE left: each die is kept when it shows 5 or 6 with two rerolls
// left, 4 or more with one; the dice are independent, each with mean 14/3
// and second moment 214/9, so the sum has variance 5 * (214/9 - 196/9) =
// 10.
TEST(YachtScoreSpread, ChanceAloneHasTheVarianceOfFiveIndependentDice) {
  const std::shared_ptr<const ScoreSpread> spread = StandardSpread();
  ASSERT_NE(spread, nullptr);
  const Scorecard chance_only{static_cast<uint16_t>(1 << kChance), 0, 0, 0};
  EXPECT_NEAR(spread->Mean(chance_only), 70.0 / 3.0, 1e-9);
  EXPECT_NEAR(spread->Variance(chance_only), 10.0, 1e-9);
}

// PYacht: the chance of a yacht in three rolls keeping the most common
// face, by enumerating every roll (independent of the table).
double PYacht() {
  // best[k]: the chance of five alike from a largest group of k with
  // `rolls` rolls left, by the distribution of the new largest group.
  std::array<double, 6> now{0, 0, 0, 0, 0, 1};  // no rolls left
  for (int rolls = 0; rolls < 2; ++rolls) {
    std::array<double, 6> before{};
    for (int k = 1; k <= 5; ++k) {
      if (k == 5) {
        before[k] = 1;
        continue;
      }
      const int n = 5 - k;
      int outcomes = 1;
      for (int i = 0; i < n; ++i) outcomes *= 6;
      double sum = 0;
      for (int code = 0; code < outcomes; ++code) {
        std::array<int, 6> counts{};
        counts[0] = k;  // the kept face is face 1 (by symmetry)
        for (int i = 0, c = code; i < n; ++i, c /= 6) ++counts[c % 6];
        sum += now[*std::max_element(counts.begin(), counts.end())];
      }
      before[k] = sum / outcomes;
    }
    now = before;
  }
  // The first roll of five dice.
  double sum = 0;
  for (int code = 0; code < 7776; ++code) {
    std::array<int, 6> counts{};
    for (int i = 0, c = code; i < 5; ++i, c /= 6) ++counts[c % 6];
    sum += now[*std::max_element(counts.begin(), counts.end())];
  }
  return sum / 7776;
}

// Only YACHT left: 50 with the chance p of a yacht, else 0, so the
// variance is 2500 p (1 - p).
TEST(YachtScoreSpread, YachtAloneIsFiftyOrNothing) {
  const std::shared_ptr<const ScoreSpread> spread = StandardSpread();
  ASSERT_NE(spread, nullptr);
  const double p = PYacht();
  EXPECT_NEAR(p, 0.0460286, 1e-7);
  const Scorecard yacht_only{static_cast<uint16_t>(1 << kYacht), 0, 0, 0};
  EXPECT_NEAR(spread->Mean(yacht_only), 50 * p, 1e-9);
  EXPECT_NEAR(spread->Variance(yacht_only), 2500 * p * (1 - p), 1e-9);
}

// The spread of a whole game of `optimal`: its standard deviation, checked
// against the games the arena plays.
TEST(YachtScoreSpread, WholeGameSpreadMatchesPlayedGames) {
  const std::shared_ptr<const ScoreSpread> spread = StandardSpread();
  ASSERT_NE(spread, nullptr);
  const Scorecard start{(1 << kNumCategories) - 1, 0, 0, 0};
  const double sd = std::sqrt(spread->Variance(start));
  EXPECT_GT(sd, 30);
  EXPECT_LT(sd, 80);
  absl::StatusOr<MatchResult> r = RunMatch({.game = "yacht(players=1)",
                                            .agents = {"optimal"},
                                            .games = 400,
                                            .seed = 5});
  ASSERT_TRUE(r.ok()) << r.status();
  // The sample's standard deviation from the interval's half-width.
  const auto& ci = r->agents[0].mean_score_ci95;
  const double sample_sd = (ci.high - ci.low) / 2 / 1.96 * std::sqrt(400.0);
  // Its standard error is about sd / sqrt(2n) (heavier tails: 3 of them).
  EXPECT_NEAR(sample_sd, sd, 3 * sd / std::sqrt(800.0));
}

FinalScore N(double mean, double variance) {
  return FinalScore::Normal(mean, variance);
}

TEST(YachtWinShare, ExactScoresCompareExactly) {
  EXPECT_EQ(WinShare(N(200, 0), {N(199, 0)}), 1.0);
  EXPECT_EQ(WinShare(N(200, 0), {N(200, 0)}), 0.5);
  EXPECT_EQ(WinShare(N(200, 0), {N(201, 0)}), 0.0);
  EXPECT_EQ(WinShare(N(200, 0), {N(200, 0), N(150, 0)}), 0.5);
  EXPECT_EQ(WinShare(N(200, 0), {N(199, 0), N(150, 0)}), 1.0);
  EXPECT_EQ(WinShare(N(200, 0), {N(199, 0), N(201, 0)}), 0.0);
}

TEST(YachtWinShare, EvenScoresShareEvenly) {
  EXPECT_NEAR(WinShare(N(200, 900), {N(200, 400)}), 0.5, 1e-12);
  EXPECT_NEAR(WinShare(N(200, 900), {N(200, 900), N(200, 900)}), 1.0 / 3, 1e-4);
  // Ahead is better, and more spread helps the one behind.
  EXPECT_GT(WinShare(N(210, 900), {N(200, 900)}), 0.5);
  EXPECT_GT(WinShare(N(190, 2500), {N(200, 100)}),
            WinShare(N(190, 100), {N(200, 100)}));
}

// The two ways of computing agree: a sure loser at the table changes
// nothing, so the sum over my (whole) scores comes to the closed form on
// the difference, up to how the two round to whole points.
TEST(YachtWinShare, SumOverScoresMatchesTheClosedForm) {
  for (double mean : {180.0, 200.0, 231.0}) {
    for (double variance : {0.0, 50.0, 1600.0}) {
      const double two = WinShare(N(mean, variance), {N(205, 900)});
      const double three =
          WinShare(N(mean, variance), {N(205, 900), N(-1e6, 0)});
      EXPECT_NEAR(two, three, 1e-4) << mean << " " << variance;
    }
  }
}

// Exact scores: 50 points or none (YACHT alone) against a finished 20,
// 50 or 70.
TEST(YachtWinShare, ExactDistributionsCountEveryScore) {
  const std::shared_ptr<const ScoreSpread> spread = StandardSpread();
  ASSERT_NE(spread, nullptr);
  const Scorecard yacht_only{static_cast<uint16_t>(1 << kYacht), 0, 0, 0};
  const double p = PYacht();
  const FinalScore me =
      FinalScore::Exact(100, spread->Distribution(yacht_only));
  EXPECT_NEAR(me.Below(100), 0, 1e-15);
  EXPECT_NEAR(me.Below(101), 1 - p, 1e-12);
  EXPECT_NEAR(me.Below(150), 1 - p, 1e-12);
  EXPECT_NEAR(me.Below(151), 1, 1e-15);
  EXPECT_NEAR(WinShare(me, {N(120, 0)}), p, 1e-12);
  EXPECT_NEAR(WinShare(me, {N(150, 0)}), p / 2, 1e-12);
  EXPECT_NEAR(WinShare(me, {N(99, 0)}), 1, 1e-12);
  EXPECT_NEAR(WinShare(me, {N(170, 0)}), 0, 1e-12);
  // Two alike: each wins what the other does not, ties shared.
  EXPECT_NEAR(WinShare(me, {me}), 0.5, 1e-12);
}

// The distributions agree with the table's mean and the spread's variance,
// for every way to leave four boxes open among a few.
TEST(YachtScoreSpread, DistributionsHaveTheTablesMeanAndVariance) {
  const std::shared_ptr<const ScoreSpread> spread = StandardSpread();
  ASSERT_NE(spread, nullptr);
  const std::vector<std::pair<uint16_t, std::vector<uint8_t>>> cards = {
      // ACES..FOURS filled: at most 50 in the upper boxes.
      {(1 << kChance) | (1 << kYacht) | (1 << kSixes) | (1 << kFives),
       {0, 17, 40, 50}},
      {(1 << kFull) | (1 << kLarge) | (1 << kAces) | (1 << kThreeKind),
       {0, 40, 52, 63}}};
  for (const auto& [open, uppers] : cards) {
    for (uint8_t upper : uppers) {
      // A total some game writes: the upper boxes, their bonus, 30 more.
      const Scorecard card{
          open, static_cast<uint16_t>(upper + (upper >= 63 ? 35 : 0) + 30),
          upper, 0};
      ASSERT_TRUE(spread->table().Lookup(card).ok())
          << spread->table().Lookup(card).status();
      const std::shared_ptr<const std::vector<double>> cdf =
          spread->Distribution(card);
      double mean = 0, square = 0, below = 0;
      for (size_t i = 0; i < cdf->size(); ++i) {
        const double p = (*cdf)[i] - below;
        below = (*cdf)[i];
        mean += p * i;
        square += p * i * i;
      }
      EXPECT_NEAR(mean, spread->Mean(card), 1e-9) << open << " " << int{upper};
      EXPECT_NEAR(square - mean * mean, spread->Variance(card), 1e-6);
    }
  }
}

// LastTurn: player 1 with only CHANCE left and player 0 finished with
// `theirs` points: the state text (docs/yacht.md) of a decision on `dice`.
std::string LastTurn(int mine, int theirs, const std::array<int, 5>& dice,
                     int rolls_left) {
  std::array<int, kFaces> counts{};
  for (int f : dice) ++counts[f - 1];
  const int id = DiceTables::Get().IdOf(counts);
  // Upper totals of 50 (no bonus); the rest in the lower boxes.
  return fmt::format("1 12 1 {} {}  0 {} 50 0  {} {} 50 0", rolls_left, id,
                     theirs, 1 << kChance, mine);
}

// BruteForce: the best chance of finishing above `need` points of CHANCE
// (a tie at exactly `need` counting half) from `dice` with `rolls` rerolls
// left, every hold and roll enumerated.
class BruteForce {
 public:
  explicit BruteForce(int need) : need_(need) {}

  double Best(std::vector<int> dice, int rolls) {
    std::sort(dice.begin(), dice.end());
    const auto key = std::make_pair(dice, rolls);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    double best = Leaf(dice);
    for (int mask = 0; rolls > 0 && mask < 31; ++mask) {
      best = std::max(best, Hold(dice, mask, rolls));
    }
    memo_[key] = best;
    return best;
  }

  // Hold: keep the dice of `mask` and roll the others.
  double Hold(const std::vector<int>& dice, int mask, int rolls) {
    std::vector<int> kept;
    for (int i = 0; i < 5; ++i)
      if (mask & (1 << i)) kept.push_back(dice[i]);
    const int n = 5 - static_cast<int>(kept.size());
    int outcomes = 1;
    for (int i = 0; i < n; ++i) outcomes *= 6;
    double sum = 0;
    for (int code = 0; code < outcomes; ++code) {
      std::vector<int> next = kept;
      for (int i = 0, c = code; i < n; ++i, c /= 6) next.push_back(c % 6 + 1);
      sum += Best(next, rolls - 1);
    }
    return sum / outcomes;
  }

  double Leaf(const std::vector<int>& dice) const {
    int sum = 0;
    for (int f : dice) sum += f;
    return sum > need_ ? 1.0 : sum == need_ ? 0.5 : 0.0;
  }

 private:
  int need_;
  std::map<std::pair<std::vector<int>, int>, double> memo_;
};

// ValueOf: the brute-force chance of the action an agent took.
double ValueOf(BruteForce& brute, const std::array<int, 5>& dice, int rolls,
               Action action) {
  std::vector<int> sorted(dice.begin(), dice.end());
  std::sort(sorted.begin(), sorted.end());
  if (action >= kFirstScoreAction) return brute.Leaf(sorted);
  // A hold mask's bit i keeps the i-th of the sorted dice.
  return brute.Hold(sorted, static_cast<int>(action), rolls);
}

// The last turn against a finished player is modeled exactly, so maxwin's
// every choice must be the enumeration's best; `optimal`, which plays for
// points, must fall short of it somewhere.
TEST(YachtMaxWin, PlaysTheLastTurnPerfectly) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("yacht");
  ASSERT_TRUE(game.ok()) << game.status();
  int optimal_short = 0;
  for (int deficit : {18, 24, 27, 29}) {
    BruteForce brute(deficit);
    for (const auto& dice : std::vector<std::array<int, 5>>{
             {1, 2, 4, 6, 6}, {3, 3, 4, 5, 6}, {1, 1, 2, 5, 5}}) {
      for (int rolls = 1; rolls <= 2; ++rolls) {
        const std::string text = LastTurn(120, 120 + deficit, dice, rolls);
        absl::StatusOr<std::unique_ptr<State>> state =
            (*game)->DeserializeState(text);
        ASSERT_TRUE(state.ok()) << state.status() << " " << text;
        std::vector<int> sorted(dice.begin(), dice.end());
        const double best = brute.Best(sorted, rolls);
        for (const char* spec : {"maxwin", "optimal"}) {
          absl::StatusOr<std::unique_ptr<Agent>> agent =
              LoadAgent(**game, spec);
          ASSERT_TRUE(agent.ok()) << agent.status();
          ASSERT_TRUE((*agent)->StartGame(**game, 1, 1).ok());
          absl::StatusOr<Action> action = (*agent)->StepLegal(**state);
          ASSERT_TRUE(action.ok()) << action.status();
          const double value = ValueOf(brute, dice, rolls, *action);
          if (std::string(spec) == "maxwin") {
            EXPECT_NEAR(value, best, 1e-12) << text;
            EXPECT_NE((*agent)->Explain().find(
                          "maxwin: chance of winning per option: ["),
                      std::string::npos)
                << (*agent)->Explain();
          } else if (value < best - 1e-9) {
            ++optimal_short;
          }
        }
      }
    }
  }
  EXPECT_GT(optimal_short, 0);
}

TEST(YachtMaxWin, RefusesSolitaire) {
  absl::StatusOr<std::shared_ptr<const Game>> game =
      LoadGame("yacht(players=1)");
  ASSERT_TRUE(game.ok()) << game.status();
  absl::StatusOr<std::unique_ptr<Agent>> agent = LoadAgent(**game, "maxwin");
  ASSERT_FALSE(agent.ok());
  EXPECT_NE(agent.status().message().find("players=1"), std::string::npos)
      << agent.status();
}

// Three and four players, both rule sets: legal play, the same games for
// the same seed.
TEST(YachtMaxWin, PlaysEveryTableReproducibly) {
  for (const char* spec :
       {"yacht(players=3)", "yacht(players=4,yahtzee_bonus=true)"}) {
    MatchOptions options{.game = spec,
                         .agents = {"maxwin", "optimal", "greedy"},
                         .games = 3,
                         .seed = 9};
    absl::StatusOr<MatchResult> first = RunMatch(options);
    ASSERT_TRUE(first.ok()) << first.status();
    absl::StatusOr<MatchResult> second = RunMatch(options);
    ASSERT_TRUE(second.ok()) << second.status();
    EXPECT_EQ(first->agents[0].mean_score, second->agents[0].mean_score);
  }
}

}  // namespace
}  // namespace gameai::yacht
