// Tic-tac-toe: the rules on drawn grids, one behaviour per test; the text
// forms and their refusals; the kernel against a plain reference on random
// games; the perfect agent's values and its play; the registry entry and
// the play screen.
//
// Grids are written in the serialized form: rows from the top, cells left
// to right, X (player 0), O (player 1) or '.', rows separated by '/'.
// Cells in the tests' comments are numbered 1..9 as players type them.
#include "gameai/tictactoe/tictactoe.h"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "gameai/arena/arena.h"
#include "gameai/base/random.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/play_screen.h"
#include "gameai/dynamic/registry.h"
#include "gameai/tictactoe/perfect.h"
#include "gtest/gtest.h"

namespace gameai::tictactoe {
namespace {

// Says: `text` contains `part` (a failure shows the whole text).
::testing::AssertionResult Says(std::string_view text, std::string_view part) {
  if (text.find(part) != std::string_view::npos) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure()
         << "'" << text << "' does not say '" << part << "'";
}

Rules MakeRules(Player first_player = 0) {
  return *Rules::Create({.first_player = first_player});
}

// Grid: the state `text` draws (a test failure when it is refused).
Position Grid(const Rules& rules, std::string_view text) {
  absl::StatusOr<Position> s = rules.Deserialize(text);
  EXPECT_TRUE(s.ok()) << text << ": " << s.status();
  return s.ok() ? *s : rules.InitialPosition();
}

// Play: the grid after marking `cell` (1..9, as a player types it).
std::string Play(const Rules& rules, std::string_view grid, int cell) {
  Position s = Grid(rules, grid);
  const Move m = static_cast<Move>(cell - 1);
  EXPECT_TRUE(rules.IsLegal(s, m)) << grid << " cell " << cell;
  rules.Apply(s, m);
  return rules.Serialize(s);
}

// Refusal: the message Deserialize gives for `text` ("" when accepted).
std::string Refusal(const Rules& rules, std::string_view text) {
  absl::StatusOr<Position> s = rules.Deserialize(text);
  EXPECT_FALSE(s.ok()) << text << " was accepted";
  return s.ok() ? "" : Str(s.status().message());
}

// ---------------------------------------------------------------- rules

TEST(TicTacToeRules, StartIsAnEmptyGridWithFirstPlayerToMove) {
  const Rules rules = MakeRules();
  EXPECT_EQ(rules.Serialize(rules.InitialPosition()), ".../.../...");
  EXPECT_EQ(rules.CurrentPlayer(rules.InitialPosition()), 0);
  const Rules o_first = MakeRules(1);
  EXPECT_EQ(o_first.CurrentPlayer(o_first.InitialPosition()), 1);
}

TEST(TicTacToeRules, MarkGoesToTheMoverAndTheTurnPasses) {
  const Rules rules = MakeRules();
  EXPECT_EQ(Play(rules, ".../.../...", 5), ".../.X./...");
  EXPECT_EQ(rules.CurrentPlayer(Grid(rules, ".../.X./...")), 1);
}

TEST(TicTacToeRules, OFirstMarksAnO) {
  EXPECT_EQ(Play(MakeRules(1), ".../.../...", 1), "O../.../...");
}

TEST(TicTacToeRules, LegalMovesAreTheFreeCellsAscending) {
  const Rules rules = MakeRules();
  MoveList moves;
  rules.LegalMoves(Grid(rules, "X.O/.X./..."), moves);
  EXPECT_EQ(std::vector<Move>(moves.begin(), moves.end()),
            (std::vector<Move>{1, 3, 5, 6, 7, 8}));
}

TEST(TicTacToeRules, TakenCellIsNotLegal) {
  const Rules rules = MakeRules();
  const Position s = Grid(rules, "X../.../...");
  EXPECT_FALSE(rules.IsLegal(s, 0));
  EXPECT_TRUE(rules.IsLegal(s, 1));
  EXPECT_FALSE(rules.IsLegal(s, kCells));  // no tenth cell
}

TEST(TicTacToeRules, ThreeInARowWins) {
  const Rules rules = MakeRules();
  const Position s = Grid(rules, Play(rules, "XX./OO./...", 3));
  EXPECT_EQ(rules.CurrentPlayer(s), kTerminalPlayer);
  EXPECT_EQ(rules.Return(s, 0), 1.0);
  EXPECT_EQ(rules.Return(s, 1), -1.0);
}

TEST(TicTacToeRules, ThreeInAColumnWins) {
  const Rules rules = MakeRules();
  const Position s = Grid(rules, Play(rules, "XO./XO./...", 7));
  EXPECT_EQ(Rules::Winner(s), 0);
  EXPECT_EQ(rules.CurrentPlayer(s), kTerminalPlayer);
}

TEST(TicTacToeRules, ThreeOnADiagonalWins) {
  // O, to move, completes the diagonal 1-5-9.
  const Rules rules = MakeRules();
  const Position s = Grid(rules, Play(rules, "OXX/XO./...", 9));
  EXPECT_EQ(Rules::Winner(s), 1);
  EXPECT_EQ(rules.Return(s, 1), 1.0);
  EXPECT_EQ(rules.Return(s, 0), -1.0);
}

TEST(TicTacToeRules, FullGridWithoutALineIsADraw) {
  const Rules rules = MakeRules();
  const Position s = Grid(rules, Play(rules, "XOX/XOO/OX.", 9));
  EXPECT_EQ(rules.Serialize(s), "XOX/XOO/OXX");
  EXPECT_EQ(rules.CurrentPlayer(s), kTerminalPlayer);
  EXPECT_EQ(Rules::Winner(s), kInvalidPlayer);
  EXPECT_EQ(rules.Return(s, 0), 0.0);
  EXPECT_EQ(rules.Return(s, 1), 0.0);
}

TEST(TicTacToeRules, LineOnTheLastFreeCellWinsRatherThanDraws) {
  // X fills the grid's last cell and with it the bottom row.
  const Rules rules = MakeRules();
  const Position s = Grid(rules, Play(rules, "OXO/OOX/XX.", 9));
  EXPECT_EQ(Rules::Winner(s), 0);
  EXPECT_EQ(rules.Return(s, 0), 1.0);
}

TEST(TicTacToeRules, FinishedGameHasNoLegalMoves) {
  const Rules rules = MakeRules();
  const Position s = Grid(rules, "XXX/OO./...");
  MoveList moves;
  rules.LegalMoves(s, moves);
  EXPECT_EQ(moves.size(), 0);
  EXPECT_FALSE(rules.IsLegal(s, 5));
}

TEST(TicTacToeRules, ReturnsAreZeroBeforeTheEnd) {
  const Rules rules = MakeRules();
  const Position s = Grid(rules, "XX./OO./...");
  EXPECT_EQ(rules.Return(s, 0), 0.0);
  EXPECT_EQ(rules.Return(s, 1), 0.0);
}

TEST(TicTacToeRules, CreateRefusesAThirdFirstPlayer) {
  const absl::StatusOr<Rules> rules = Rules::Create({.first_player = 2});
  ASSERT_FALSE(rules.ok());
  EXPECT_TRUE(Says(Str(rules.status().message()),
                   "first_player=2 must be 0 (X) or 1 (O)"));
}

// ---------------------------------------------------------------- text

TEST(TicTacToeText, SerializedGridReadsBack) {
  const Rules rules = MakeRules();
  const Position s = Grid(rules, "X.O/.X./...");
  EXPECT_EQ(rules.Serialize(s), "X.O/.X./...");
  EXPECT_EQ(s.to_move, 1);  // two X, one O: O's turn
}

TEST(TicTacToeText, ToStringDrawsTheGridAndWhoIsToMove) {
  const Rules rules = MakeRules();
  EXPECT_EQ(rules.ToString(Grid(rules, "X.O/.X./...")),
            " X | . | O\n"
            "---+---+---\n"
            " . | X | .\n"
            "---+---+---\n"
            " . | . | .\n"
            "O (player 1) to move\n");
}

TEST(TicTacToeText, ToStringSaysWhoWon) {
  const Rules rules = MakeRules();
  const std::string text = rules.ToString(Grid(rules, "XXX/OO./..."));
  EXPECT_TRUE(Says(text, "X (player 0) wins"));
}

TEST(TicTacToeText, MovesAreNamedByCellNumber) {
  const Rules rules = MakeRules();
  EXPECT_EQ(rules.MoveToString(rules.InitialPosition(), 4), "5");
  EXPECT_EQ(rules.MoveToString(rules.InitialPosition(), 0), "1");
}

TEST(TicTacToeText, WrongNumberOfRowsIsRefused) {
  const std::string message = Refusal(MakeRules(), "X.O.X....");
  EXPECT_TRUE(Says(message, "three rows of three cells"));
  EXPECT_TRUE(Says(message, "got 1 row"));
}

TEST(TicTacToeText, LongRowIsRefused) {
  EXPECT_TRUE(Says(Refusal(MakeRules(), "X.O./.../..."),
                   "row 1 'X.O.' has 4 characters"));
}

TEST(TicTacToeText, UnknownCellIsRefused) {
  const std::string message = Refusal(MakeRules(), "X.Z/.../...");
  EXPECT_TRUE(Says(message, "row 1 column 3 is 'Z'"));
  EXPECT_TRUE(Says(message, "use X, O or ."));
}

TEST(TicTacToeText, TooManyMarksOfOnePlayerAreRefused) {
  EXPECT_TRUE(Says(Refusal(MakeRules(), "XX./.../..."),
                   "X has 2 marks and O 0; with first_player=0 X moves "
                   "first, so it has as many marks as O or one more"));
}

TEST(TicTacToeText, MarkCountsFollowFirstPlayer) {
  // One X alone is X's opening, but not when O moves first.
  EXPECT_TRUE(MakeRules(0).Deserialize("X../.../...").ok());
  EXPECT_TRUE(Says(Refusal(MakeRules(1), "X../.../..."),
                   "O has 0 marks and X 1; with first_player=1 O moves "
                   "first"));
}

TEST(TicTacToeText, TwoWinnersAreRefused) {
  EXPECT_TRUE(Says(Refusal(MakeRules(), "XXX/OOO/..."),
                   "both X and O have three in a row"));
}

TEST(TicTacToeText, MarkAfterTheWinningLineIsRefused) {
  EXPECT_TRUE(Says(Refusal(MakeRules(), "XXX/OO./O.."),
                   "X has three in a row but O marked after it"));
}

TEST(TicTacToeText, ValidateNamesACellMarkedTwice) {
  const Rules rules = MakeRules();
  Position s{};
  s.marks = {0b1, 0b1};  // cell 1 for both
  s.to_move = 0;
  const absl::Status status = rules.Validate(s);
  EXPECT_TRUE(Says(Str(status.message()), "cell 1 is marked by both X and O"));
}

TEST(TicTacToeText, ValidateChecksThePlayerToMove) {
  const Rules rules = MakeRules();
  Position s = rules.InitialPosition();
  s.to_move = 1;  // O on an empty grid, but X moves first
  EXPECT_TRUE(Says(Str(rules.Validate(s).message()),
                   "O is to move but the marks say X"));
}

// ---------------------------------------------------------------- reference

// Reference: the rules written plainly on a 3x3 array of chars, each line
// spelled out by coordinates, for the property test below.
struct Reference {
  std::array<std::array<char, 3>, 3> grid;
  char to_move;

  bool HasLine(char mark) const {
    for (int i = 0; i < 3; ++i) {
      if (grid[i][0] == mark && grid[i][1] == mark && grid[i][2] == mark) {
        return true;
      }
      if (grid[0][i] == mark && grid[1][i] == mark && grid[2][i] == mark) {
        return true;
      }
    }
    return (grid[0][0] == mark && grid[1][1] == mark && grid[2][2] == mark) ||
           (grid[0][2] == mark && grid[1][1] == mark && grid[2][0] == mark);
  }
  bool Full() const {
    for (const auto& row : grid) {
      for (char c : row) {
        if (c == '.') return false;
      }
    }
    return true;
  }
  bool Over() const { return HasLine('X') || HasLine('O') || Full(); }
  std::string Text() const {
    std::string out;
    for (int r = 0; r < 3; ++r) {
      if (r > 0) out += '/';
      out.append(grid[r].begin(), grid[r].end());
    }
    return out;
  }
  // Value: plain negamax with the perfect agent's scale (win: 1 + the
  // cells left empty), nothing memoised.
  int Value() const {
    const char other = to_move == 'X' ? 'O' : 'X';
    int empty = 0;
    for (const auto& row : grid)
      empty += std::count(row.begin(), row.end(), '.');
    if (HasLine(other)) return -(1 + empty);
    if (empty == 0) return 0;
    int best = -100;
    for (int cell = 0; cell < kCells; ++cell) {
      if (grid[cell / 3][cell % 3] != '.') continue;
      Reference child = *this;
      child.grid[cell / 3][cell % 3] = to_move;
      child.to_move = other;
      best = std::max(best, -child.Value());
    }
    return best;
  }
};

TEST(TicTacToeReference, RandomGamesAgreeWithAPlainReference) {
  Rng rng(11);
  for (Player first : {0, 1}) {
    const Rules rules = MakeRules(first);
    for (int game = 0; game < 300; ++game) {
      Position s = rules.InitialPosition();
      Reference ref{};
      for (auto& row : ref.grid) row.fill('.');
      ref.to_move = first == 0 ? 'X' : 'O';
      for (int ply = 0;; ++ply) {
        ASSERT_LE(ply, rules.MaxGameLength());
        ASSERT_EQ(rules.Serialize(s), ref.Text());
        ASSERT_TRUE(rules.Validate(s).ok()) << rules.Validate(s);
        ASSERT_EQ(rules.CurrentPlayer(s) == kTerminalPlayer, ref.Over())
            << ref.Text();
        const double x_return = ref.HasLine('X')   ? 1.0
                                : ref.HasLine('O') ? -1.0
                                                   : 0.0;
        ASSERT_EQ(rules.Return(s, 0), x_return) << ref.Text();
        ASSERT_EQ(rules.Return(s, 1), -x_return) << ref.Text();
        if (ref.Over()) break;
        MoveList moves;
        rules.LegalMoves(s, moves);
        std::vector<Move> free_cells;
        for (int cell = 0; cell < kCells; ++cell) {
          if (ref.grid[cell / 3][cell % 3] == '.') free_cells.push_back(cell);
        }
        ASSERT_EQ(std::vector<Move>(moves.begin(), moves.end()), free_cells);
        // The perfect values against plain search, where the tree is small
        // enough to search without a table (two marks or more).
        if (ply >= 2) {
          ASSERT_EQ(PerfectValue(rules, s), ref.Value()) << ref.Text();
        }
        const Move m = moves[static_cast<int>(rng.Below(moves.size()))];
        rules.Apply(s, m);
        ref.grid[m / 3][m % 3] = ref.to_move;
        ref.to_move = ref.to_move == 'X' ? 'O' : 'X';
      }
    }
  }
}

// ---------------------------------------------------------------- perfect

TEST(TicTacToePerfect, GameIsADrawWithBestPlay) {
  for (Player first : {0, 1}) {
    const Rules rules = MakeRules(first);
    EXPECT_EQ(PerfectValue(rules, rules.InitialPosition()), 0) << first;
  }
}

TEST(TicTacToePerfect, EveryOpeningDrawsSoTheLowestCellIsChosen) {
  const Rules rules = MakeRules();
  const PerfectChoice choice = PerfectMove(rules, rules.InitialPosition());
  EXPECT_EQ(choice.move, 0);
  EXPECT_EQ(choice.value, 0);
  for (int value : choice.cell_values) EXPECT_EQ(value, 0);
}

TEST(TicTacToePerfect, TakesTheWinAtOnce) {
  // X can win at 3, or block O's row at 6 (a draw); the win ends the game
  // with four cells empty: 1 + 4.
  const Rules rules = MakeRules();
  const PerfectChoice choice = PerfectMove(rules, Grid(rules, "XX./OO./..."));
  EXPECT_EQ(choice.move, 2);
  EXPECT_EQ(choice.value, 5);
  EXPECT_EQ(choice.cell_values[5], 0);
}

TEST(TicTacToePerfect, BlocksTheOpponentsRow) {
  // O must take cell 3; every other cell lets X complete the top row.
  const Rules rules = MakeRules();
  const PerfectChoice choice = PerfectMove(rules, Grid(rules, "XX./.O./..."));
  EXPECT_EQ(choice.move, 2);
  EXPECT_EQ(choice.value, 0);
  EXPECT_EQ(choice.cell_values[3], -5);
}

TEST(TicTacToePerfect, FinishedGameIsValuedForThePlayerWhoLost) {
  const Rules rules = MakeRules();
  // X won with four cells empty; O (to move, had the game gone on) lost.
  EXPECT_EQ(PerfectValue(rules, Grid(rules, "XXX/OO./...")), -5);
  EXPECT_EQ(PerfectValue(rules, Grid(rules, "XOX/XOO/OXX")), 0);
}

TEST(TicTacToePerfect, AgainstItselfEveryGameIsADraw) {
  for (Player first : {0, 1}) {
    const Rules rules = MakeRules(first);
    Position s = rules.InitialPosition();
    while (rules.CurrentPlayer(s) != kTerminalPlayer) {
      rules.Apply(s, PerfectMove(rules, s).move);
    }
    EXPECT_EQ(Rules::Winner(s), kInvalidPlayer) << rules.Serialize(s);
  }
}

TEST(TicTacToePerfect, NeverLosesToRandom) {
  // Seats rotate: perfect plays X and O, first and second. Against random
  // it wins about 90% (exactly 0.9006 in expectation) and draws the rest.
  for (const char* game : {"tictactoe", "tictactoe(first_player=1)"}) {
    absl::StatusOr<MatchResult> result =
        RunMatch({.game = game,
                  .agents = {"perfect", "random"},
                  .games = 200,
                  .seed = 7});
    ASSERT_TRUE(result.ok()) << result.status();
    const AgentResult& perfect = result->agents[0];
    ASSERT_EQ(perfect.spec, "perfect");
    EXPECT_EQ(perfect.games, 200);
    EXPECT_EQ(perfect.losses, 0) << game;
    EXPECT_EQ(perfect.illegal_actions, 0);
    EXPECT_GT(perfect.wins, perfect.draws) << game;
  }
}

TEST(TicTacToePerfect, AgentExplainsItsMove) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("tictactoe");
  ASSERT_TRUE(game.ok()) << game.status();
  absl::StatusOr<std::unique_ptr<Agent>> agent = LoadAgent(**game, "perfect");
  ASSERT_TRUE(agent.ok()) << agent.status();
  ASSERT_TRUE((*agent)->StartGame(**game, 0, 1).ok());
  const std::unique_ptr<gameai::State> state = (*game)->NewInitialState();
  const absl::StatusOr<Action> action = (*agent)->Step(*state->ViewFor(0));
  ASSERT_TRUE(action.ok()) << action.status();
  EXPECT_EQ(*action, 0);
  EXPECT_TRUE(Says((*agent)->Explain(),
                   "perfect: cell 1: a draw with best play on both sides"));
}

// ---------------------------------------------------------------- registry

TEST(TicTacToeRegistry, DefaultSpecNamesFirstPlayer) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("tictactoe");
  ASSERT_TRUE(game.ok()) << game.status();
  EXPECT_EQ((*game)->Spec(), "tictactoe(first_player=0)");
  EXPECT_EQ((*game)->NumDistinctActions(), 9);
  EXPECT_EQ((*game)->ObservationTensorShape(), (std::vector<int>{3, 3, 3}));
}

TEST(TicTacToeRegistry, FirstPlayerOutOfRangeIsRefused) {
  absl::StatusOr<std::shared_ptr<const Game>> game =
      LoadGame("tictactoe(first_player=2)");
  ASSERT_FALSE(game.ok());
  EXPECT_TRUE(
      Says(Str(game.status().message()), "first_player=2 is out of range"));
}

TEST(TicTacToeRegistry, AgentsAreRandomPerfectAndMctsAndHintsArePerfect) {
  absl::StatusOr<const GameEntry*> entry = FindGame("tictactoe");
  ASSERT_TRUE(entry.ok()) << entry.status();
  std::vector<std::string> names;
  for (const AgentEntry* agent : AgentsFor(**entry)) {
    names.push_back(agent->name);
  }
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"mcts", "perfect", "random"}));
  EXPECT_EQ((*entry)->hint_agent, "perfect");
}

TEST(TicTacToeRegistry, BadStateTextIsRefusedWithTheKernelsMessage) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("tictactoe");
  ASSERT_TRUE(game.ok()) << game.status();
  const auto state = (*game)->DeserializeState("X.Z/.../...");
  ASSERT_FALSE(state.ok());
  EXPECT_TRUE(Says(Str(state.status().message()), "use X, O or ."));
}

TEST(TicTacToeRegistry, ActionTextRoundTrips) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("tictactoe");
  ASSERT_TRUE(game.ok()) << game.status();
  const std::unique_ptr<gameai::State> state = (*game)->NewInitialState();
  EXPECT_EQ(state->ActionToString(0, 4), "5");
  const absl::StatusOr<Action> back = state->StringToAction(0, "5");
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(*back, 4);
}

// ---------------------------------------------------------------- tensor

TEST(TicTacToeTensor, PlanesAreOwnMarksOpponentsMarksAndEmptyCells) {
  const Rules rules = MakeRules();
  const Position s = Grid(rules, "X.O/.X./...");
  std::vector<float> out(27, -1.0f);
  rules.ObservationTensor(s, 1, absl::MakeSpan(out));  // O's view
  const std::vector<float> expected = {
      0, 0, 1, 0, 0, 0, 0, 0, 0,  // O's marks: cell 3
      1, 0, 0, 0, 1, 0, 0, 0, 0,  // X's marks: cells 1 and 5
      0, 1, 0, 1, 0, 1, 1, 1, 1,  // empty cells
  };
  EXPECT_EQ(out, expected);
}

// ---------------------------------------------------------------- screen

class TicTacToeScreen : public ::testing::Test {
 protected:
  void SetUp() override {
    absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("tictactoe");
    ASSERT_TRUE(game.ok()) << game.status();
    game_ = *game;
    state_ = game_->NewInitialState();
    ASSERT_TRUE(state_->ApplyAction(0).ok());  // X in cell 1; O to move
    screen_ = ScreenFor(*game_);
  }

  std::shared_ptr<const Game> game_;
  std::unique_ptr<gameai::State> state_;
  std::unique_ptr<PlayScreen> screen_;
};

TEST_F(TicTacToeScreen, ChoicesAreTheFreeCellsByNumber) {
  const std::vector<Choice> choices = screen_->Choices(*state_, 1);
  ASSERT_EQ(choices.size(), 8u);
  EXPECT_EQ(choices[0].key, "2");
  EXPECT_EQ(choices[0].action, 1);
  EXPECT_EQ(choices[3].label, "cell 5 (centre)");
}

TEST_F(TicTacToeScreen, ParseTakesNumbersAndNames) {
  EXPECT_EQ(*screen_->Parse(*state_, 1, "5"), 4);
  EXPECT_EQ(*screen_->Parse(*state_, 1, " Cell 9 "), 8);
  EXPECT_EQ(*screen_->Parse(*state_, 1, "Centre"), 4);
  EXPECT_EQ(*screen_->Parse(*state_, 1, "top right"), 2);
}

TEST_F(TicTacToeScreen, ParseRefusesATakenCellNamingTheFreeOnes) {
  const absl::StatusOr<Action> taken = screen_->Parse(*state_, 1, "1");
  ASSERT_FALSE(taken.ok());
  EXPECT_TRUE(Says(Str(taken.status().message()),
                   "cell 1 is taken; the free cells: 2, 3, 4"));
}

TEST_F(TicTacToeScreen, ParseRefusesWhatIsNoCell) {
  const absl::StatusOr<Action> bad = screen_->Parse(*state_, 1, "10");
  ASSERT_FALSE(bad.ok());
  EXPECT_TRUE(Says(Str(bad.status().message()), "'10' is not a cell"));
}

}  // namespace
}  // namespace gameai::tictactoe
