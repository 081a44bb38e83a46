// The `perfect` agent and the solver it keeps: every move of optimal
// margin (checked by a plain full-width search), the same answers from a
// table that remembers, and the boards it refuses.
#include <string>

#include "gameai/arena/arena.h"
#include "gameai/base/random.h"
#include "gameai/dynamic/registry.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/mancala/solver.h"
#include "gtest/gtest.h"
#include "mancala_boards.h"
#include "mancala_reference.h"

namespace gameai::mancala {
namespace {

using testing::MakeRules;
using testing::PlainReference;

const Position& PositionOf(const State& state) {
  return dynamic_cast<const KernelState<Rules>&>(state).position();
}

// Games of `perfect` against random play, both seats, both capture rules:
// after each of its moves the margin is still the position's value.
TEST(PerfectAgent, EveryMoveKeepsTheExactMargin) {
  for (const char* spec :
       {"mancala(pits=3,seeds=3)", "mancala(pits=3,seeds=3,empty_capture=true)",
        "mancala(pits=4,seeds=2)"}) {
    absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(spec);
    ASSERT_TRUE(game.ok()) << game.status();
    const Rules& rules = dynamic_cast<const KernelGame<Rules>&>(**game).rules();
    PlainReference reference(rules);
    absl::StatusOr<std::unique_ptr<Agent>> perfect =
        LoadAgent(**game, "perfect");
    ASSERT_TRUE(perfect.ok()) << perfect.status();
    Rng rng(7);
    int checked = 0;
    for (int g = 0; g < 6; ++g) {
      const Player seat = g % 2;
      ASSERT_TRUE((*perfect)->StartGame(**game, seat, g).ok());
      std::unique_ptr<State> state = (*game)->NewInitialState();
      std::vector<Action> legal;
      while (!state->IsTerminal()) {
        Action action;
        if (state->CurrentPlayer() == seat) {
          const int value = reference.Margin(PositionOf(*state));
          absl::StatusOr<Action> chosen = (*perfect)->StepLegal(*state);
          ASSERT_TRUE(chosen.ok()) << chosen.status();
          action = *chosen;
          Position after = PositionOf(*state);
          rules.Apply(after, rules.ToMove(action));
          EXPECT_EQ(reference.Margin(after), value)
              << spec << " " << state->Serialize();
          EXPECT_NE((*perfect)->Explain().find("perfect: pit"),
                    std::string::npos);
          ++checked;
        } else {
          state->LegalActions(&legal);
          action = legal[rng.Below(legal.size())];
        }
        ASSERT_TRUE(state->ApplyAction(action).ok());
      }
    }
    EXPECT_GT(checked, 12) << spec;
  }
}

// The table kept between solves: a second solve of a position it has seen
// costs fewer nodes and gives the same margin and move; positions of a
// game solved in turn agree with fresh solvers.
TEST(KalahSolverKept, RemembersWithoutChangingAnswers) {
  const Rules rules = MakeRules({.pits = 5, .seeds = 3});
  absl::StatusOr<std::unique_ptr<KalahSolver>> kept =
      KalahSolver::Create(rules, {.tt_log2_size = 18});
  ASSERT_TRUE(kept.ok()) << kept.status();
  Position s = rules.InitialPosition();
  const SolveResult first = (*kept)->Solve(s);
  const SolveResult again = (*kept)->Solve(s);
  ASSERT_TRUE(first.solved && again.solved);
  EXPECT_EQ(again.margin, first.margin);
  EXPECT_EQ(again.best_move, first.best_move);
  EXPECT_LT(again.nodes, first.nodes);
  Rng rng(3);
  for (int ply = 0; ply < 12 && !rules.IsOver(s); ++ply) {
    MoveList moves;
    rules.LegalMoves(s, moves);
    rules.Apply(s, moves[rng.Below(moves.size())]);
    if (rules.IsOver(s)) break;
    const SolveResult remembered = (*kept)->Solve(s);
    absl::StatusOr<SolveResult> fresh =
        SolveKalah(rules, s, {.tt_log2_size = 18});
    ASSERT_TRUE(fresh.ok());
    EXPECT_EQ(remembered.margin, fresh->margin);
    EXPECT_EQ(remembered.best_move, fresh->best_move);
  }
}

// One agent playing game after game plays as new agents do: the same
// results on one thread (one agent for all games) as on two.
TEST(PerfectAgent, ResultsDoNotDependOnWhatItRemembers) {
  MatchOptions options{.game = "mancala(pits=4,seeds=3)",
                       .agents = {"perfect", "alphabeta(depth=2)"},
                       .games = 8,
                       .seed = 4,
                       .threads = 1,
                       .random_opening = 3};
  absl::StatusOr<MatchResult> one = RunMatch(options);
  ASSERT_TRUE(one.ok()) << one.status();
  options.threads = 2;
  options.series = 4;
  absl::StatusOr<MatchResult> two = RunMatch(options);
  ASSERT_TRUE(two.ok()) << two.status();
  EXPECT_EQ(one->agents[0].mean_score, two->agents[0].mean_score);
  EXPECT_EQ(one->agents[0].wins, two->agents[0].wins);
}

TEST(PerfectAgent, RefusesBoardsBeyondItsLimit) {
  absl::StatusOr<std::shared_ptr<const Game>> big =
      LoadGame("mancala(pits=6,seeds=5)");
  ASSERT_TRUE(big.ok());
  absl::StatusOr<std::unique_ptr<Agent>> agent = LoadAgent(**big, "perfect");
  ASSERT_FALSE(agent.ok());
  const std::string message(agent.status().message());
  EXPECT_NE(message.find("max_seeds=48"), std::string::npos) << message;
  EXPECT_NE(message.find("holds 60"), std::string::npos) << message;
  absl::StatusOr<std::shared_ptr<const Game>> small =
      LoadGame("mancala(pits=4,seeds=3)");
  ASSERT_TRUE(small.ok());
  EXPECT_FALSE(LoadAgent(**small, "perfect(max_seeds=20)").ok());
  EXPECT_TRUE(LoadAgent(**small, "perfect(max_seeds=24)").ok());
  // Every other game the build holds (none in a Mancala-only build).
  for (const GameEntry* entry : RegisteredGames()) {
    if (entry->name == "mancala") continue;
    absl::StatusOr<std::shared_ptr<const Game>> other = LoadGame(entry->name);
    ASSERT_TRUE(other.ok()) << other.status();
    EXPECT_FALSE(LoadAgent(**other, "perfect").ok()) << entry->name;
  }
}

}  // namespace
}  // namespace gameai::mancala
