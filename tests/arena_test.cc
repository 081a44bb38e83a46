#include "gameai/arena/arena.h"

#include <algorithm>
#include <atomic>
#include <limits>

#include "gameai/base/text.h"
#include "gameai/dynamic/registry.h"
#include "gtest/gtest.h"
#include "toy_games.h"

namespace gameai {
namespace {

MatchResult Play(MatchOptions options) {
  absl::StatusOr<MatchResult> result = RunMatch(options);
  EXPECT_TRUE(result.ok()) << result.status();
  return result.ok() ? *result : MatchResult{};
}

void ExpectSameResults(const MatchResult& a, const MatchResult& b) {
  ASSERT_EQ(a.agents.size(), b.agents.size());
  for (size_t i = 0; i < a.agents.size(); ++i) {
    EXPECT_EQ(a.agents[i].wins, b.agents[i].wins);
    EXPECT_EQ(a.agents[i].draws, b.agents[i].draws);
    EXPECT_EQ(a.agents[i].losses, b.agents[i].losses);
    EXPECT_EQ(a.agents[i].mean_score, b.agents[i].mean_score);
  }
}

TEST(RunMatch, SameSeedSameResults) {
  MatchOptions options{.game = "mancala",
                       .agents = {"mcts(simulations=50)", "random"},
                       .games = 20,
                       .seed = 5};
  ExpectSameResults(Play(options), Play(options));
  options.threads = 2;
  ExpectSameResults(Play(options), Play(options));
  // Stateless agents: the thread split does not change any game either.
  options.threads = 3;
  ExpectSameResults(Play(options), Play(MatchOptions{options}));
}

TEST(RunMatch, ThreadCountDoesNotChangeGamesOfMemorylessAgents) {
  MatchOptions options{.game = "mancala",
                       .agents = {"random", "greedy"},
                       .games = 40,
                       .seed = 9};
  const MatchResult one = Play(options);
  options.threads = 4;
  ExpectSameResults(one, Play(options));
}

TEST(RunMatch, DifferentSeedsDifferentGames) {
  MatchOptions options{.game = "mancala",
                       .agents = {"random", "random(seed=1)"},
                       .games = 50,
                       .seed = 1};
  const MatchResult a = Play(options);
  options.seed = 2;
  const MatchResult b = Play(options);
  EXPECT_NE(a.agents[0].mean_score, b.agents[0].mean_score);
}

// A solitaire game compares any number of agents side by side, up to
// kMaxMatchAgents: more is refused before any is made.
TEST(RunMatch, AgentsBeyondTheBoundAreRefused) {
  MatchOptions options{.game = "yacht(players=1)", .games = 1};
  options.agents.assign(kMaxMatchAgents + 1, "random");
  const absl::StatusOr<MatchResult> r = RunMatch(options);
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(r.status().message().find("65 agents given; accepted: 1..64"),
            std::string::npos)
      << r.status();
}

TEST(RunMatch, GamesRoundUpToFullRotationsAndCountsAddUp) {
  const MatchResult r = Play({.game = "mancala",
                              .agents = {"greedy", "random"},
                              .games = 7,
                              .seed = 3});
  EXPECT_EQ(r.games, 8);
  for (const AgentResult& a : r.agents) {
    EXPECT_EQ(a.games, 8);
    EXPECT_EQ(a.wins + a.draws + a.losses, a.games);
  }
  EXPECT_EQ(r.agents[0].wins, r.agents[1].losses);
  EXPECT_EQ(r.agents[0].draws, r.agents[1].draws);
}

// SeatRecorder: plays the first legal action and records its seats.
class SeatRecorder final : public Agent {
 public:
  explicit SeatRecorder(std::shared_ptr<std::vector<Player>> seats)
      : seats_(std::move(seats)) {}

 protected:
  absl::StatusOr<Action> DoStep(const State& view) override {
    return view.LegalActions(seat()).front();
  }

  void OnStartGame(const Game&, uint64_t) override {
    seats_->push_back(seat());
  }

 private:
  std::shared_ptr<std::vector<Player>> seats_;
};

TEST(RunMatch, EveryAgentPlaysEverySeatEquallyOften) {
  auto seats = std::make_shared<std::vector<Player>>();
  MatchOptions options{.game = "mancala",
                       .agents = {"recorder", "random"},
                       .games = 5,
                       .seed = 3};
  options.custom_agents.push_back(
      {.name = "recorder",
       .help = "test agent",
       .params = {},
       .make = [seats](const Game&, const Params&)
           -> absl::StatusOr<std::unique_ptr<Agent>> {
         return std::make_unique<SeatRecorder>(seats);
       }});
  const MatchResult r = Play(options);
  EXPECT_EQ(r.games, 6);
  EXPECT_EQ(std::count(seats->begin(), seats->end(), 0), 3);
  EXPECT_EQ(std::count(seats->begin(), seats->end(), 1), 3);
}

TEST(RunMatch, OneSpecFillsEverySeat) {
  const MatchResult r =
      Play({.game = "mancala", .agents = {"random"}, .games = 10});
  ASSERT_EQ(r.agents.size(), 1u);
  EXPECT_EQ(r.games, 10);
  EXPECT_EQ(r.agents[0].games, 20);
  EXPECT_EQ(r.agents[0].wins, r.agents[0].losses);  // every game: one of each
}

TEST(RunMatch, RejectsBadOptions) {
  EXPECT_FALSE(
      RunMatch({.game = "mancala", .agents = {"random"}, .games = 0}).ok());
  // Past the limit, and where rounding up to whole rotations would wrap.
  for (const int64_t games :
       {kMaxMatchGames + 1, std::numeric_limits<int64_t>::max()}) {
    const absl::StatusOr<MatchResult> r = RunMatch(
        {.game = "mancala", .agents = {"random", "greedy"}, .games = games});
    ASSERT_FALSE(r.ok()) << games;
    EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(r.status().message().find("must be in [1, 100000000]"),
              absl::string_view::npos)
        << r.status();
  }
  EXPECT_FALSE(
      RunMatch({.game = "mancala", .agents = {"random"}, .threads = 0}).ok());
  EXPECT_FALSE(RunMatch({.game = "mancala", .agents = {}}).ok());
  EXPECT_FALSE(RunMatch({.game = "mancala", .agents = {"a", "b", "c"}}).ok());
  EXPECT_FALSE(RunMatch({.game = "nogame", .agents = {"random"}}).ok());
  EXPECT_FALSE(
      RunMatch({.game = "mancala", .agents = {"random", "nobot"}}).ok());
}

TEST(RunMatch, CancelledStopsTheMatchAfterTheGameInPlay) {
  for (const int threads : {1, 2}) {
    std::atomic<int> polls{0};
    const absl::StatusOr<MatchResult> r =
        RunMatch({.game = "mancala",
                  .agents = {"random", "greedy"},
                  .games = 1'000'000,
                  .threads = threads,
                  .cancelled = [&] { return ++polls >= 3; }});
    ASSERT_FALSE(r.ok());
    EXPECT_EQ(r.status().code(), absl::StatusCode::kCancelled) << r.status();
    // Polled once per game: every series stops at its next poll.
    EXPECT_LE(polls.load(), 3 + threads) << threads;
  }
}

// Cheater: always claims pit 99 (never legal), or fails outright.
class Cheater final : public Agent {
 public:
  explicit Cheater(bool fail) : fail_(fail) {}

 protected:
  absl::StatusOr<Action> DoStep(const State&) override {
    if (fail_) return absl::InternalError("cheater gives up");
    return 99;
  }

 private:
  bool fail_;
};

TEST(RunMatch, IllegalActionsAreRejectedCountedAndReplaced) {
  MatchOptions options{
      .game = "mancala", .agents = {"cheater", "quitter"}, .games = 4};
  for (bool fail : {false, true}) {
    options.custom_agents.push_back(
        {.name = fail ? "quitter" : "cheater",
         .help = "test agent",
         .params = {},
         .make = [fail](const Game&, const Params&)
             -> absl::StatusOr<std::unique_ptr<Agent>> {
           return std::make_unique<Cheater>(fail);
         }});
  }
  const MatchResult r = Play(options);
  EXPECT_EQ(r.games, 4);
  int64_t total = 0;
  for (const AgentResult& a : r.agents) {
    EXPECT_GT(a.illegal_actions, 0) << a.spec;
    total += a.illegal_actions;
  }
  EXPECT_EQ(static_cast<int64_t>(r.illegal_actions.size()), total);
  EXPECT_EQ(r.illegal_actions[0].action,
            r.illegal_actions[0].agent == "cheater" ? "99" : "none");
  EXPECT_NE(MatchResultToJson(r).find("\"illegal_actions\": "),
            std::string::npos);
}

// EventLog: plays its last legal action and counts what the arena tells it
// (into counts that outlive the match's agent instances).
struct EventCounts {
  int sequential_steps = 0;
  int joint_events = 0;
  int chance_events = 0;
  int games_ended = 0;
};

class EventLog final : public Agent {
 public:
  explicit EventLog(std::shared_ptr<EventCounts> counts)
      : counts_(std::move(counts)) {}

 protected:
  absl::StatusOr<Action> DoStep(const State& view) override {
    if (view.CurrentPlayer() != kSimultaneousPlayer)
      ++counts_->sequential_steps;
    return view.LegalActions(seat()).back();
  }

  void OnInform(const State&, const Event& event) override {
    if (event.actor == kSimultaneousPlayer) {
      ++counts_->joint_events;
      EXPECT_EQ(event.actions.size(), 2u);
    } else if (event.actor == kChancePlayer) {
      ++counts_->chance_events;
    }
  }

  void OnEndGame(const State& view, absl::Span<const double> returns) override {
    EXPECT_TRUE(view.IsTerminal());
    EXPECT_EQ(returns.size(), 2u);
    ++counts_->games_ended;
  }

 private:
  std::shared_ptr<EventCounts> counts_;
};

TEST(RunMatch, SimultaneousGamesGetJointActionsAndEvents) {
  toy::RegisterToyGames();
  auto counts = std::make_shared<EventCounts>();
  MatchOptions options{
      .game = "bid_duel", .agents = {"log", "random"}, .games = 10};
  options.custom_agents.push_back(
      {.name = "log",
       .help = "test agent",
       .params = {},
       .make = [counts](const Game&, const Params&)
           -> absl::StatusOr<std::unique_ptr<Agent>> {
         return std::make_unique<EventLog>(counts);
       }});
  const MatchResult r = Play(options);
  EXPECT_EQ(counts->games_ended, 10);
  EXPECT_EQ(counts->joint_events, 30);   // three bids per game
  EXPECT_EQ(counts->chance_events, 30);  // three prizes per game
  EXPECT_EQ(counts->sequential_steps, 0);
  EXPECT_EQ(r.agents[0].illegal_actions, 0);
}

TEST(MatchResultToJson, HasEveryFieldOfTheSpec) {
  const MatchResult r =
      Play({.game = "mancala", .agents = {"greedy", "random"}, .games = 2});
  const std::string json = MatchResultToJson(r);
  for (const char* key :
       {"\"game\": \"mancala\"", "\"games\": 2", "\"seed\": 1",
        "\"threads\": 1", "\"elapsed_seconds\"", "\"agents\"",
        "\"spec\": \"greedy\"", "\"wins\"", "\"draws\"", "\"losses\"",
        "\"win_rate\"", "\"win_rate_ci95\": [", "\"mean_score\"",
        "\"mean_score_ci95\": [", "\"mean_return\"",
        "\"illegal_actions\": 0"}) {
    EXPECT_NE(json.find(key), std::string::npos) << key << "\n" << json;
  }
}

}  // namespace
}  // namespace gameai

namespace gameai {
namespace {

TEST(RunMatch, TournamentTotalsAddUp) {
  const MatchResult r = Play({.game = "minirisk(players=3)",
                              .agents = {"fixed", "random", "rl"},
                              .games = 30,
                              .seed = 4,
                              .log_games = true});
  double firsts = 0;
  for (const AgentResult& a : r.agents) {
    EXPECT_NEAR(a.score_sum, a.mean_score * a.games, 1e-9);
    EXPECT_LE(a.first_place_rate_ci95.low, a.first_places / a.games);
    EXPECT_GE(a.first_place_rate_ci95.high, a.first_places / a.games);
    firsts += a.first_places;
  }
  EXPECT_NEAR(firsts, 30, 1e-9);  // one first place per game, shares split
  const auto best = std::max_element(
      r.agents.begin(), r.agents.end(),
      [](const auto& a, const auto& b) { return a.mean_score < b.mean_score; });
  EXPECT_EQ(r.winner, best->spec);
  ASSERT_EQ(r.game_log.size(), 30u);
  double logged_sum = 0;
  for (const GameLogEntry& g : r.game_log) {
    ASSERT_EQ(g.scores.size(), 3u);
    for (size_t seat = 0; seat < 3; ++seat) {
      if (g.agent_of_seat[seat] == 0) logged_sum += g.scores[seat];
    }
  }
  EXPECT_EQ(logged_sum, r.agents[0].score_sum);
}

}  // namespace
}  // namespace gameai

namespace gameai {
namespace {

TEST(RunMatch, SolitaireAgentsOfARotationGroupPlayTheSameChance) {
  // Two specs for one agent: on the same dice they play the same games.
  const MatchResult r = Play({.game = "yacht(players=1)",
                              .agents = {"random", "random(seed=0)"},
                              .games = 20,
                              .seed = 7,
                              .log_games = true});
  ASSERT_EQ(r.game_log.size(), 20u);
  for (size_t g = 0; g < r.game_log.size(); g += 2) {
    EXPECT_EQ(r.game_log[g].scores, r.game_log[g + 1].scores) << g;
  }
  ASSERT_TRUE(r.agents[1].paired_difference.has_value());
  EXPECT_EQ(r.agents[1].paired_difference->mean, 0);
  EXPECT_EQ(r.agents[1].paired_difference->ci95.low, 0);
  EXPECT_EQ(r.agents[1].paired_difference->ci95.high, 0);
}

TEST(RunMatch, SolitairePairedDifferenceIsTheMeanOfGroupDifferences) {
  const MatchResult r = Play({.game = "yacht(players=1)",
                              .agents = {"greedy", "random"},
                              .games = 40,
                              .seed = 3,
                              .log_games = true});
  EXPECT_FALSE(r.agents[0].paired_difference.has_value());
  ASSERT_TRUE(r.agents[1].paired_difference.has_value());
  const PairedDifference& d = *r.agents[1].paired_difference;
  EXPECT_EQ(d.vs, "greedy");
  EXPECT_EQ(d.pairs, 20);
  double sum = 0;
  for (size_t g = 0; g < r.game_log.size(); g += 2) {
    ASSERT_EQ(r.game_log[g].agent_of_seat[0], 0);
    ASSERT_EQ(r.game_log[g + 1].agent_of_seat[0], 1);
    sum += r.game_log[g + 1].scores[0] - r.game_log[g].scores[0];
  }
  EXPECT_NEAR(d.mean, sum / 20, 1e-9);
  EXPECT_NEAR(d.mean, r.agents[1].mean_score - r.agents[0].mean_score, 1e-9);
  EXPECT_LT(d.ci95.low, d.mean);
  EXPECT_GT(d.ci95.high, d.mean);
}

TEST(MatchResultToJson, SolitaireHasNullRankingFieldsAndPairedDifference) {
  const MatchResult r = Play(
      {.game = "yacht(players=1)", .agents = {"greedy", "random"}, .games = 4});
  const std::string json = MatchResultToJson(r);
  for (const char* key :
       {"\"solitaire\": true", "\"wins\": null", "\"draws\": null",
        "\"losses\": null", "\"win_rate\": null", "\"win_rate_ci95\": null",
        "\"first_places\": null", "\"paired_difference\": null",
        "\"paired_difference\": {\"vs\": \"greedy\", \"pairs\": 2"}) {
    EXPECT_NE(json.find(key), std::string::npos) << key << "\n" << json;
  }
}

TEST(MatchResultToTable, SolitaireHasNoWinColumns) {
  const MatchResult r = Play(
      {.game = "yacht(players=1)", .agents = {"greedy", "random"}, .games = 4});
  const std::string table = MatchResultToTable(r);
  EXPECT_EQ(table.find("wins"), std::string::npos) << table;
  EXPECT_EQ(table.find("win rate"), std::string::npos) << table;
  EXPECT_NE(table.find("paired diff vs first"), std::string::npos) << table;
}

TEST(RunMatch, DeterministicAgentsRepeatTheirGamesAndAreWarned) {
  const MatchResult r =
      Play({.game = "mancala", .agents = {"greedy", "advanced"}, .games = 10});
  EXPECT_EQ(r.repeated_games, 8);  // all but the first of each seating
  ASSERT_EQ(r.warnings.size(), 1u);
  EXPECT_NE(r.warnings[0].find("8 of 10 games repeat"), std::string::npos)
      << r.warnings[0];
  EXPECT_NE(r.warnings[0].find("--random-opening"), std::string::npos);
  EXPECT_NE(MatchResultToJson(r).find("\"warnings\": [\"8 of 10 games"),
            std::string::npos);
}

TEST(RunMatch, RandomOpeningsOrRandomAgentsDoNotRepeat) {
  EXPECT_EQ(Play({.game = "mancala",
                  .agents = {"greedy", "advanced"},
                  .games = 10,
                  .random_opening = 6})
                .warnings.size(),
            0u);
  const MatchResult r =
      Play({.game = "mancala", .agents = {"greedy", "random"}, .games = 10});
  EXPECT_EQ(r.repeated_games, 0);
  EXPECT_TRUE(r.warnings.empty());
  EXPECT_NE(MatchResultToJson(r).find("\"warnings\": []"), std::string::npos);
}

TEST(MatchResultToTable, DaifugoCountsMatchesAndDealsAndAlignsTallies) {
  const MatchResult r = Play({.game = "daifugo(players=3,games=2)",
                              .agents = {"heuristic", "random"},
                              .games = 3});
  EXPECT_EQ(r.units.game, "match");
  const std::string table = MatchResultToTable(r);
  EXPECT_NE(table.find(": 3 matches of 2 deals (6 deals),"), std::string::npos)
      << table;
  EXPECT_NE(table.find("agent                                matches"),
            std::string::npos)
      << table;
  // The tally rows: the header and one per agent, all of one width, each
  // value ending where its name ends.
  const size_t header = table.find("tallies (deals)");
  ASSERT_NE(header, std::string::npos) << table;
  std::vector<std::string> rows;
  for (size_t at = header; at < table.size();) {
    const size_t end = table.find('\n', at);
    rows.push_back(table.substr(at, end - at));
    at = end + 1;
  }
  ASSERT_GE(rows.size(), 3u);
  for (int k = 1; k <= 2; ++k) {
    EXPECT_EQ(rows[k].size(), rows[0].size()) << table;
    EXPECT_NE(rows[k].back(), ' ');
  }
  const std::string json = MatchResultToJson(r);
  EXPECT_NE(json.find("\"units\": {\"game\": \"match\", \"round\": \"deal\", "
                      "\"rounds_per_game\": 2, \"rounds\": 6}"),
            std::string::npos)
      << json;
}

}  // namespace
}  // namespace gameai

namespace gameai {
namespace {

// FirstRolls: plays Yacht solitaire by a fixed rule (reroll everything
// while it may, or score at once) and records the dice of every turn's
// first roll (Serialize: player round phase rolls_left dice ...).
class FirstRolls final : public Agent {
 public:
  FirstRolls(bool reroll, std::shared_ptr<std::vector<std::string>> rolls)
      : reroll_(reroll), rolls_(std::move(rolls)) {}

 protected:
  absl::StatusOr<Action> DoStep(const State& view) override {
    const std::string text = view.Serialize();
    const std::vector<std::string_view> words = SplitWords(text);
    if (words[2] == "1" && words[3] == "2") rolls_->emplace_back(words[4]);
    const std::vector<Action> legal = view.LegalActions(seat());
    if (reroll_ && legal.front() == 0) return 0;  // hold nothing
    return *std::find_if(legal.begin(), legal.end(),
                         [](Action a) { return a >= 32; });  // score
  }

 private:
  bool reroll_;
  std::shared_ptr<std::vector<std::string>> rolls_;
};

TEST(RunMatch, SolitaireAgentsGetTheSameFirstRollEveryTurn) {
  auto rerolled = std::make_shared<std::vector<std::string>>();
  auto scored = std::make_shared<std::vector<std::string>>();
  MatchOptions options{.game = "yacht(players=1)",
                       .agents = {"reroller", "scorer"},
                       .games = 6,
                       .seed = 11};
  for (bool reroll : {true, false}) {
    auto rolls = reroll ? rerolled : scored;
    options.custom_agents.push_back(
        {.name = reroll ? "reroller" : "scorer",
         .help = "test agent",
         .params = {},
         .make = [reroll, rolls](const Game&, const Params&)
             -> absl::StatusOr<std::unique_ptr<Agent>> {
           return std::make_unique<FirstRolls>(reroll, rolls);
         }});
  }
  const MatchResult r = Play(options);
  ASSERT_EQ(rerolled->size(), 3u * 13);
  // Three rolls a turn against one: without keyed rolls the streams part
  // after the first turn.
  EXPECT_EQ(*rerolled, *scored);
  EXPECT_NE((*rerolled)[0], (*rerolled)[13]);  // the games differ
  EXPECT_NE(r.agents[0].mean_score, r.agents[1].mean_score);
}

}  // namespace
}  // namespace gameai
