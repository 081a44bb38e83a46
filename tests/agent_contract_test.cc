// Every registered agent of every registered game keeps the Agent contract:
// it refuses a state of another game spec (the same game with other
// parameters, or another game) on every call, and refuses to step before
// StartGame; it declares memory honestly, and without memory its arena
// results do not depend on the thread count.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "gameai/arena/arena.h"
#include "gameai/base/random.h"
#include "gameai/dynamic/agent.h"
#include "gameai/dynamic/registry.h"
#include "gtest/gtest.h"
#include "spec_test_name.h"
#include "toy_games.h"

namespace gameai {
namespace {

// GameCase: a small spec of a registered game for these tests, and a spec
// of the same game with other parameters (empty: the game has none).
struct GameCase {
  std::string spec;
  std::string other_parameters;
};

const std::map<std::string, GameCase>& Cases() {
  static const auto* cases = new std::map<std::string, GameCase>{
      {"mancala", {"mancala(pits=4,seeds=2)", "mancala"}},
      {"yacht", {"yacht(players=2)", "yacht(players=1)"}},
      {"linesboard",
       {"linesboard(rows=6,cols=6,initial_balls=6,max_turns=16)",
        "linesboard"}},
      // The reproducer: learners sized for two players read eight.
      {"minirisk", {"minirisk(players=2)", "minirisk(players=8)"}},
      {"daifugo", {"daifugo(players=3,games=2)", "daifugo"}},
      {"chance_nim", {"chance_nim", ""}},
      {"bid_duel", {"bid_duel", ""}},
      {"secret_duel", {"secret_duel", ""}},
  };
  return *cases;
}

// CaseOf: the game's case above, or for a game without one its default
// spec and its first test spec (GameEntry::test_specs).
GameCase CaseOf(const GameEntry& entry) {
  if (auto it = Cases().find(entry.name); it != Cases().end()) {
    return it->second;
  }
  return {entry.name,
          entry.test_specs.empty() ? std::string() : entry.test_specs.front()};
}

// CheapSpec: the agent with small budgets where its defaults would make
// these tests slow; its bare name otherwise.
std::string CheapSpec(const std::string& game, const std::string& agent) {
  static const auto* cheap = new std::map<std::string, std::string>{
      {"mcts", "mcts(simulations=20)"},
      {"mancala/alphabeta", "alphabeta(depth=8)"},
      {"linesboard/lookahead", "lookahead(finalists=8,spawn_samples=2)"},
      {"minirisk/naive_mc", "naive_mc(rollouts=10)"},
      {"minirisk/planner", "planner(rollouts=10)"},
      {"daifugo/montecarlo", "montecarlo(playouts=4)"},
  };
  if (auto it = cheap->find(game + "/" + agent); it != cheap->end()) {
    return it->second;
  }
  if (auto it = cheap->find(agent); it != cheap->end()) return it->second;
  return agent;
}

std::vector<const GameEntry*> AllGames() {
  toy::RegisterToyGames();  // chance, simultaneous and hidden-information
  return RegisteredGames();
}

std::shared_ptr<const Game> Load(const std::string& spec) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(spec);
  EXPECT_TRUE(game.ok()) << spec << ": " << game.status();
  return game.ok() ? *game : nullptr;
}

// PlayerNode: a state of `game` past its opening chance nodes.
std::unique_ptr<State> PlayerNode(const Game& game, uint64_t seed) {
  std::unique_ptr<State> state = game.NewInitialState();
  Rng rng(seed);
  while (state->IsChanceNode()) {
    const std::vector<ChanceOutcome> outcomes = state->ChanceOutcomes();
    EXPECT_TRUE(
        state->ApplyAction(outcomes[rng.Below(outcomes.size())].action).ok());
  }
  return state;
}

// Mover: a seat that acts in `state` (seat 0 at a simultaneous node).
Player Mover(const State& state) {
  return state.IsSimultaneousNode() ? 0 : state.CurrentPlayer();
}

// ExpectRefused: `status` is an InvalidArgument error naming both specs.
void ExpectRefused(const absl::Status& status, const std::string& own,
                   const std::string& other, const std::string& what) {
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument)
      << what << ": " << status;
  EXPECT_NE(status.message().find(own), std::string_view::npos)
      << what << ": " << status;
  EXPECT_NE(status.message().find(other), std::string_view::npos)
      << what << ": " << status;
}

TEST(AgentContract, EveryAgentRefusesAStateOfAnotherGameSpec) {
  const std::vector<const GameEntry*> games = AllGames();
  for (size_t g = 0; g < games.size(); ++g) {
    const GameEntry& entry = *games[g];
    const std::shared_ptr<const Game> own = Load(CaseOf(entry).spec);
    ASSERT_NE(own, nullptr);
    std::vector<std::string> others;
    const std::string& other_parameters = CaseOf(entry).other_parameters;
    if (!other_parameters.empty()) others.push_back(other_parameters);
    others.push_back(CaseOf(*games[(g + 1) % games.size()]).spec);
    for (const AgentEntry* agent_entry : AgentsFor(entry)) {
      const std::string spec = CheapSpec(entry.name, agent_entry->name);
      SCOPED_TRACE(own->Spec() + " " + spec);
      absl::StatusOr<std::unique_ptr<Agent>> agent = LoadAgent(*own, spec);
      if (agent.status().code() == absl::StatusCode::kUnimplemented) {
        continue;  // mcts on hidden information it cannot sample
      }
      ASSERT_TRUE(agent.ok()) << agent.status();
      std::unique_ptr<State> own_state = PlayerNode(*own, g + 1);
      const Player seat = Mover(*own_state);
      EXPECT_EQ((*agent)->Step(*own_state->ViewFor(seat)).status().code(),
                absl::StatusCode::kFailedPrecondition)
          << "Step before StartGame";
      ASSERT_TRUE((*agent)->StartGame(*own, seat, 5).ok());
      for (const std::string& other_spec : others) {
        const std::shared_ptr<const Game> other = Load(other_spec);
        ASSERT_NE(other, nullptr);
        std::unique_ptr<State> other_state = PlayerNode(*other, g + 7);
        const std::unique_ptr<State> view =
            other_state->ViewFor(Mover(*other_state));
        ExpectRefused((*agent)->Step(*view).status(), own->Spec(),
                      other->Spec(), "Step");
        ExpectRefused((*agent)->Inform(*view, Event{}), own->Spec(),
                      other->Spec(), "Inform");
        ExpectRefused((*agent)->EndGame(*view, view->Returns()), own->Spec(),
                      other->Spec(), "EndGame");
        ExpectRefused((*agent)->StartGame(*other, 0, 5), own->Spec(),
                      other->Spec(), "StartGame");
      }
      // Refusals leave the agent as it was (the memory tests below see it
      // play its own game).
      EXPECT_EQ((*agent)->seat(), seat);
      EXPECT_EQ((*agent)->game_spec(), own->Spec());
    }
  }
}

TEST(AgentContract, StartGameRefusesASeatOutOfRange) {
  const std::shared_ptr<const Game> game = Load("mancala");
  absl::StatusOr<std::unique_ptr<Agent>> agent = LoadAgent(*game, "greedy");
  ASSERT_TRUE(agent.ok());
  const absl::Status status = (*agent)->StartGame(*game, 2, 0);
  EXPECT_EQ(status.code(), absl::StatusCode::kInvalidArgument) << status;
  EXPECT_NE(status.message().find("0..1"), std::string_view::npos) << status;
  EXPECT_EQ((*agent)->seat(), kInvalidPlayer);
}

// OffByOne: plays one past the last legal action (never legal).
class OffByOne final : public Agent {
 protected:
  absl::StatusOr<Action> DoStep(const State& view) override {
    return view.LegalActions(seat()).back() + 1;
  }
};

// StepLegal, what callers without a referee use: an action the seat cannot
// take is an error naming the agent, never handed on; a seat not to move
// is told so under the agent's own name (beginner, not its base greedy).
TEST(AgentContract, StepLegalRefusesIllegalActionsAndOtherSeatsTurns) {
  const std::shared_ptr<const Game> game = Load("mancala");
  const std::unique_ptr<State> state = game->NewInitialState();
  OffByOne cheat;
  ASSERT_TRUE(cheat.BindGame(*game, "off_by_one").ok());
  ASSERT_TRUE(cheat.StartGame(*game, 0, 0).ok());
  const absl::StatusOr<Action> illegal = cheat.StepLegal(*state);
  EXPECT_EQ(illegal.status().code(), absl::StatusCode::kInternal);
  EXPECT_NE(illegal.status().message().find(
                "off_by_one: chose action 6, which seat 0 cannot take"),
            std::string_view::npos)
      << illegal.status();

  absl::StatusOr<std::unique_ptr<Agent>> beginner =
      LoadAgent(*game, "beginner");
  ASSERT_TRUE(beginner.ok()) << beginner.status();
  ASSERT_TRUE((*beginner)->StartGame(*game, 1, 0).ok());
  const absl::StatusOr<Action> not_yet = (*beginner)->StepLegal(*state);
  EXPECT_EQ(not_yet.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(not_yet.status().message().find("beginner: seat 1 has nothing"),
            std::string_view::npos)
      << not_yet.status();
  ASSERT_TRUE((*beginner)->StartGame(*game, 0, 0).ok());
  EXPECT_TRUE((*beginner)->StepLegal(*state).ok());
}

TEST(AgentMemory, EntriesAndInstancesAgree) {
  for (const GameEntry* game_entry : AllGames()) {
    const std::shared_ptr<const Game> game = Load(CaseOf(*game_entry).spec);
    ASSERT_NE(game, nullptr);
    for (const AgentEntry* entry : AgentsFor(*game_entry)) {
      SCOPED_TRACE(game->Spec() + " " + entry->name);
      absl::StatusOr<std::unique_ptr<Agent>> agent =
          LoadAgent(*game, entry->name);
      if (agent.status().code() == absl::StatusCode::kUnimplemented) continue;
      ASSERT_TRUE(agent.ok()) << agent.status();
      EXPECT_EQ((*agent)->HasMemory(),
                !entry->memory.empty() && entry->memory_option.empty());
      if (entry->memory_option.empty()) continue;
      EXPECT_FALSE(entry->memory.empty());
      absl::StatusOr<std::unique_ptr<Agent>> with_memory =
          LoadAgent(*game, entry->name + "(" + entry->memory_option + "=true)");
      ASSERT_TRUE(with_memory.ok()) << with_memory.status();
      EXPECT_TRUE((*with_memory)->HasMemory());
    }
  }
}

TEST(AgentMemory, LearnersAndAKeptTableAreReportedAsMemory) {
  const std::shared_ptr<const Game> minirisk = Load("minirisk(players=3)");
  const std::shared_ptr<const Game> mancala = Load("mancala");
  for (const auto& [game, spec] :
       std::vector<std::pair<const Game*, std::string>>{
           {minirisk.get(), "rl"},
           {minirisk.get(), "planner"},
           {mancala.get(), "alphabeta(keep_tt=true)"}}) {
    absl::StatusOr<std::unique_ptr<Agent>> agent = LoadAgent(*game, spec);
    ASSERT_TRUE(agent.ok()) << agent.status();
    EXPECT_TRUE((*agent)->HasMemory()) << spec;
  }
  absl::StatusOr<std::unique_ptr<Agent>> plain =
      LoadAgent(*mancala, "alphabeta");
  ASSERT_TRUE(plain.ok());
  EXPECT_FALSE((*plain)->HasMemory());
}

// GameActions: every action of one game with `agent` at seat 0 and fresh
// random agents at the others, chance and two opening plies drawn from
// `seed`, told every event as in the arena.
std::vector<Action> GameActions(const Game& game, Agent& agent, uint64_t seed) {
  std::vector<std::unique_ptr<Agent>> others;
  std::vector<Agent*> seated = {&agent};
  for (Player p = 1; p < game.NumPlayers(); ++p) {
    absl::StatusOr<std::unique_ptr<Agent>> random = LoadAgent(game, "random");
    EXPECT_TRUE(random.ok());
    if (!random.ok()) return {};
    others.push_back(*std::move(random));
    seated.push_back(others.back().get());
  }
  for (Player p = 0; p < game.NumPlayers(); ++p) {
    EXPECT_TRUE(seated[p]->StartGame(game, p, DeriveSeed(seed, p)).ok());
  }
  Rng referee(seed);
  int opening = 2;
  std::unique_ptr<State> state = game.NewInitialState();
  while (!state->IsTerminal()) {
    const Player current = state->CurrentPlayer();
    absl::Status applied;
    if (current == kChancePlayer) {
      const std::vector<ChanceOutcome> outcomes = state->ChanceOutcomes();
      applied =
          state->ApplyAction(outcomes[referee.Below(outcomes.size())].action);
    } else if (current == kSimultaneousPlayer) {
      std::vector<Action> joint;
      for (Player p = 0; p < game.NumPlayers(); ++p) {
        absl::StatusOr<Action> a = seated[p]->Step(*state->ViewFor(p));
        EXPECT_TRUE(a.ok()) << a.status();
        if (!a.ok()) return {};
        joint.push_back(*a);
      }
      applied = state->ApplyJointAction(joint);
    } else if (opening > 0) {
      --opening;
      const std::vector<Action> legal = state->LegalActions();
      applied = state->ApplyAction(legal[referee.Below(legal.size())]);
    } else {
      absl::StatusOr<Action> a =
          seated[current]->Step(*state->ViewFor(current));
      EXPECT_TRUE(a.ok()) << a.status();
      if (!a.ok()) return {};
      applied = state->ApplyAction(*a);
    }
    EXPECT_TRUE(applied.ok()) << applied;
    if (!applied.ok()) return {};
    for (Player p = 0; p < game.NumPlayers(); ++p) {
      EXPECT_TRUE(
          seated[p]->Inform(*state->ViewFor(p), state->LastEventFor(p)).ok());
    }
  }
  for (Player p = 0; p < game.NumPlayers(); ++p) {
    EXPECT_TRUE(seated[p]->EndGame(*state->ViewFor(p), state->Returns()).ok());
  }
  std::vector<Action> actions;
  for (const State::HistoryItem& h : state->History()) {
    actions.push_back(h.action);
  }
  return actions;
}

// GamesWithCases: every registered game (each has a case: CaseOf). The
// two slow contracts below are one test per game, so ctest runs the games
// side by side.
std::vector<std::string> GamesWithCases() {
  std::vector<std::string> names;
  for (const GameEntry* entry : AllGames()) names.push_back(entry->name);
  return names;
}

class AgentMemoryOfOneGame : public ::testing::TestWithParam<std::string> {};
class ArenaThreadsOfOneGame : public ::testing::TestWithParam<std::string> {};
INSTANTIATE_TEST_SUITE_P(AllGames, AgentMemoryOfOneGame,
                         ::testing::ValuesIn(GamesWithCases()),
                         gameai::testing::SpecTestName);
INSTANTIATE_TEST_SUITE_P(AllGames, ArenaThreadsOfOneGame,
                         ::testing::ValuesIn(GamesWithCases()),
                         gameai::testing::SpecTestName);

// A memoryless agent plays a game move for move as a fresh instance would,
// whatever games it played before (the arena's thread count only changes
// which games an instance played before).
TEST_P(AgentMemoryOfOneGame, MemorylessAgentsPlayAGameAlikeAfterOtherGames) {
  AllGames();  // registers the toy games FindGame looks among
  absl::StatusOr<const GameEntry*> found = FindGame(GetParam());
  ASSERT_TRUE(found.ok()) << found.status();
  const GameEntry* game_entry = *found;
  const std::shared_ptr<const Game> game = Load(CaseOf(*game_entry).spec);
  ASSERT_NE(game, nullptr);
  for (const AgentEntry* entry : AgentsFor(*game_entry)) {
    const std::string spec = CheapSpec(game_entry->name, entry->name);
    SCOPED_TRACE(game->Spec() + " " + spec);
    absl::StatusOr<std::unique_ptr<Agent>> fresh = LoadAgent(*game, spec);
    if (fresh.status().code() == absl::StatusCode::kUnimplemented) continue;
    ASSERT_TRUE(fresh.ok()) << fresh.status();
    if ((*fresh)->HasMemory()) continue;
    absl::StatusOr<std::unique_ptr<Agent>> seasoned = LoadAgent(*game, spec);
    ASSERT_TRUE(seasoned.ok()) << seasoned.status();
    // The same game first (a table kept would hold its positions, with
    // deeper results), then another.
    GameActions(*game, **seasoned, 103);
    GameActions(*game, **seasoned, 101);
    const std::vector<Action> expected = GameActions(*game, **fresh, 103);
    ASSERT_FALSE(expected.empty());
    EXPECT_EQ(GameActions(*game, **seasoned, 103), expected);
  }
}

// MatchJson: the match's JSON with every game logged, played as `threads`
// series on as many threads, without what may differ between series
// counts by design (the counts, the time taken).
std::string MatchJson(MatchOptions options, int threads) {
  options.threads = threads;
  options.log_games = true;
  absl::StatusOr<MatchResult> result = RunMatch(options);
  EXPECT_TRUE(result.ok()) << options.game << ": " << result.status();
  if (!result.ok()) return {};
  result->threads = 0;
  result->series = 0;
  result->elapsed_seconds = 0;
  return MatchResultToJson(*result);
}

// Every memoryless agent, against random (or another random), from random
// openings: one series of six games, then two and three series. Agents
// with memory (Agent::HasMemory) are skipped: for them the series are the
// point (EntriesAndInstancesAgree checks that they say so).
TEST_P(ArenaThreadsOfOneGame,
       MemorylessAgentsGiveTheSameResultsOnAnyThreadCount) {
  AllGames();  // registers the toy games FindGame looks among
  absl::StatusOr<const GameEntry*> found = FindGame(GetParam());
  ASSERT_TRUE(found.ok()) << found.status();
  const GameEntry* game_entry = *found;
  const std::string game_spec = CaseOf(*game_entry).spec;
  const std::shared_ptr<const Game> game = Load(game_spec);
  ASSERT_NE(game, nullptr);
  for (const AgentEntry* entry : AgentsFor(*game_entry)) {
    const std::string spec = CheapSpec(game_entry->name, entry->name);
    SCOPED_TRACE(game_spec + " " + spec);
    absl::StatusOr<std::unique_ptr<Agent>> agent = LoadAgent(*game, spec);
    if (agent.status().code() == absl::StatusCode::kUnimplemented) continue;
    ASSERT_TRUE(agent.ok()) << agent.status();
    if ((*agent)->HasMemory()) continue;
    const MatchOptions options{
        .game = game_spec,
        .agents = {spec, spec == "random" ? "random(seed=1)" : "random"},
        .games = 6,
        .seed = 11,
        .random_opening = 2};
    const std::string one = MatchJson(options, 1);
    ASSERT_FALSE(one.empty());
    EXPECT_EQ(MatchJson(options, 2), one);
    EXPECT_EQ(MatchJson(options, 3), one);
  }
}

// A regression: alphabeta once kept its table from game to game, so
// this match gave 4/4 on one thread, 3/5 on two and 5/3 on ten.
MatchOptions AlphaBetaDuel(const std::string& option) {
  return {.game = "mancala",
          .agents = {"alphabeta(depth=6" + option + ")",
                     "alphabeta(depth=5" + option + ")"},
          .games = 10,
          .seed = 7,
          .random_opening = 3};
}

TEST(ArenaThreads, AlphaBetaStartsEachGameWithAnEmptyTable) {
  const std::string one = MatchJson(AlphaBetaDuel(""), 1);
  ASSERT_FALSE(one.empty());
  EXPECT_EQ(MatchJson(AlphaBetaDuel(""), 2), one);
  EXPECT_EQ(MatchJson(AlphaBetaDuel(""), 10), one);
}

TEST(ArenaThreads, AlphaBetaKeepTtKeepsTheTableFromGameToGame) {
  const std::string one = MatchJson(AlphaBetaDuel(",keep_tt=true"), 1);
  ASSERT_FALSE(one.empty());
  EXPECT_NE(MatchJson(AlphaBetaDuel(",keep_tt=true"), 10), one);
}

}  // namespace
}  // namespace gameai
