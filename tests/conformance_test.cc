// Conformance: random games through the dynamic interface of every
// registered game (under several parameter sets) must keep the interface's
// promises: legal actions, clone, serialization round-trip, rejection of bad
// input without change, undo back to the start, chance probabilities, returns
// only at the end, game length within the declared maximum, observations;
// and every state reached or round-tripped passes State::Validate, with the
// dynamic invariants checked here independently of it (a player to move has
// a legal action, chance outcomes sum to 1, every listed action applies).
#include <algorithm>
#include <cmath>
#include <map>

#include "gameai/base/random.h"
#include "gameai/dynamic/registry.h"
#include "gtest/gtest.h"
#include "spec_test_name.h"
#include "toy_games.h"

namespace gameai {
namespace {

// Extra parameter sets per game, beyond its defaults.
std::vector<std::string> AllSpecs() {
  toy::RegisterToyGames();  // chance and simultaneous nodes
  std::vector<std::string> specs;
  for (const GameEntry* entry : RegisteredGames()) {
    specs.push_back(entry->name);
    // The parameter sets the game asks the generic suites to play too.
    specs.insert(specs.end(), entry->test_specs.begin(),
                 entry->test_specs.end());
  }
  return specs;
}

class ConformanceTest : public ::testing::TestWithParam<std::string> {};

void CheckSameState(const State& a, const State& b) {
  EXPECT_EQ(a.Serialize(), b.Serialize());
  EXPECT_EQ(a.CurrentPlayer(), b.CurrentPlayer());
  EXPECT_EQ(a.ToString(), b.ToString());
  EXPECT_EQ(a.LegalActions(), b.LegalActions());
}

void CheckSimultaneousNode(const Game& game, const State& state) {
  EXPECT_TRUE(state.ChanceOutcomes().empty());
  std::vector<Action> joint;
  for (Player p = 0; p < game.NumPlayers(); ++p) {
    const std::vector<Action> legal = state.LegalActions(p);
    ASSERT_FALSE(legal.empty()) << "player " << p << "\n" << state.ToString();
    EXPECT_TRUE(std::is_sorted(legal.begin(), legal.end()));
    joint.push_back(legal.front());
  }
  std::unique_ptr<State> copy = state.Clone();
  const std::string before = state.Serialize();
  EXPECT_FALSE(copy->ApplyAction(joint[0]).ok());  // needs a joint action
  EXPECT_FALSE(copy->ApplyJointAction({joint.data(), joint.size() - 1}).ok());
  std::vector<Action> bad = joint;
  bad.back() = game.NumDistinctActions();
  EXPECT_FALSE(copy->ApplyJointAction(bad).ok());
  EXPECT_EQ(copy->Serialize(), before);
  ASSERT_TRUE(copy->ApplyJointAction(joint).ok());
  EXPECT_TRUE(copy->Validate().ok()) << copy->Validate();
  const Event event = copy->LastEventFor(0);
  EXPECT_EQ(event.actor, kSimultaneousPlayer);
  EXPECT_EQ(event.actions, joint);
  ASSERT_TRUE(copy->UndoAction().ok());
  EXPECT_EQ(copy->Serialize(), before);
}

// CheckListedActionsApply: listed actions (all of short lists, a spread
// of 8 of long ones) apply to a copy, and the successor is valid too.
void CheckListedActionsApply(const State& state, Player player) {
  const std::vector<Action> legal = state.LegalActions(player);
  const size_t step = std::max<size_t>(1, legal.size() / 8);
  for (size_t i = 0; i < legal.size(); i += step) {
    std::unique_ptr<State> copy = state.Clone();
    const absl::Status applied = copy->ApplyAction(legal[i]);
    ASSERT_TRUE(applied.ok()) << applied << "\n" << state.Serialize();
    const absl::Status valid = copy->Validate();
    ASSERT_TRUE(valid.ok()) << valid << "\n" << copy->Serialize();
  }
}

// CheckNode: the promises at `state`; `view_seat` is the seat whose view
// is also read back from its text.
void CheckNode(const Game& game, const State& state, Player view_seat) {
  const Player player = state.CurrentPlayer();
  // The invariant, on the state and on its round-trip.
  const absl::Status valid = state.Validate();
  ASSERT_TRUE(valid.ok()) << valid << "\n" << state.Serialize();
  absl::StatusOr<std::unique_ptr<State>> parsed =
      game.DeserializeState(state.Serialize());
  ASSERT_TRUE(parsed.ok()) << parsed.status() << "\n" << state.Serialize();
  CheckSameState(state, **parsed);
  EXPECT_TRUE((*parsed)->Validate().ok()) << (*parsed)->Validate();
  // Clone.
  CheckSameState(state, *state.Clone());
  // Returns only at the end.
  if (!state.IsTerminal()) {
    for (double r : state.Returns()) EXPECT_EQ(r, 0.0);
  }
  // Observations: each seat's view shows it the same observation, and a
  // view hides nothing more when viewed again.
  for (Player p = 0; p < game.NumPlayers(); ++p) {
    const std::unique_ptr<State> view = state.ViewFor(p);
    EXPECT_EQ(view->ObservationString(p), state.ObservationString(p));
    EXPECT_EQ(view->ViewFor(p)->Serialize(), view->Serialize());
    // A seat's view reads back from its text as the same view (one seat
    // per position, in turn, to keep the test short).
    if (p != view_seat) continue;
    absl::StatusOr<std::unique_ptr<State>> read =
        game.DeserializeView(view->Serialize(), p);
    ASSERT_TRUE(read.ok()) << read.status() << "\n" << view->Serialize();
    CheckSameState(*view, **read);
    EXPECT_EQ((*read)->ObservationString(p), view->ObservationString(p));
  }
  if (state.IsTerminal()) {
    EXPECT_TRUE(state.LegalActions().empty());
    return;
  }
  if (player == kSimultaneousPlayer) {
    CheckSimultaneousNode(game, state);
    return;
  }
  for (Player p = 0; p < game.NumPlayers(); ++p) {
    if (p != player) {
      EXPECT_TRUE(state.LegalActions(p).empty());
    }
  }
  const std::vector<Action> legal = state.LegalActions();
  ASSERT_FALSE(legal.empty()) << state.ToString();
  EXPECT_TRUE(std::is_sorted(legal.begin(), legal.end()));
  EXPECT_EQ(std::adjacent_find(legal.begin(), legal.end()), legal.end());
  for (Action a : legal) {
    EXPECT_GE(a, 0);
    EXPECT_LT(a, game.NumDistinctActions());
  }
  if (player == kChancePlayer) {
    double total = 0;
    for (const ChanceOutcome& o : state.ChanceOutcomes()) {
      EXPECT_GT(o.probability, 0);
      total += o.probability;
    }
    EXPECT_NEAR(total, 1.0, 1e-9);
  } else {
    EXPECT_TRUE(state.ChanceOutcomes().empty());
  }
  CheckListedActionsApply(state, player);
  if (player >= 0) {
    // Action strings round-trip (a spread of at most ~16 actions).
    const size_t step = std::max<size_t>(1, legal.size() / 16);
    for (size_t i = 0; i < legal.size(); i += step) {
      const Action a = legal[i];
      absl::StatusOr<Action> back =
          state.StringToAction(player, state.ActionToString(player, a));
      ASSERT_TRUE(back.ok()) << back.status();
      EXPECT_EQ(*back, a);
    }
  }
  // Illegal input is rejected and leaves the state unchanged.
  const std::string before = state.Serialize();
  std::unique_ptr<State> copy = state.Clone();
  for (Action bad : {Action{-1}, game.NumDistinctActions(), Action{1} << 40}) {
    EXPECT_FALSE(copy->ApplyAction(bad).ok());
  }
  // Every action of small action spaces; a spread of 97 of larger ones.
  const Action n = game.NumDistinctActions();
  const Action stride = std::max<Action>(1, n / 97);
  for (Action a = 0; a < n; a += stride) {
    if (!std::binary_search(legal.begin(), legal.end(), a)) {
      EXPECT_FALSE(copy->ApplyAction(a).ok()) << a;
    }
  }
  EXPECT_FALSE(copy->StringToAction(player, "no such action").ok());
  EXPECT_EQ(copy->Serialize(), before);
}

TEST_P(ConformanceTest, RandomGamesKeepTheInterfacePromises) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(GetParam());
  ASSERT_TRUE(game.ok()) << game.status();
  Rng rng(DeriveSeed(2026, std::hash<std::string>()(GetParam())));
  // 20 games, or fewer for long games: about 3000 checked positions.
  int checked = 0;
  for (int g = 0; g < 20 && checked < 3000; ++g) {
    std::unique_ptr<State> state = (*game)->NewInitialState();
    const std::string initial = state->Serialize();
    int transitions = 0;
    size_t history_items = 0;  // a joint action records one item per seat
    while (true) {
      CheckNode(**game, *state, checked % (*game)->NumPlayers());
      ++checked;
      if (HasFatalFailure() || state->IsTerminal()) break;
      if (state->IsSimultaneousNode()) {
        std::vector<Action> joint;
        for (Player p = 0; p < (*game)->NumPlayers(); ++p) {
          const std::vector<Action> legal = state->LegalActions(p);
          joint.push_back(legal[rng.Below(legal.size())]);
        }
        ASSERT_TRUE(state->ApplyJointAction(joint).ok());
        history_items += joint.size();
      } else {
        const std::vector<Action> legal = state->LegalActions();
        ASSERT_TRUE(state->ApplyAction(legal[rng.Below(legal.size())]).ok());
        ++history_items;
      }
      ++transitions;
      ASSERT_LE(transitions, (*game)->MaxGameLength());
    }
    EXPECT_EQ(state->History().size(), history_items);
    // The end: no action, returns and scores per player.
    EXPECT_FALSE(state->ApplyAction(0).ok());
    EXPECT_EQ(state->Returns().size(),
              static_cast<size_t>((*game)->NumPlayers()));
    EXPECT_EQ(state->Scores().size(),
              static_cast<size_t>((*game)->NumPlayers()));
    if ((*game)->Type().zero_sum) {
      const std::vector<double> r = state->Returns();
      EXPECT_DOUBLE_EQ(r[0] + r[1], 0.0);
    }
    // Undo back to the start.
    while (!state->History().empty()) ASSERT_TRUE(state->UndoAction().ok());
    EXPECT_EQ(state->Serialize(), initial);
    EXPECT_FALSE(state->UndoAction().ok());
  }
}

TEST_P(ConformanceTest, DeserializeRejectsGarbage) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(GetParam());
  ASSERT_TRUE(game.ok());
  for (const char* bad :
       {"", "garbage", "1 2 3", "-1", "0 0 0 0 0 0 0 0 0 0"}) {
    EXPECT_FALSE((*game)->DeserializeState(bad).ok()) << bad;
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, ConformanceTest,
                         ::testing::ValuesIn(AllSpecs()),
                         gameai::testing::SpecTestName);

}  // namespace
}  // namespace gameai
