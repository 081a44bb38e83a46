// Tournaments: their tables, results that do not depend on the threads,
// paired seeds, ratings that agree with the pairwise results, bad options.
#include "gameai/workbench/tournament.h"

#include <map>
#include <set>

#include "absl/synchronization/mutex.h"
#include "gameai/workbench/reports.h"
#include "gtest/gtest.h"

namespace gameai {
namespace {

TEST(TournamentTables, RoundRobinOfTwoPlayersIsEveryPairing) {
  const auto tables = *TournamentTables(TournamentFormat::kRoundRobin, 5, 2);
  EXPECT_EQ(tables.size(), 10u);
  std::set<std::pair<int, int>> pairs;
  for (const auto& t : tables) pairs.insert({t[0], t[1]});
  EXPECT_EQ(pairs.size(), 10u);
}

TEST(TournamentTables, GauntletPlaysTheFirstAgainstEachOther) {
  const auto tables = *TournamentTables(TournamentFormat::kGauntlet, 4, 2);
  ASSERT_EQ(tables.size(), 3u);
  for (size_t i = 0; i < tables.size(); ++i) {
    EXPECT_EQ(tables[i], (std::vector<int>{0, static_cast<int>(i) + 1}));
  }
  const auto three = *TournamentTables(TournamentFormat::kGauntlet, 5, 3);
  EXPECT_EQ(three.size(), 6u);  // 0 with each 2 of the 4 others
  for (const auto& t : three) EXPECT_EQ(t[0], 0);
}

TEST(TournamentTables, MorePlayersMeetEquallyOften) {
  const auto tables = *TournamentTables(TournamentFormat::kRoundRobin, 6, 4);
  EXPECT_EQ(tables.size(), 15u);  // C(6, 4)
  std::map<std::pair<int, int>, int> met;
  std::map<int, int> seated;
  for (const auto& t : tables) {
    for (int a : t) {
      ++seated[a];
      for (int b : t) {
        if (a < b) ++met[{a, b}];
      }
    }
  }
  for (const auto& [pair, count] : met) EXPECT_EQ(count, 6) << pair.first;
  for (const auto& [agent, count] : seated) EXPECT_EQ(count, 10) << agent;
}

TEST(TournamentTables, TooFewOrTooManyAgentsAreErrors) {
  EXPECT_EQ(
      TournamentTables(TournamentFormat::kRoundRobin, 4, 5).status().code(),
      absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(
      TournamentTables(TournamentFormat::kRoundRobin, 64, 5).status().code(),
      absl::StatusCode::kInvalidArgument);
}

TournamentOptions MancalaOptions(int threads) {
  TournamentOptions o;
  o.game = "mancala";
  o.agents = {"greedy", "random", "beginner", "mcts(simulations=40)"};
  o.games_per_pairing = 8;
  o.seed = 5;
  o.random_opening = 2;
  o.threads = threads;
  return o;
}

TEST(Tournament, ResultsDoNotDependOnTheThreads) {
  const TournamentResult one = *RunTournament(MancalaOptions(1));
  const TournamentResult two = *RunTournament(MancalaOptions(3));
  EXPECT_EQ(one.games, 6 * 8);
  ASSERT_EQ(one.agents.size(), two.agents.size());
  for (size_t i = 0; i < one.agents.size(); ++i) {
    EXPECT_EQ(one.agents[i].elo, two.agents[i].elo);
    EXPECT_EQ(one.agents[i].score, two.agents[i].score);
    EXPECT_EQ(one.agents[i].elo_ci95.low, two.agents[i].elo_ci95.low);
    ASSERT_EQ(one.agents[i].progress.size(), two.agents[i].progress.size());
    for (size_t k = 0; k < one.agents[i].progress.size(); ++k) {
      EXPECT_EQ(one.agents[i].progress[k].score,
                two.agents[i].progress[k].score);
    }
  }
  ASSERT_EQ(one.pairwise.size(), two.pairwise.size());
  for (size_t k = 0; k < one.pairwise.size(); ++k) {
    EXPECT_EQ(one.pairwise[k].wins, two.pairwise[k].wins);
    EXPECT_EQ(one.pairwise[k].losses, two.pairwise[k].losses);
  }
  // Another seed plays other games.
  TournamentOptions other = MancalaOptions(1);
  other.seed = 6;
  const TournamentResult three = *RunTournament(other);
  bool differs = false;
  for (size_t k = 0; k < one.pairwise.size(); ++k) {
    differs = differs || one.pairwise[k].wins != three.pairwise[k].wins;
  }
  EXPECT_TRUE(differs);
}

TEST(Tournament, RatingsFollowThePairwiseResults) {
  TournamentOptions o = MancalaOptions(2);
  o.agents = {"advanced", "random", "greedy", "alphabeta(depth=2)"};
  o.games_per_pairing = 40;
  const TournamentResult r = *RunTournament(o);
  EXPECT_EQ(r.anchor, "random");
  EXPECT_EQ(r.agents[1].elo, 0);
  EXPECT_EQ(r.model, "bradley-terry");
  ASSERT_EQ(r.pairwise.size(), 6u);
  for (const Pairwise& p : r.pairwise) {
    const double score =
        (p.wins + 0.5 * p.draws) / (p.wins + p.draws + p.losses);
    if (score > 0.5) EXPECT_GT(r.agents[p.a].elo, r.agents[p.b].elo);
    if (score < 0.5) EXPECT_LT(r.agents[p.a].elo, r.agents[p.b].elo);
    EXPECT_EQ(p.wins + p.draws + p.losses, 40);
  }
  EXPECT_EQ(r.agents[r.ranking.back()].spec, "random");
  for (const TournamentAgent& a : r.agents) {
    EXPECT_LE(a.elo_ci95.low, a.elo);
    EXPECT_GE(a.elo_ci95.high, a.elo);
    EXPECT_EQ(a.games, 120);
    EXPECT_GT(a.moves, 0);
    EXPECT_EQ(a.progress.back().games, 120);
    EXPECT_DOUBLE_EQ(a.progress.back().score, a.score);
  }
}

TEST(Tournament, MoreThanTwoPlayersArePlackettLuceOverTables) {
  TournamentOptions o;
  o.game = "minirisk(players=3)";
  o.agents = {"random", "fixed", "planner(rollouts=20)",
              "naive_mc(rollouts=10)"};
  o.games_per_pairing = 30;  // 3 cyclic orders, 10 each
  o.threads = 2;
  const TournamentResult r = *RunTournament(o);
  EXPECT_EQ(r.model, "plackett-luce");
  EXPECT_EQ(r.tables.size(), 4u);  // C(4, 3)
  EXPECT_EQ(r.games, 4 * 30);
  // Every two agents shared C(2, 1) = 2 tables of 30 games.
  ASSERT_EQ(r.pairwise.size(), 6u);
  for (const Pairwise& p : r.pairwise) {
    EXPECT_EQ(p.wins + p.draws + p.losses, 60);
  }
  for (const TournamentAgent& a : r.agents) EXPECT_EQ(a.games, 90);
}

TEST(Tournament, PairedSeedsGiveBothSeatingsTheSameDice) {
  // The arena option under every tournament: a rotation group's games
  // share their seed, so seat 0's first roll is the same in both.
  for (bool paired : {true, false}) {
    absl::Mutex mutex;
    std::map<int64_t, Action> first_roll;
    MatchOptions m;
    m.game = "yacht";
    m.agents = {"greedy", "dice8"};
    m.games = 20;
    m.paired_seeds = paired;
    m.on_game_end = [&](const FinishedGame& g) {
      absl::MutexLock lock(&mutex);
      first_roll[g.index] = g.state->History().front().action;
    };
    ASSERT_TRUE(RunMatch(m).ok());
    int same = 0;
    for (int64_t i = 0; i < 20; i += 2)
      same += first_roll[i] == first_roll[i + 1];
    if (paired) {
      EXPECT_EQ(same, 10);
    } else {
      EXPECT_LT(same, 5);
    }
  }
}

TEST(Tournament, BadOptionsAreNamed) {
  TournamentOptions o = MancalaOptions(1);
  o.agents = {"greedy", "greedy"};
  absl::Status s = RunTournament(o).status();
  EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(s.message().find("listed twice"), std::string::npos);
  o = MancalaOptions(1);
  o.agents = {"greedy"};
  EXPECT_EQ(RunTournament(o).status().code(),
            absl::StatusCode::kInvalidArgument);
  o = MancalaOptions(1);
  o.anchor = "strongest";
  s = RunTournament(o).status();
  EXPECT_NE(s.message().find("not one of the agents"), std::string::npos);
  o = MancalaOptions(1);
  o.games_per_pairing = 0;
  EXPECT_NE(RunTournament(o).status().message().find("games_per_pairing"),
            std::string::npos);
  o = MancalaOptions(1);
  o.agents = {"greedy", "nosuchagent"};
  EXPECT_NE(RunTournament(o).status().message().find("nosuchagent"),
            std::string::npos);
  EXPECT_EQ(ParseTournamentFormat("swiss").status().code(),
            absl::StatusCode::kInvalidArgument);
  TournamentOptions json = MancalaOptions(1);
  const TournamentOptions before = json;
  EXPECT_EQ(ApplyTournamentOptionsJson("{\"seed\": -1}", json).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(ApplyTournamentOptionsJson("{\"sed\": 1}", json).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(ApplyTournamentOptionsJson("[1]", json).code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(json.seed, before.seed);
  ASSERT_TRUE(ApplyTournamentOptionsJson(
                  "{\"format\": \"gauntlet\", \"games_per_pairing\": 4, "
                  "\"seed\": 9, \"threads\": 2, \"anchor\": \"greedy\"}",
                  json)
                  .ok());
  EXPECT_EQ(json.format, TournamentFormat::kGauntlet);
  EXPECT_EQ(json.seed, 9u);
  EXPECT_EQ(json.anchor, "greedy");
}

TEST(Tournament, MatchReportNeedsOneAgentPerSeat) {
  MatchOptions m;
  m.game = "mancala";
  m.agents = {"greedy", "random"};
  m.games = 10;
  m.log_games = true;
  m.time_moves = true;
  const MatchResult result = *RunMatch(m);
  const TournamentResult table = *TournamentOfMatch(result);
  EXPECT_EQ(table.tables.size(), 1u);
  EXPECT_GT(table.agents[0].elo, table.agents[1].elo);
  m.agents = {"greedy"};
  EXPECT_EQ(TournamentOfMatch(*RunMatch(m)).status().code(),
            absl::StatusCode::kFailedPrecondition);
  m.agents = {"greedy", "random"};
  m.log_games = false;
  EXPECT_EQ(TournamentOfMatch(*RunMatch(m)).status().code(),
            absl::StatusCode::kFailedPrecondition);
}

TEST(Reports, PageIsDrawnFromTheJsonAlone) {
  const TournamentResult r = *RunTournament(MancalaOptions(2));
  const std::string page = *ReportHtml(TournamentResultToJson(r));
  EXPECT_NE(page.find("<svg"), std::string::npos);
  EXPECT_NE(page.find("mcts(simulations=40)"), std::string::npos);
  EXPECT_EQ(page.find("http://"), page.find("http://www.w3.org/2000/svg"));
  EXPECT_EQ(page.find("https://"), std::string::npos);
  EXPECT_EQ(page.find("<script"), std::string::npos);
  EXPECT_EQ(ReportHtml("{\"kind\": \"poem\"}").status().code(),
            absl::StatusCode::kInvalidArgument);
  EXPECT_EQ(ReportHtml("not json").status().code(),
            absl::StatusCode::kInvalidArgument);
  // Missing fields draw as empty; fields of the wrong type are an error
  // naming the field's trouble, never a crash.
  EXPECT_TRUE(ReportHtml("{\"kind\": \"tournament\"}").ok());
  EXPECT_TRUE(ReportHtml("{\"kind\": \"sprt\"}").ok());
  EXPECT_EQ(ReportHtml("{\"kind\": \"sprt\", \"llr_path\": 3}").status().code(),
            absl::StatusCode::kInvalidArgument);
  // Agent specs are text, never markup.
  TournamentOptions o = MancalaOptions(1);
  o.agents = {"greedy", "random"};
  TournamentResult x = *RunTournament(o);
  x.options.agents[0] = "<b>bold</b>";
  const std::string escaped = *ReportHtml(TournamentResultToJson(x));
  EXPECT_EQ(escaped.find("<b>bold"), std::string::npos);
  EXPECT_NE(escaped.find("&lt;b&gt;bold"), std::string::npos);
}

}  // namespace
}  // namespace gameai
