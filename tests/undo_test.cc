// Undo through the kernel adapter, which keeps checkpoints and replays the
// history instead of a copy per action: every game undone step by step
// comes back through exactly the positions (and observations, and events)
// it went through; undo mixed with moves stays exact; undoing a private
// deal leaks nothing. Also the allocation-free forms of the dynamic layer
// (LegalActions into a buffer, SampleChanceOutcome) against the listing
// forms.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "fmt/format.h"
#include "gameai/base/random.h"
#include "gameai/daifugo/daifugo.h"
#include "gameai/dynamic/registry.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gtest/gtest.h"
#include "spec_test_name.h"
#include "toy_games.h"

namespace gameai {
namespace {

std::shared_ptr<const Game> Load(const std::string& spec) {
  toy::RegisterToyGames();
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(spec);
  EXPECT_TRUE(game.ok()) << game.status();
  return *game;
}

// Snapshot: everything a position shows: the state, each seat's
// observation, view and last event, and a non-seat's last event.
std::vector<std::string> Snapshot(const State& s) {
  std::vector<std::string> out = {s.Serialize(), s.ToString(),
                                  std::to_string(s.CurrentPlayer())};
  const int n = s.GetGame().NumPlayers();
  for (Player p = -1; p < n; ++p) {
    if (p >= 0) {
      out.push_back(s.ObservationString(p));
      out.push_back(s.ViewFor(p)->Serialize());
    }
    if (!s.History().empty()) {
      const Event e = s.LastEventFor(p);
      out.push_back(fmt::format("{}: {}", e.actor, fmt::join(e.actions, " ")));
    }
  }
  return out;
}

// RandomStep: one random transition (chance by SampleChanceOutcome).
void RandomStep(State& s, Rng& rng) {
  if (s.IsChanceNode()) {
    absl::StatusOr<Action> outcome = s.SampleChanceOutcome(rng);
    ASSERT_TRUE(outcome.ok()) << outcome.status();
    ASSERT_TRUE(s.ApplyAction(*outcome).ok());
  } else if (s.IsSimultaneousNode()) {
    std::vector<Action> joint;
    for (Player p = 0; p < s.GetGame().NumPlayers(); ++p) {
      const std::vector<Action> legal = s.LegalActions(p);
      joint.push_back(legal[rng.Below(legal.size())]);
    }
    ASSERT_TRUE(s.ApplyJointAction(joint).ok());
  } else {
    const std::vector<Action> legal = s.LegalActions();
    ASSERT_TRUE(s.ApplyAction(legal[rng.Below(legal.size())]).ok());
  }
}

// Replayed: a fresh state given the same history as `s`.
std::unique_ptr<State> Replayed(const Game& game, const State& s) {
  std::unique_ptr<State> fresh = game.NewInitialState();
  const std::vector<State::HistoryItem>& history = s.History();
  const size_t n = static_cast<size_t>(game.NumPlayers());
  for (size_t i = 0; i < history.size();) {
    if (history[i].joint) {
      std::vector<Action> joint;
      for (size_t p = 0; p < n; ++p) joint.push_back(history[i + p].action);
      EXPECT_TRUE(fresh->ApplyJointAction(joint).ok());
      i += n;
    } else {
      EXPECT_TRUE(fresh->ApplyAction(history[i].action).ok());
      ++i;
    }
  }
  return fresh;
}

std::vector<std::string> Specs() {
  toy::RegisterToyGames();
  std::vector<std::string> specs;
  for (const GameEntry* entry : RegisteredGames()) specs.push_back(entry->name);
  // Longer games: many checkpoints, a long match.
  specs.push_back("daifugo(players=3,games=6,shuffle_every=1)");
  specs.push_back("mancala(pits=8,seeds=8)");
  specs.push_back("yacht(players=3,yahtzee_bonus=true)");
  return specs;
}

class UndoTest : public ::testing::TestWithParam<std::string> {};

TEST_P(UndoTest, RandomGamesUndoneToTheStartPassBackThroughEveryPosition) {
  const std::shared_ptr<const Game> game = Load(GetParam());
  Rng rng(DeriveSeed(16, std::hash<std::string>()(GetParam())));
  for (int g = 0; g < 3; ++g) {
    std::unique_ptr<State> s = game->NewInitialState();
    std::vector<std::vector<std::string>> seen = {Snapshot(*s)};
    while (!s->IsTerminal()) {
      RandomStep(*s, rng);
      if (HasFatalFailure()) return;
      seen.push_back(Snapshot(*s));
    }
    for (size_t i = seen.size() - 1; i > 0; --i) {
      ASSERT_TRUE(s->UndoAction().ok());
      ASSERT_EQ(Snapshot(*s), seen[i - 1])
          << "after undoing to position " << i - 1;
    }
    EXPECT_TRUE(s->History().empty());
    EXPECT_EQ(s->Serialize(), game->NewInitialState()->Serialize());
    EXPECT_FALSE(s->UndoAction().ok());
  }
}

TEST_P(UndoTest, UndoMixedWithMovesMatchesAFreshReplay) {
  const std::shared_ptr<const Game> game = Load(GetParam());
  Rng rng(DeriveSeed(17, std::hash<std::string>()(GetParam())));
  std::unique_ptr<State> s = game->NewInitialState();
  for (int step = 0; step < 600; ++step) {
    // Mostly forward, with runs of undos of up to 80 transitions.
    if (!s->History().empty() && (s->IsTerminal() || rng.Below(8) == 0)) {
      for (int k = 1 + static_cast<int>(rng.Below(80));
           k > 0 && !s->History().empty(); --k) {
        ASSERT_TRUE(s->UndoAction().ok());
      }
    } else {
      RandomStep(*s, rng);
      if (HasFatalFailure()) return;
    }
    ASSERT_EQ(Snapshot(*s), Snapshot(*Replayed(*game, *s))) << "step " << step;
    // A clone carries the same history and undoes the same way.
    if (step % 50 == 0 && !s->History().empty()) {
      std::unique_ptr<State> clone = s->Clone();
      std::unique_ptr<State> before = s->Clone();
      ASSERT_TRUE(clone->UndoAction().ok());
      ASSERT_TRUE(before->UndoAction().ok());
      EXPECT_EQ(clone->Serialize(), before->Serialize());
      EXPECT_EQ(Snapshot(*clone), Snapshot(*Replayed(*game, *clone)));
    }
  }
}

TEST_P(UndoTest, LegalActionsIntoABufferMatchesTheVectorForm) {
  const std::shared_ptr<const Game> game = Load(GetParam());
  Rng rng(DeriveSeed(18, std::hash<std::string>()(GetParam())));
  std::unique_ptr<State> s = game->NewInitialState();
  std::vector<Action> buffer = {-5, 7, 9};  // stale contents are replaced
  std::vector<ChanceOutcome> outcomes = {{-5, 0.5}};
  while (!s->IsTerminal()) {
    for (Player p = kChancePlayer; p < game->NumPlayers(); ++p) {
      s->LegalActions(p, &buffer);
      ASSERT_EQ(buffer, s->LegalActions(p)) << "player " << p;
    }
    s->LegalActions(&buffer);
    ASSERT_EQ(buffer, s->LegalActions());
    s->ChanceOutcomes(&outcomes);
    const std::vector<ChanceOutcome> listed = s->ChanceOutcomes();
    ASSERT_EQ(outcomes.size(), listed.size());
    for (size_t i = 0; i < listed.size(); ++i) {
      EXPECT_EQ(outcomes[i].action, listed[i].action);
      EXPECT_EQ(outcomes[i].probability, listed[i].probability);
    }
    RandomStep(*s, rng);
    if (HasFatalFailure()) return;
  }
}

TEST_P(UndoTest, SampleChanceOutcomeDrawsAListedOutcomeAndOnlyAtChance) {
  const std::shared_ptr<const Game> game = Load(GetParam());
  Rng rng(DeriveSeed(19, std::hash<std::string>()(GetParam())));
  std::unique_ptr<State> s = game->NewInitialState();
  while (!s->IsTerminal()) {
    absl::StatusOr<Action> sampled = s->SampleChanceOutcome(rng);
    if (s->IsChanceNode()) {
      ASSERT_TRUE(sampled.ok()) << sampled.status();
      const std::vector<Action> legal = s->LegalActions(kChancePlayer);
      EXPECT_TRUE(std::binary_search(legal.begin(), legal.end(), *sampled));
    } else {
      EXPECT_EQ(sampled.status().code(), absl::StatusCode::kFailedPrecondition);
    }
    RandomStep(*s, rng);
    if (HasFatalFailure()) return;
  }
  EXPECT_FALSE(s->SampleChanceOutcome(rng).ok());
}

INSTANTIATE_TEST_SUITE_P(AllGames, UndoTest, ::testing::ValuesIn(Specs()),
                         gameai::testing::SpecTestName);

TEST(SampleChanceOutcomeTest, FollowsTheListedProbabilities) {
  // chance_nim's first chance node adds 0, 1 or 2 stones: 1/2, 1/3, 1/6.
  const std::shared_ptr<const Game> game = Load("chance_nim");
  std::unique_ptr<State> s = game->NewInitialState();
  ASSERT_TRUE(s->ApplyAction(0).ok());
  ASSERT_TRUE(s->IsChanceNode());
  std::map<Action, int> drawn;
  Rng rng(7);
  constexpr int kDraws = 60000;
  for (int i = 0; i < kDraws; ++i) ++drawn[*s->SampleChanceOutcome(rng)];
  for (const ChanceOutcome& o : s->ChanceOutcomes()) {
    // Within 4 standard deviations of the expected count.
    const double expected = kDraws * o.probability;
    const double sd = std::sqrt(expected * (1 - o.probability));
    EXPECT_NEAR(drawn[o.action], expected, 4 * sd) << "outcome " << o.action;
  }
}

// DaifugoDealt: a daifugo state after `cards` dealt cards of the first deal.
std::unique_ptr<State> DaifugoDealt(const Game& game, int cards, Rng& rng) {
  std::unique_ptr<State> s = game.NewInitialState();
  int dealt = 0;
  while (dealt < cards) {
    const Action a = *s->SampleChanceOutcome(rng);
    EXPECT_TRUE(s->ApplyAction(a).ok());
    if (s->ActionToString(kChancePlayer, a).find("deal") != std::string::npos) {
      ++dealt;
    }
  }
  return s;
}

TEST(UndoPrivacyTest, UndoingADealLeaksNoCardIntoAnotherSeatsObservation) {
  const std::shared_ptr<const Game> game = Load("daifugo(players=4)");
  Rng rng(3);
  std::unique_ptr<State> s = DaifugoDealt(*game, 30, rng);
  // Undo 9 private cards, one at a time: every seat sees what it sees in a
  // state that was dealt only that far, and the last deal stays hidden
  // from everyone but its receiver.
  for (int k = 0; k < 9; ++k) {
    ASSERT_TRUE(s->UndoAction().ok());
    const std::unique_ptr<State> fresh = Replayed(*game, *s);
    int saw_last_card = 0;
    for (Player p = 0; p < game->NumPlayers(); ++p) {
      EXPECT_EQ(s->ObservationString(p), fresh->ObservationString(p));
      EXPECT_EQ(s->ViewFor(p)->Serialize(), fresh->ViewFor(p)->Serialize());
      const Event event = s->LastEventFor(p);
      EXPECT_EQ(event.actor, kChancePlayer);
      saw_last_card += event.actions.empty() ? 0 : 1;
    }
    EXPECT_EQ(saw_last_card, 1) << "a dealt card is seen by its receiver only";
    EXPECT_TRUE(s->LastEventFor(kChancePlayer).actions.empty());
  }
}

TEST(UndoPrivacyTest, UndoingTheSecondDealHidesTheFirstFromTheOtherSeat) {
  // secret_duel: chance deals seat 0, then seat 1, each privately.
  const std::shared_ptr<const Game> game = Load("secret_duel");
  std::unique_ptr<State> s = game->NewInitialState();
  ASSERT_TRUE(s->ApplyAction(2 + 1).ok());  // seat 0 gets card 1
  ASSERT_TRUE(s->ApplyAction(2 + 2).ok());  // seat 1 gets card 2
  ASSERT_TRUE(s->UndoAction().ok());
  EXPECT_EQ(s->LastEventFor(0).actions, std::vector<Action>{3});
  EXPECT_TRUE(s->LastEventFor(1).actions.empty());
  const std::unique_ptr<State> fresh = Replayed(*game, *s);
  EXPECT_EQ(s->ObservationString(1), fresh->ObservationString(1));
  EXPECT_EQ(s->ViewFor(1)->Serialize(), fresh->ViewFor(1)->Serialize());
}

TEST(UndoPrivacyTest, DaifugoMoveSeenByIsMoveVisibleToForEverySeat) {
  // The adapter records who saw each move by MoveSeenBy; it must be
  // MoveVisibleTo seat by seat, for every legal move and chance outcome
  // of the positions of a random match (deals, exchanges and play).
  const std::shared_ptr<const Game> game =
      Load("daifugo(players=5,games=4,shuffle_every=1)");
  std::unique_ptr<State> s = game->NewInitialState();
  const auto& kernel = dynamic_cast<const KernelState<daifugo::Rules>&>(*s);
  const daifugo::Rules& rules = kernel.rules();
  Rng rng(5);
  int private_moves = 0;
  while (!s->IsTerminal()) {
    const Player actor = s->CurrentPlayer();
    for (Action a : s->LegalActions()) {
      const daifugo::Move m = rules.ToMove(a);
      uint32_t visible = 0;
      for (Player p = 0; p < game->NumPlayers(); ++p) {
        if (rules.MoveVisibleTo(kernel.position(), actor, m, p)) {
          visible |= 1u << p;
        }
      }
      ASSERT_EQ(rules.MoveSeenBy(kernel.position(), actor, m), visible)
          << s->ActionToString(actor, a);
      private_moves += visible != (1u << game->NumPlayers()) - 1;
    }
    RandomStep(*s, rng);
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(private_moves, 0);
}

}  // namespace
}  // namespace gameai
