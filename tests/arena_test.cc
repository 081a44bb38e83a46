#include "gameai/core/arena.h"

#include "gameai/core/registry.h"
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
  EXPECT_FALSE(
      RunMatch({.game = "mancala", .agents = {"random"}, .threads = 0}).ok());
  EXPECT_FALSE(RunMatch({.game = "mancala", .agents = {}}).ok());
  EXPECT_FALSE(RunMatch({.game = "mancala", .agents = {"a", "b", "c"}}).ok());
  EXPECT_FALSE(RunMatch({.game = "nogame", .agents = {"random"}}).ok());
  EXPECT_FALSE(
      RunMatch({.game = "mancala", .agents = {"random", "nobot"}}).ok());
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
