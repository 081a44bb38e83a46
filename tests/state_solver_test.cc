// SolveState, the one entry behind `gameai solve --state`, the C API's
// gameai_state_solve and Python's gameai.solve: Kalah positions against the
// solver called directly and a plain search, Yacht values against the
// optimal table and their own recursion, and every kind of bad input.
#include "gameai/dynamic/state_solver.h"

#include <algorithm>
#include <memory>

#include "gameai/base/random.h"
#include "gameai/dynamic/registry.h"
#include "gameai/mancala/solver.h"
#include "gameai/yacht/optimal.h"
#include "gtest/gtest.h"
#include "mancala/mancala_reference.h"

namespace gameai {
namespace {

std::unique_ptr<State> StateOf(const std::string& spec,
                               const std::string& text) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(spec);
  EXPECT_TRUE(game.ok()) << game.status();
  absl::StatusOr<std::unique_ptr<State>> state =
      (*game)->DeserializeState(text);
  EXPECT_TRUE(state.ok()) << state.status();
  return *std::move(state);
}

// Positions reached by random play on 3x3 (18 seeds; the database 8): the
// margin SolveState gives equals SolveKalah's on the same kernel state and a
// plain search's, and the best move keeps it.
TEST(SolveStateKalah, AgreesWithTheSolverAndAPlainSearch) {
  const std::string spec = "mancala(pits=3,seeds=3)";
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(spec);
  ASSERT_TRUE(game.ok());
  const mancala::Rules rules = *mancala::Rules::Create({.pits = 3, .seeds = 3});
  mancala::testing::PlainReference reference(rules);
  Rng rng(5);
  for (int i = 0; i < 12; ++i) {
    std::unique_ptr<State> state = (*game)->NewInitialState();
    const int plies = static_cast<int>(rng.Below(12));
    for (int p = 0; p < plies && !state->IsTerminal(); ++p) {
      const std::vector<Action> legal = state->LegalActions();
      ASSERT_TRUE(state->ApplyAction(legal[rng.Below(legal.size())]).ok());
    }
    absl::StatusOr<StateSolution> s = SolveState(*state, "tt=16,db_seeds=8");
    ASSERT_TRUE(s.ok()) << s.status();
    absl::StatusOr<mancala::Position> kernel =
        rules.Deserialize(state->Serialize());
    ASSERT_TRUE(kernel.ok());
    absl::StatusOr<mancala::SolveResult> direct = mancala::SolveKalah(
        rules, *kernel, {.tt_log2_size = 16, .db_seeds = 8});
    ASSERT_TRUE(direct.ok());
    EXPECT_EQ(s->value, direct->margin) << state->Serialize();
    EXPECT_EQ(s->value, reference.Margin(*kernel)) << state->Serialize();
    if (state->IsTerminal()) {
      EXPECT_EQ(s->status, "terminal");
      continue;
    }
    EXPECT_EQ(s->status, "solved");
    ASSERT_TRUE(s->best_action.has_value());
    std::unique_ptr<State> child = state->Clone();
    ASSERT_TRUE(child->ApplyAction(*s->best_action).ok());
    absl::StatusOr<StateSolution> after =
        SolveState(*child, "tt=16,db_seeds=8");
    ASSERT_TRUE(after.ok());
    EXPECT_EQ(after->value, s->value);
  }
}

TEST(SolveStateKalah, AllMovesGivesEveryMoveItsMargin) {
  std::unique_ptr<State> state =
      StateOf("mancala(pits=4,seeds=2)", "1 0 3 3 2 1 2 0 2 3 0");
  absl::StatusOr<StateSolution> s = SolveState(*state, "all_moves=true");
  ASSERT_TRUE(s.ok()) << s.status();
  ASSERT_EQ(s->action_values.size(), state->LegalActions().size());
  double best = 1000;  // player 1 moves: the smallest margin
  for (const StateSolution::ActionValue& a : s->action_values) {
    std::unique_ptr<State> child = state->Clone();
    ASSERT_TRUE(child->ApplyAction(a.action).ok());
    absl::StatusOr<StateSolution> after = SolveState(*child, "");
    ASSERT_TRUE(after.ok());
    EXPECT_EQ(after->value, a.value) << a.text;
    best = std::min(best, a.value);
  }
  EXPECT_EQ(s->value, best);
}

TEST(SolveStateKalah, NodeBudgetGivesBoundsAndNoMove) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("mancala");
  ASSERT_TRUE(game.ok());
  absl::StatusOr<StateSolution> s =
      SolveState(*(*game)->NewInitialState(), "nodes=20000,tt=20");
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->status, "bounded");
  EXPECT_LE(s->value_lower, 8);  // 6x4: +8
  EXPECT_GE(s->value_upper, 8);
  EXPECT_FALSE(s->best_action.has_value());
  EXPECT_LE(s->nodes, 20000);
  EXPECT_NE(StateSolutionToJson(*(*game)->NewInitialState(), *s)
                .find("\"value\": null"),
            std::string::npos);
}

TEST(SolveStateKalah, FinishedGameIsItsStores) {
  absl::StatusOr<StateSolution> s = SolveState(
      *StateOf("mancala(pits=4,seeds=2)", "0 0 0 0 0 7 0 0 0 0 9"), "");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(s->status, "terminal");
  EXPECT_EQ(s->value, -2);
  EXPECT_FALSE(s->best_action.has_value());
}

TEST(SolveState, GameWithoutSolverListsThoseWithOne) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("linesboard");
  ASSERT_TRUE(game.ok());
  absl::StatusOr<StateSolution> s = SolveState(*(*game)->NewInitialState(), "");
  EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(s.status().message().find(
                "game 'linesboard' has no exact solver; games with one: "
                "mancala, yacht"),
            std::string::npos)
      << s.status();
}

TEST(SolveState, UnknownOptionIsAnError) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("mancala");
  ASSERT_TRUE(game.ok());
  absl::StatusOr<StateSolution> s =
      SolveState(*(*game)->NewInitialState(), "nodez=5");
  EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(s.status().message().find("nodez"), std::string::npos);
}

class SolveStateYacht : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    table_ = *yacht::OptimalTable::Shared({.players = 1});
  }
  static std::shared_ptr<const yacht::OptimalTable> table_;
};
std::shared_ptr<const yacht::OptimalTable> SolveStateYacht::table_;

TEST_F(SolveStateYacht, StartIsTheTableStartValue) {
  absl::StatusOr<std::shared_ptr<const Game>> game =
      LoadGame("yacht(players=1)");
  ASSERT_TRUE(game.ok());
  absl::StatusOr<StateSolution> s = SolveState(*(*game)->NewInitialState(), "");
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->status, "solved");
  EXPECT_EQ(s->value, table_->StartValue());
  EXPECT_NEAR(s->value, 245.87, 0.005);      // Glenn 2006
  EXPECT_FALSE(s->best_action.has_value());  // a roll: chance acts
}

// Within a turn: a roll's value is the mean of its outcomes' values, a
// decision's the best of its options', and the best one is what `optimal`
// plays.
TEST_F(SolveStateYacht, RollIsTheMeanOfItsOutcomes) {
  std::unique_ptr<State> roll =
      StateOf("yacht(players=1)", "0 1 0 1 7 8183 12 12 0");  // 1 1 held
  absl::StatusOr<StateSolution> s = SolveState(*roll, "");
  ASSERT_TRUE(s.ok()) << s.status();
  double mean = 0;
  for (const ChanceOutcome& o : roll->ChanceOutcomes()) {
    std::unique_ptr<State> child = roll->Clone();
    ASSERT_TRUE(child->ApplyAction(o.action).ok());
    absl::StatusOr<StateSolution> after = SolveState(*child, "");
    ASSERT_TRUE(after.ok()) << after.status();
    mean += o.probability * after->value;
  }
  EXPECT_NEAR(s->value, mean, 1e-9);
}

TEST_F(SolveStateYacht, DecisionIsItsBestOptionAndOptimalPlaysIt) {
  absl::StatusOr<std::shared_ptr<const Game>> game =
      LoadGame("yacht(players=1)");
  ASSERT_TRUE(game.ok());
  absl::StatusOr<std::unique_ptr<Agent>> optimal = LoadAgent(**game, "optimal");
  ASSERT_TRUE(optimal.ok());
  ASSERT_TRUE((*optimal)->StartGame(**game, 0, 1).ok());
  std::unique_ptr<State> state = (*game)->NewInitialState();
  Rng rng(3);
  int decisions = 0;
  while (!state->IsTerminal() && decisions < 30) {
    if (state->IsChanceNode()) {
      ASSERT_TRUE(
          state->ApplyAction(SampleChanceOutcome(state->ChanceOutcomes(), rng))
              .ok());
      continue;
    }
    absl::StatusOr<StateSolution> s = SolveState(*state, "");
    ASSERT_TRUE(s.ok()) << s.status();
    double best = -1;
    for (const StateSolution::ActionValue& a : s->action_values) {
      best = std::max(best, a.value);
    }
    EXPECT_EQ(s->value, best) << state->Serialize();
    absl::StatusOr<Action> played = (*optimal)->Step(*state->ViewFor(0));
    ASSERT_TRUE(played.ok());
    ASSERT_TRUE(s->best_action.has_value());
    EXPECT_EQ(*s->best_action, *played) << state->Serialize();
    ASSERT_TRUE(state->ApplyAction(*played).ok());
    ++decisions;
  }
  EXPECT_EQ(decisions, 30);
}

TEST_F(SolveStateYacht, FinishedGameIsTerminal) {
  std::unique_ptr<State> over =
      StateOf("yacht(players=1)", "0 13 2 2 0 0 120 40 0");
  absl::StatusOr<StateSolution> s = SolveState(*over, "");
  ASSERT_TRUE(s.ok()) << s.status();
  EXPECT_EQ(s->status, "terminal");
  EXPECT_EQ(s->value, 0);
  EXPECT_NE(
      StateSolutionToJson(*over, *s).find("\"final_score_player_0\": 120"),
      std::string::npos);
}

TEST_F(SolveStateYacht, UnreachableScorecardInAStateIsAnError) {
  // TWOS filled with an upper total of 3: no dice make it, so no state
  // holds it (the state's text is refused before any solver sees it).
  absl::StatusOr<std::unique_ptr<State>> s =
      (*LoadGame("yacht(players=1)"))->DeserializeState("0 1 0 2 0 8189 3 3 0");
  EXPECT_EQ(s.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(s.status().message().find("player 0's scorecard: upper total 3 "
                                      "cannot come from the filled upper "
                                      "boxes TWOS"),
            std::string::npos)
      << s.status();
}

TEST_F(SolveStateYacht, LookupNamesWhyAScorecardIsUnreachable) {
  const auto message = [&](yacht::Scorecard card) {
    absl::StatusOr<double> v = table_->Lookup(card);
    EXPECT_FALSE(v.ok());
    return std::string(v.status().message());
  };
  EXPECT_NE(message({8189, 3, 3, 0}).find("upper total 3 cannot come"),
            std::string::npos);
  EXPECT_NE(message({8191, 5, 5, 0}).find("no upper box filled"),
            std::string::npos);
  EXPECT_NE(message({8191, 50, 0, 1}).find("YACHT is open"), std::string::npos);
  EXPECT_NE(message({8192, 0, 0, 0}).find("beyond the 13"), std::string::npos);
  EXPECT_NE(message({8128, 300, 106, 0}).find("upper total 106"),
            std::string::npos);
  EXPECT_NE(message({8191, 100, 0, 0}).find("(none filled)"),
            std::string::npos);
  // Past every reachable total (the card is public: no read past the sums).
  EXPECT_NE(message({8191, 60000, 0, 0}).find("leaves 60000"),
            std::string::npos);
  // Reachable: the table's entry itself.
  const yacht::Scorecard capped{8128, 140, 105, 0};  // every upper box full
  ASSERT_TRUE(table_->Lookup(capped).ok());
  EXPECT_EQ(*table_->Lookup(capped), table_->Expected(capped));
}

TEST_F(SolveStateYacht, ScorecardLookupByTextAndNames) {
  absl::StatusOr<std::shared_ptr<const Game>> game =
      LoadGame("yacht(players=1)");
  ASSERT_TRUE(game.ok());
  absl::StatusOr<double> blank =
      yacht::LookupScorecard(**game, "8191 0 0 0", "");
  ASSERT_TRUE(blank.ok()) << blank.status();
  EXPECT_EQ(*blank, table_->StartValue());
  absl::StatusOr<double> chance =
      yacht::LookupScorecard(**game, "CHANCE 0 0 0", "");
  ASSERT_TRUE(chance.ok()) << chance.status();
  EXPECT_NEAR(*chance, 70.0 / 3.0, 1e-12);  // the closed form
  EXPECT_EQ(*yacht::LookupScorecard(**game, "- 120 40 0", ""), 0);
  for (const char* bad : {"8191 0 0", "CHANSE 0 0 0", "8191 x 0 0",
                          "8191 10 40 0", "8191 0 0 2"}) {
    EXPECT_FALSE(yacht::LookupScorecard(**game, bad, "").ok()) << bad;
  }
  absl::StatusOr<std::shared_ptr<const Game>> mancala = LoadGame("mancala");
  ASSERT_TRUE(mancala.ok());
  absl::StatusOr<double> other =
      yacht::LookupScorecard(**mancala, "8191 0 0 0", "");
  EXPECT_NE(other.status().message().find("not a yacht game"),
            std::string::npos);
}

}  // namespace
}  // namespace gameai
