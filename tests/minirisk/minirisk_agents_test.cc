// MiniRisk's players and its tournament: the fixed table, the best reply,
// what agents may see, the referee against a cheat, learning across games,
// and the order of the original game's players and the planner.
#include <set>

#include "gameai/arena/arena.h"
#include "gameai/dynamic/registry.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/minirisk/internal/agents.h"
#include "gameai/minirisk/internal/opponent_model.h"
#include "gtest/gtest.h"

namespace gameai::minirisk {
namespace {

TEST(MiniRiskFixed, EveryPrizeHasItsOwnCard) {
  std::set<int> cards;
  for (int v = -5; v <= 10; ++v) {
    if (v == 0) continue;
    const int card = FixedBid(v);
    EXPECT_GE(card, 1);
    EXPECT_LE(card, kCards);
    cards.insert(card);
  }
  EXPECT_EQ(cards.size(), 15u);  // a bijection: the card is always in hand
  EXPECT_EQ(FixedBid(10), 15);
  EXPECT_EQ(FixedBid(1), 6);
  EXPECT_EQ(FixedBid(-1), 1);
}

// A game it takes over mid-way (seat 0 bid card 6 before it sat down): on
// prize 1 its card, 6, is spent, so it bids the nearest held card, 5 (the
// lower of 5 and 7), and StepLegal, which refuses any card not in hand,
// passes it.
TEST(MiniRiskFixed, TakingOverAfterItsCardIsSpentBidsTheNearestHeldCard) {
  const std::shared_ptr<const Game> game = *LoadGame("minirisk(players=2)");
  std::unique_ptr<gameai::State> state = game->NewInitialState();
  ASSERT_TRUE(state->ApplyAction(Rules::Prize(-5)).ok());
  const std::vector<Action> first = {Rules::Bid(6), Rules::Bid(2)};
  ASSERT_TRUE(state->ApplyJointAction(first).ok());
  ASSERT_TRUE(state->ApplyAction(Rules::Prize(1)).ok());
  std::unique_ptr<Agent> fixed = *LoadAgent(*game, "fixed");
  ASSERT_TRUE(fixed->StartGame(*game, 0, 1).ok());
  const absl::StatusOr<Action> bid = fixed->StepLegal(*state);
  ASSERT_TRUE(bid.ok()) << bid.status();
  EXPECT_EQ(*bid, Rules::Bid(5));
}

TEST(MiniRiskBestReply, TakesAPositivePotCheaplyAndDodgesANegativeOne) {
  const Rules rules = *Rules::Create({.players = 3});
  Position s = rules.InitialPosition();
  rules.Apply(s, Rules::Prize(8));
  // The others bid 12 and 9: 13 is the cheapest card that takes the 8.
  EXPECT_EQ(BestReply(rules, s, 0, {0, 12, 9}, 0.1), Rules::Bid(13));
  // When every card costs more than the pot is worth: the cheapest card.
  EXPECT_EQ(BestReply(rules, s, 0, {0, 12, 9}, 5.0), Rules::Bid(1));
  // Both others bid 12: they cancel, so 1 takes the pot.
  EXPECT_EQ(BestReply(rules, s, 0, {0, 12, 12}, 0.1), Rules::Bid(1));
  Position negative = rules.InitialPosition();
  rules.Apply(negative, Rules::Prize(-5));
  // Others at 1 and 2: the card 1 cancels with theirs; the lowest unique is
  // then the other's 2. Card 1 is the cheapest that does not take the -5.
  EXPECT_EQ(BestReply(rules, negative, 0, {0, 1, 2}, 0.1), Rules::Bid(1));
  // Others at 4 and 4: any card alone is the lowest unique bid... unless
  // it is 4 (cancelling all): the only card that dodges the -5.
  EXPECT_EQ(BestReply(rules, negative, 0, {0, 4, 4}, 0.1), Rules::Bid(4));
}

TEST(MiniRiskModel, LearnsADeterministicOpponentFromOneGame) {
  const Rules rules = *Rules::Create({.players = 2});
  OpponentModel model(0.5);
  model.StartGame({"me", "fixed"}, 2, 0);
  Position s = rules.InitialPosition();
  Rng rng(1);
  std::array<Move, kMaxPlayers> joint{};
  while (rules.CurrentPlayer(s) != kTerminalPlayer) {
    rules.Apply(s, rules.SampleChance(s, rng));
    joint[0] = Rules::SampleBid(s, 0, rng);
    joint[1] = Rules::Bid(FixedBid(PrizeValue(s.prizes[s.round])));
    rules.ApplyJoint(s, joint.data());
  }
  model.Observe(s);
  EXPECT_EQ(model.Observations(1), 15);
  // A new game: every prediction is the fixed card.
  model.StartGame({"me", "fixed"}, 2, 0);
  Position t = rules.InitialPosition();
  rules.Apply(t, Rules::Prize(7));
  EXPECT_EQ(model.MostLikely(t, 1), Rules::Bid(12));
  EXPECT_GT(model.Weights(t, 1)[Rules::Bid(12)], 0.5);
}

// Spy: records every view it is handed and bids its lowest card.
class Spy final : public Agent {
 public:
  explicit Spy(std::vector<std::string>* views) : views_(views) {}

 protected:
  absl::StatusOr<Action> DoStep(const gameai::State& view) override {
    views_->push_back(view.Serialize() + " | " +
                      view.ObservationString(seat()));
    return view.LegalActions(seat()).front();
  }

 private:
  std::vector<std::string>* views_;
};

std::vector<std::string> SpyViews(const std::string& opponent, uint64_t seed) {
  std::vector<std::string> views;
  MatchOptions options{.game = "minirisk(players=2)",
                       .agents = {opponent, "spy"},
                       .games = 1,
                       .seed = seed};
  options.custom_agents.push_back(
      {.name = "spy",
       .make = [&views](const Game&, const Params&)
           -> absl::StatusOr<std::unique_ptr<Agent>> {
         return std::make_unique<Spy>(&views);
       }});
  EXPECT_TRUE(RunMatch(options).ok());  // two games: one per seat order
  views.resize(std::min<size_t>(views.size(), 15));  // the spy in seat 1
  return views;
}

TEST(MiniRiskObservation, NoCurrentBidAndNoDeckOrderReachAnAgent) {
  // The spy sits second: its opponent has chosen before it is asked. The
  // first views are the same whatever the opponent chose...
  const std::vector<std::string> a = SpyViews("fixed", 7);
  const std::vector<std::string> b = SpyViews("random(seed=3)", 7);
  ASSERT_EQ(a.size(), 15u);
  ASSERT_EQ(b.size(), 15u);
  EXPECT_EQ(a[0], b[0]);
  // ...each view holds the turned prizes and the finished rounds only...
  for (const std::string& view : a) {
    const size_t prizes_end = view.find(' ');
    const std::string prizes = view.substr(0, prizes_end);
    const std::string bids = view.substr(
        prizes_end + 1, view.find(' ', prizes_end + 1) - prizes_end - 1);
    const auto count = [](const std::string& text, char c) {
      return std::count(text.begin(), text.end(), c);
    };
    const size_t round = &view - a.data();
    EXPECT_EQ(count(prizes, ','), static_cast<long>(round)) << view;
    EXPECT_EQ(bids == "bids=-" ? 0 : count(bids, '/') + 1,
              static_cast<long>(round))
        << view;
  }
  // ...and a game whose first prize is the same but whose deck differs
  // after it looks the same at the first bid.
  std::map<std::string, std::vector<std::string>> by_first_view;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    const std::vector<std::string> views = SpyViews("fixed", seed);
    by_first_view[views[0]].push_back(views[1]);
  }
  bool some_first_view_has_different_futures = false;
  for (const auto& [first, seconds] : by_first_view) {
    if (std::set<std::string>(seconds.begin(), seconds.end()).size() > 1) {
      some_first_view_has_different_futures = true;
    }
  }
  EXPECT_TRUE(some_first_view_has_different_futures);
}

// Cheat: always bids 15, held or not, and sometimes a prize card.
class Cheat final : public Agent {
 protected:
  absl::StatusOr<Action> DoStep(const gameai::State&) override {
    ++steps_;
    return steps_ % 5 == 0 ? Action{kFirstPrizeAction} : Rules::Bid(15);
  }

 private:
  int steps_ = 0;
};

TEST(MiniRiskReferee, RejectsAndCountsEveryIllegalBid) {
  MatchOptions options{.game = "minirisk(players=3)",
                       .agents = {"cheat", "fixed", "rl"},
                       .games = 30,
                       .seed = 2};
  options.custom_agents.push_back(
      {.name = "cheat",
       .make = [](const Game&,
                  const Params&) -> absl::StatusOr<std::unique_ptr<Agent>> {
         return std::make_unique<Cheat>();
       }});
  absl::StatusOr<MatchResult> r = RunMatch(options);
  ASSERT_TRUE(r.ok()) << r.status();
  // Per game 15 bids: the first 15 is legal unless it is a 5th step (a
  // prize card); every later one is not.
  const AgentResult& cheat = r->agents[0];
  EXPECT_EQ(cheat.games, 30);
  EXPECT_GE(cheat.illegal_actions, 30 * 14);
  EXPECT_LE(cheat.illegal_actions, 30 * 15);
  EXPECT_EQ(r->agents[1].illegal_actions, 0);
  EXPECT_EQ(r->agents[2].illegal_actions, 0);
  ASSERT_FALSE(r->illegal_actions.empty());
  EXPECT_EQ(r->illegal_actions[0].agent, "cheat");
  EXPECT_EQ(r->illegal_actions[0].reason, "not a legal action");
}

TEST(MiniRiskRl, LearnsAcrossGames) {
  absl::StatusOr<MatchResult> r = RunMatch({.game = "minirisk(players=2)",
                                            .agents = {"rl", "fixed"},
                                            .games = 200,
                                            .seed = 1,
                                            .log_games = true});
  ASSERT_TRUE(r.ok()) << r.status();
  ASSERT_EQ(r->game_log.size(), 200u);
  auto rl_mean = [&](int first, int end) {
    double total = 0;
    for (int g = first; g < end; ++g) {
      const GameLogEntry& e = r->game_log[g];
      for (size_t seat = 0; seat < e.scores.size(); ++seat) {
        if (e.agent_of_seat[seat] == 0) total += e.scores[seat];
      }
    }
    return total / (end - first);
  };
  EXPECT_GT(rl_mean(150, 200), rl_mean(0, 50) + 3);
}

TEST(MiniRiskTournament, ThePlannerLeadsAndTheSeedsOrderHolds) {
  absl::StatusOr<MatchResult> r =
      RunMatch({.game = "minirisk(players=5)",
                .agents = {"fixed", "random", "rl", "naive_mc(rollouts=40)",
                           "planner(rollouts=40)"},
                .games = 100,
                .seed = 1,
                .threads = 2});
  ASSERT_TRUE(r.ok()) << r.status();
  const auto mean = [&](int i) { return r->agents[i].mean_score; };
  EXPECT_EQ(r->winner, "planner(rollouts=40)");
  EXPECT_GT(mean(4), mean(2));  // planner > rl
  EXPECT_GT(mean(2), mean(3));  // rl > naive_mc
  EXPECT_GT(mean(3), mean(1));  // naive_mc > random
  EXPECT_GT(mean(0), mean(1));  // fixed > random
  for (const AgentResult& a : r->agents) EXPECT_EQ(a.illegal_actions, 0);
}

}  // namespace
}  // namespace gameai::minirisk
