// The arena's series (MatchOptions::series): results depend on the seed and
// the series count K only, and series played apart (PlayMatchSeries, as MPI
// ranks do) merge into the one-process result.
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "gameai/arena/arena.h"
#include "gameai/dynamic/agent.h"
#include "gameai/dynamic/registry.h"
#include "gtest/gtest.h"

namespace gameai {
namespace {

// Json: the match's JSON without what describes the run rather than the
// result (the thread count, the time taken).
std::string Json(MatchResult result) {
  result.threads = 0;
  result.elapsed_seconds = 0;
  return MatchResultToJson(result);
}

std::string RunJson(const MatchOptions& options) {
  absl::StatusOr<MatchResult> result = RunMatch(options);
  EXPECT_TRUE(result.ok()) << result.status();
  return result.ok() ? Json(*result) : "";
}

// A learning agent (it keeps its table from game to game) and a game log:
// any change in how games are grouped into series would show.
MatchOptions LearningMatch() {
  return {.game = "mancala(pits=4,seeds=3)",
          .agents = {"alphabeta(depth=6,keep_tt=true)", "random"},
          .games = 14,
          .seed = 3,
          .series = 4,
          .random_opening = 2,
          .log_games = true};
}

TEST(MatchSeries, ResultsDoNotDependOnTheThreadCount) {
  MatchOptions options = LearningMatch();
  const std::string one = RunJson(options);
  ASSERT_FALSE(one.empty());
  for (int threads : {2, 3, 8}) {
    options.threads = threads;
    EXPECT_EQ(RunJson(options), one) << threads << " threads";
  }
}

TEST(MatchSeries, TheSeriesCountChangesALearningAgentsGames) {
  MatchOptions options = LearningMatch();
  const std::string four = RunJson(options);
  options.series = 1;
  EXPECT_NE(RunJson(options), four);
}

TEST(MatchSeries, WithoutSeriesThereAreAsManyAsThreads) {
  MatchOptions options = LearningMatch();
  options.series = 0;
  options.threads = 4;
  absl::StatusOr<MatchResult> result = RunMatch(options);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(result->series, 4);
  options.series = 4;
  options.threads = 1;
  EXPECT_EQ(RunJson(options), Json(*result));
}

TEST(MatchSeries, RejectsASeriesCountOutOfRange) {
  MatchOptions options = LearningMatch();
  options.series = -1;
  EXPECT_EQ(RunMatch(options).status().code(),
            absl::StatusCode::kInvalidArgument);
  options.series = 100'001;
  EXPECT_EQ(RunMatch(options).status().code(),
            absl::StatusCode::kInvalidArgument);
}

TEST(MatchSeries, MoreSeriesThanGamesPlaysEveryGameOnce) {
  MatchOptions options = LearningMatch();
  options.series = 50;
  absl::StatusOr<MatchResult> result = RunMatch(options);
  ASSERT_TRUE(result.ok()) << result.status();
  EXPECT_EQ(result->games, 14);
  EXPECT_EQ(result->game_log.size(), 14u);
}

// Parts: the match played as the given ranges of series.
std::vector<std::string> Parts(const MatchOptions& options,
                               const std::vector<int64_t>& bounds) {
  std::vector<std::string> parts;
  for (size_t i = 0; i + 1 < bounds.size(); ++i) {
    absl::StatusOr<std::string> part =
        PlayMatchSeries(options, bounds[i], bounds[i + 1]);
    EXPECT_TRUE(part.ok()) << part.status();
    parts.push_back(part.ok() ? *part : "");
  }
  return parts;
}

TEST(MatchSeries, PartsPlayedApartMergeIntoTheOneProcessResult) {
  const MatchOptions options = LearningMatch();
  const std::string whole = RunJson(options);
  for (const std::vector<int64_t>& bounds :
       std::vector<std::vector<int64_t>>{{0, 4}, {0, 1, 3, 4}, {0, 0, 2, 4}}) {
    absl::StatusOr<MatchResult> merged =
        MergeMatchSeries(options, Parts(options, bounds));
    ASSERT_TRUE(merged.ok()) << merged.status();
    EXPECT_EQ(Json(*merged), whole) << bounds.size() - 1 << " parts";
  }
}

TEST(MatchSeries, SolitairePairsSplitAcrossPartsMergeAlike) {
  const MatchOptions options{.game = "yacht(players=1)",
                             .agents = {"greedy", "random", "dice8"},
                             .games = 10,
                             .seed = 4,
                             .series = 4};
  absl::StatusOr<MatchResult> merged =
      MergeMatchSeries(options, Parts(options, {0, 1, 2, 4}));
  ASSERT_TRUE(merged.ok()) << merged.status();
  EXPECT_EQ(Json(*merged), RunJson(options));
}

TEST(MatchSeries, MergeRefusesMissingOrReorderedParts) {
  const MatchOptions options = LearningMatch();
  const std::vector<std::string> parts = Parts(options, {0, 2, 4});
  EXPECT_FALSE(MergeMatchSeries(options, {parts[0]}).ok());
  EXPECT_FALSE(MergeMatchSeries(options, {parts[1], parts[0]}).ok());
}

TEST(MatchSeries, MergeRefusesPartsOfOtherOptions) {
  const MatchOptions options = LearningMatch();
  MatchOptions other = options;
  other.seed = 4;
  const absl::StatusOr<MatchResult> merged =
      MergeMatchSeries(options, Parts(other, {0, 4}));
  ASSERT_FALSE(merged.ok());
  EXPECT_NE(merged.status().message().find("other options"), std::string::npos);
}

TEST(MatchSeries, MergeRefusesTruncatedBytes) {
  const MatchOptions options = LearningMatch();
  std::string part = Parts(options, {0, 4})[0];
  for (size_t keep : {size_t{0}, size_t{7}, part.size() / 2, part.size() - 1}) {
    EXPECT_EQ(MergeMatchSeries(options, {part.substr(0, keep)}).status().code(),
              absl::StatusCode::kInvalidArgument)
        << keep;
  }
  EXPECT_FALSE(MergeMatchSeries(options, {part + "x"}).ok());
}

TEST(MatchSeries, PlayRefusesARangeOutsideTheMatch) {
  const MatchOptions options = LearningMatch();
  EXPECT_FALSE(PlayMatchSeries(options, 0, 5).ok());
  EXPECT_FALSE(PlayMatchSeries(options, 3, 2).ok());
}

// Thrower: throws when it starts its second game.
class Thrower final : public Agent {
 protected:
  absl::StatusOr<Action> DoStep(const State& view) override {
    return view.LegalActions(seat()).front();
  }
  void OnStartGame(const Game&, uint64_t) override {
    if (++started_ == 2) throw std::runtime_error("thrower's bug");
  }

 private:
  int started_ = 0;
};

TEST(MatchSeries, AnAgentThatThrowsEndsTheMatchWithAnErrorNamingTheGame) {
  MatchOptions options{.game = "mancala",
                       .agents = {"thrower", "random"},
                       .games = 4,
                       .threads = 2,
                       .series = 2};
  options.custom_agents.push_back(
      {.name = "thrower",
       .help = "test agent",
       .make = [](const Game&,
                  const Params&) -> absl::StatusOr<std::unique_ptr<Agent>> {
         return std::make_unique<Thrower>();
       }});
  const absl::StatusOr<MatchResult> result = RunMatch(options);
  ASSERT_EQ(result.status().code(), absl::StatusCode::kInternal);
  // Series 0 holds games 0 and 1: its second game is game 1.
  EXPECT_NE(result.status().message().find("game 1: "), std::string::npos)
      << result.status();
  EXPECT_NE(result.status().message().find("thrower's bug"), std::string::npos);
}

}  // namespace
}  // namespace gameai
