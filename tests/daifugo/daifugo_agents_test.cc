// The daifugo agents on the match kernel: the original game's player with our
// joker and exchange choices, the playouts' policy, montecarlo.
#include <bit>
#include <map>

#include "daifugo_cards.h"
#include "gameai/arena/arena.h"
#include "gameai/daifugo/internal/agents.h"
#include "gameai/daifugo/daifugo.h"
#include "gameai/search/ismcts.h"
#include "gtest/gtest.h"

namespace gameai::daifugo {
namespace {

using testing::Hand;
using testing::MeldOf;

Rules FivePlayers() { return *Rules::Create({.players = 5}); }

// PlayState: P0 to move with `hand` on `field` (played by P4) in the
// first game; the other cards spread over P1..P4, or P1..P4 hold `others`
// and the rest was played.
Position PlayState(const Rules& rules, const std::string& hand,
                const std::string& field,
                const std::array<std::string, 4>& others = {}) {
  Position s;
  s.phase = Phase::kPlay;
  for (int p = 0; p < 5; ++p) s.table[p] = static_cast<uint8_t>(p);
  std::array<Cards, kMaxPlayers> hands{};
  hands[0] = Hand(hand);
  const Meld on = field.empty() ? Meld{} : MeldOf(field);
  Cards rest = kFullDeck & ~hands[0] & ~on.cards;
  if (others[0].empty()) {
    for (int i = 0; rest != 0; rest &= rest - 1, ++i) {
      hands[1 + i % 4] |= rest & -rest;
    }
  } else {
    for (int p = 1; p < 5; ++p) hands[p] = Hand(others[p - 1]);
  }
  s.deal = StartDeal(rules.deal_rules(), hands);
  s.deal.to_move = 0;
  s.deal.field = on;
  s.deal.field_owner = 4;
  s.deal.played = kFullDeck;
  for (int p = 0; p < 5; ++p) s.deal.played &= ~hands[p];
  return s;
}

std::string Named(const Rules& rules, const Position& s, Move m) {
  return rules.MoveToString(s, m);
}

TEST(DaifugoHeuristicAgent, PlaysTheSeedsFirstExampleThroughTheKernel) {
  const Rules rules = FivePlayers();
  const Position s = PlayState(rules, "S3 DT CT S2 D2", "S7 D7");
  EXPECT_EQ(Named(rules, s, HeuristicMove(rules, s)), "DT CT");
  const Position s2 = PlayState(rules, "S3 D4 C8 DA H2", "S7");
  EXPECT_EQ(Named(rules, s2, HeuristicMove(rules, s2)), "C8");
}

TEST(DaifugoHeuristicAgent, AlwaysAnswersALoneJokerWithTheSpadeThree) {
  const Rules rules = FivePlayers();
  const Position s = PlayState(rules, "S3 H5 D9 CK", "JK");
  EXPECT_EQ(Named(rules, s, HeuristicMove(rules, s)), "S3");
}

TEST(DaifugoHeuristicAgent, SpendsTheJokerInAMeldOnlyToGoOut) {
  const Rules rules = FivePlayers();
  // Pairs with the joker could beat 7 7 (9, 8, Q): kept for later.
  const Position keep = PlayState(rules, "H9 JK S4 D6 C8 SQ", "S7 D7");
  EXPECT_EQ(HeuristicMove(rules, keep), 0) << "passes";
  // With the pair the hand is empty: played.
  const Position out = PlayState(rules, "H9 JK", "S7 D7");
  const Move m = HeuristicMove(rules, out);
  EXPECT_EQ(MeldIndex::Get().MeldOf(m).cards, Hand("H9 JK"));
  // Alone on a single, the joker is the original game's strongest single (value
  // 100): it clears, so with a hand that can go out after it, it is played.
  const Position lone = PlayState(rules, "JK S3", "HA");
  EXPECT_EQ(Named(rules, lone, HeuristicMove(rules, lone)), "JK");
}

TEST(DaifugoHeuristicAgent, GivesBackTheWeakestPlainSingles) {
  // 3 3 is a pair, so D5 is the weakest single; then C9; never the joker,
  // a 2 or an 8 while others remain.
  EXPECT_EQ(CardName(GiveBackCard(Hand("S3 H3 D5 C9 S8 D2 JK"))), "D5");
  EXPECT_EQ(CardName(GiveBackCard(Hand("S3 H3 C9 S8 D2 JK"))), "C9");
  EXPECT_EQ(CardName(GiveBackCard(Hand("S3 H3 S8 D2 JK"))), "S3");
  EXPECT_EQ(CardName(GiveBackCard(Hand("S8 D2 JK"))), "S8");
  EXPECT_EQ(CardName(GiveBackCard(Hand("JK"))), "JK");
}

TEST(DaifugoRollout, IsLegalEverywhereAndMostlyLeadsTheWeakestCard) {
  const Rules rules = FivePlayers();
  Rng rng(4);
  int checked = 0;
  for (int game = 0; game < 30; ++game) {
    Position s = rules.InitialPosition();
    while (s.phase != Phase::kOver) {
      if (rules.CurrentPlayer(s) == kChancePlayer) {
        rules.Apply(s, rules.SampleChance(s, rng));
        continue;
      }
      const Move m = RolloutMove(rules, s, rng);
      ASSERT_TRUE(rules.IsLegal(s, m)) << rules.ToString(s);
      rules.Apply(s, m);
      ++checked;
    }
  }
  EXPECT_GT(checked, 10000);
  // Leading S4 S5 JK D9: the weakest card, without the joker (7 in 8).
  const Position lead = PlayState(rules, "S4 S5 JK D9", "");
  std::map<std::string, int> chosen;
  for (int i = 0; i < 800; ++i) {
    ++chosen[Named(rules, lead, RolloutMove(rules, lead, rng))];
  }
  EXPECT_GT(chosen["S4"], 600);
  EXPECT_LT(chosen["S4"], 780);  // the random eighth
}

TEST(DaifugoMonteCarlo, GoesOutWhenItCanAndRepeatsItselfForASeed) {
  const Rules rules = FivePlayers();
  // Passing lets P4 lead its last card and go out first; the ♠2 (the
  // joker is gone) takes the lead, and the ♣4 goes out.
  const Position s = rules.Redact(
      PlayState(rules, "S2 C4", "SK", {"H5 H6", "D6 D7", "C7 C8", "S9"}), 0);
  Rng a(9), b(9);
  const MonteCarloOptions options{.playouts = 40};
  const Move m = MonteCarloMove(rules, s, options, a);
  EXPECT_EQ(Named(rules, s, m), "S2");
  EXPECT_EQ(MonteCarloMove(rules, s, options, b), m);
}

TEST(DaifugoMonteCarlo, GivesTheChosenMovesMeanPlacePoints) {
  const Rules rules = FivePlayers();
  const Position s = rules.Redact(
      PlayState(rules, "S2 C4", "SK", {"H5 H6", "D6 D7", "C7 C8", "S9"}), 0);
  Rng rng(9);
  double mean = 0;
  MonteCarloMove(rules, s, {.playouts = 40}, rng, &mean);
  // Going out first is worth 5 place points against a mean of 3.
  EXPECT_GT(mean, 0.0);
  EXPECT_LE(mean, 2.0);
}

TEST(DaifugoMonteCarlo, ATimeBudgetPlaysMoreRoundsThanThePlayouts) {
  const Rules rules = FivePlayers();
  const Position s = rules.Redact(
      PlayState(rules, "S2 C4", "SK", {"H5 H6", "D6 D7", "C7 C8", "S9"}), 0);
  Rng rng(9);
  int rounds = 0;
  const Move m = MonteCarloMove(rules, s, {.playouts = 1, .time_ms = 50}, rng,
                                nullptr, &rounds);
  EXPECT_TRUE(rules.IsLegal(s, m));
  EXPECT_GT(rounds, 1);
  MonteCarloMove(rules, s, {.playouts = 3}, rng, nullptr, &rounds);
  EXPECT_EQ(rounds, 3);  // no budget: exactly the playouts
}

TEST(DaifugoIsmcts, SearchesSampledDealsAndGoesOut) {
  const Rules rules = FivePlayers();
  const Position s = rules.Redact(
      PlayState(rules, "S2 C4", "SK", {"H5 H6", "D6 D7", "C7 C8", "S9"}), 0);
  Ismcts<Rules> search(rules, {.simulations = 400});
  Rng a(5), b(5);
  const absl::StatusOr<Move> searched = search.Search(s, 0, a);
  ASSERT_TRUE(searched.ok()) << searched.status();
  const Move m = *searched;
  EXPECT_EQ(Named(rules, s, m), "S2");
  EXPECT_EQ(*search.Search(s, 0, b), m);
  int visits = 0;
  for (const auto& child : search.RootStats(0)) visits += child.visits;
  EXPECT_EQ(visits, 400);  // pass and S2, every simulation through one
}

TEST(DaifugoIsmcts, IsTheRegistrysMctsForDaifugo) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("daifugo");
  ASSERT_TRUE(game.ok());
  absl::StatusOr<std::unique_ptr<Agent>> agent =
      LoadAgent(**game, "mcts(simulations=50)");
  ASSERT_TRUE(agent.ok()) << agent.status();
  std::unique_ptr<gameai::State> state = (*game)->NewInitialState();
  Rng rng(1);
  while (state->CurrentPlayer() == kChancePlayer) {
    const auto outcomes = state->ChanceOutcomes();
    ASSERT_TRUE(
        state->ApplyAction(outcomes[rng.Below(outcomes.size())].action).ok());
  }
  const Player seat = state->CurrentPlayer();
  ASSERT_TRUE((*agent)->StartGame(**game, seat, 1).ok());
  absl::StatusOr<Action> action = (*agent)->Step(*state->ViewFor(seat));
  ASSERT_TRUE(action.ok()) << action.status();
  EXPECT_TRUE(state->ApplyAction(*action).ok());
  EXPECT_EQ((*agent)->Explain().rfind("mcts (information set)", 0), 0u);
}

TEST(DaifugoAgents, PlayWholeMatchesWithoutIllegalActions) {
  absl::StatusOr<MatchResult> result =
      RunMatch({.game = "daifugo(players=5,games=3)",
                .agents = {"heuristic", "montecarlo(playouts=4)", "random"},
                .games = 5,
                .seed = 3});
  ASSERT_TRUE(result.ok()) << result.status();
  for (const AgentResult& agent : result->agents) {
    EXPECT_EQ(agent.illegal_actions, 0) << agent.spec;
  }
  // The place counts: every deal of every seat-game is counted once.
  ASSERT_EQ(result->tally_names,
            (std::vector<std::string>{"place_1", "place_2", "place_3",
                                      "place_4", "place_5"}));
  for (const AgentResult& agent : result->agents) {
    double deals = 0, points = 0;
    for (int k = 0; k < 5; ++k) {
      deals += agent.tallies[k];
      points += agent.tallies[k] * (5 - k);
    }
    EXPECT_EQ(deals, 3.0 * static_cast<double>(agent.games)) << agent.spec;
    EXPECT_NEAR(points / deals, agent.mean_score, 1e-9) << agent.spec;
  }
  // Heuristic and montecarlo both outscore random (place points per deal).
  EXPECT_GT(result->agents[0].mean_score, result->agents[2].mean_score);
  EXPECT_GT(result->agents[1].mean_score, result->agents[2].mean_score);
}

}  // namespace
}  // namespace gameai::daifugo
