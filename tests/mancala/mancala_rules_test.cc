// Kalah rules on hand-drawn boards, and the kernel against a plain
// seed-by-seed reference on random positions.
//
// Boards are written in the serialized form "to_move p0 pits... store0
// p1 pits... store1"; player 1's pits run right to left on a real board.
#include <vector>

#include "gameai/base/random.h"
#include "gameai/mancala/mancala.h"
#include "gtest/gtest.h"
#include "mancala_boards.h"

namespace gameai::mancala {
namespace {

using testing::Board;
using testing::MakeRules;

// Play: `pit` is 1-based, as a player would say it.
std::string Play(const Rules& rules, const char* board, int pit) {
  Position s = Board(rules, board);
  EXPECT_TRUE(rules.IsLegal(s, static_cast<Move>(pit - 1)));
  rules.Apply(s, static_cast<Move>(pit - 1));
  return rules.Serialize(s);
}

TEST(MancalaRules, InitialBoard) {
  const Rules rules = MakeRules();
  EXPECT_EQ(rules.Serialize(rules.InitialPosition()),
            "0 4 4 4 4 4 4 0 4 4 4 4 4 4 0");
  const Rules second = MakeRules({.pits = 4, .seeds = 3, .first_player = 1});
  EXPECT_EQ(second.Serialize(second.InitialPosition()), "1 3 3 3 3 0 3 3 3 3 0");
}

TEST(MancalaRules, SowsOneSeedPerPitCounterClockwise) {
  // Pit 1's four seeds go to pits 2..5; the turn passes.
  EXPECT_EQ(Play(MakeRules(), "0 4 4 4 4 4 4 0 4 4 4 4 4 4 0", 1),
            "1 0 5 5 5 5 4 0 4 4 4 4 4 4 0");
}

TEST(MancalaRules, PlayerZeroSkipsTheOpponentsStore) {
  //   Player 1:     4  4  4  4  4  4
  //   Stores:   10                     0
  //   Player 0:     1  1  1  1  1  9
  // Pit 6's nine seeds: own store, player 1's six pits, (skip store 1),
  // player 0's pits 1 and 2. Pit 2 was not empty: no capture.
  EXPECT_EQ(Play(MakeRules(), "0 1 1 1 1 1 9 0 4 4 4 4 4 4 10", 6),
            "1 2 2 1 1 1 0 1 5 5 5 5 5 5 10");
}

TEST(MancalaRules, PlayerOneSkipsTheOpponentsStore) {
  EXPECT_EQ(Play(MakeRules(), "1 4 4 4 4 4 4 10 1 1 1 1 1 9 0", 6),
            "0 5 5 5 5 5 5 10 2 2 1 1 1 0 1");
}

TEST(MancalaRules, LastSeedInOwnStoreGivesAnotherTurn) {
  // Pit 3's four seeds: pits 4, 5, 6 and the store. Player 0 moves again.
  EXPECT_EQ(Play(MakeRules(), "0 4 4 4 4 4 4 0 4 4 4 4 4 4 0", 3),
            "0 4 4 0 5 5 5 1 4 4 4 4 4 4 0");
}

TEST(MancalaRules, SowingPastTheSourceLapsTheBoard) {
  // 14 seeds from pit 1 (pits=6): 12 to pits 2-6, store, player 1's pits;
  // store 1 skipped; the 13th lands back in pit 1, the 14th in pit 2.
  EXPECT_EQ(Play(MakeRules(), "0 14 1 1 1 1 1 0 1 1 1 1 1 1 23", 1),
            "1 1 3 2 2 2 2 1 2 2 2 2 2 2 23");
}

TEST(MancalaRules, CaptureTakesTheOppositePit) {
  //   Player 1:     2  6  5  4  3  2     (pit 4 of player 1 holds 5)
  //   Stores:   12                    10
  //   Player 0:     0  1  0  0  0  3
  // Pit 2's seed lands in empty pit 3; the opposite pit's 5 seeds and the
  // seed itself go to player 0's store.
  EXPECT_EQ(Play(MakeRules(), "0 0 1 0 0 0 3 10 2 3 4 5 6 2 12", 2),
            "1 0 0 0 0 0 3 16 2 3 4 0 6 2 12");
}

TEST(MancalaRules, CaptureNeedsNonEmptyOppositePit) {
  EXPECT_EQ(Play(MakeRules(), "0 0 1 0 0 0 3 10 2 3 4 0 6 7 12", 2),
            "1 0 0 1 0 0 3 10 2 3 4 0 6 7 12");
}

TEST(MancalaRules, EmptyCaptureRuleTakesTheLoneSeed) {
  EXPECT_EQ(Play(MakeRules({.empty_capture = true}),
                 "0 0 1 0 0 0 3 10 2 3 4 0 6 7 12", 2),
            "1 0 0 0 0 0 3 11 2 3 4 0 6 7 12");
}

TEST(MancalaRules, NoCaptureOnTheOpponentsSide) {
  // Player 0's pit 6 with 2 seeds: store, then player 1's empty pit 1.
  EXPECT_EQ(Play(MakeRules(), "0 1 1 1 1 1 2 0 0 5 5 5 5 5 16", 6),
            "1 1 1 1 1 1 0 1 1 5 5 5 5 5 16");
}

TEST(MancalaRules, EmptySideEndsTheGameAndSweeps) {
  // Player 0 sows its last seed into its store; its side is empty, so the
  // game ends and player 1 adds its 21 remaining seeds to its store.
  const Rules rules = MakeRules();
  Position s = Board(rules, "0 0 0 0 0 0 1 20 1 2 3 4 5 6 6");
  rules.Apply(s, 5);
  EXPECT_EQ(rules.Serialize(s), "0 0 0 0 0 0 0 21 0 0 0 0 0 0 27");
  EXPECT_EQ(rules.CurrentPlayer(s), kTerminalPlayer);
  EXPECT_EQ(rules.Return(s, 0), -1.0);
  EXPECT_EQ(rules.Return(s, 1), 1.0);
  EXPECT_EQ(rules.Score(s, 1), 27);
}

TEST(MancalaRules, OpponentsEmptySideAlsoEndsTheGame) {
  // Player 0 captures player 1's last seeds: player 1's side is empty.
  const Rules rules = MakeRules({.pits = 3, .seeds = 2});
  Position s = Board(rules, "0 1 0 3 2 0 2 0 4");
  rules.Apply(s, 0);  // lands in empty pit 2; opposite (player 1's pit 2) 2
  EXPECT_EQ(rules.Serialize(s), "1 0 0 0 8 0 0 0 4");
  EXPECT_EQ(rules.CurrentPlayer(s), kTerminalPlayer);
  EXPECT_EQ(rules.Return(s, 0), 1.0);
}

TEST(MancalaRules, EqualStoresAreADraw) {
  const Rules rules = MakeRules();
  Position s = Board(rules, "0 0 0 0 0 0 1 23 1 0 0 0 0 0 23");
  rules.Apply(s, 5);
  EXPECT_EQ(rules.CurrentPlayer(s), kTerminalPlayer);
  EXPECT_EQ(rules.Store(s, 0), 24);
  EXPECT_EQ(rules.Store(s, 1), 24);
  EXPECT_EQ(rules.Return(s, 0), 0.0);
  EXPECT_EQ(rules.Return(s, 1), 0.0);
}

TEST(MancalaRules, EmptyPitsAreNotLegal) {
  const Rules rules = MakeRules();
  const Position s = Board(rules, "0 0 1 0 0 0 3 10 2 3 4 5 6 2 12");
  MoveList moves;
  rules.LegalMoves(s, moves);
  EXPECT_EQ(std::vector<Move>(moves.begin(), moves.end()),
            (std::vector<Move>{1, 5}));
  EXPECT_FALSE(rules.IsLegal(s, 0));
  EXPECT_FALSE(rules.IsLegal(s, 6));
}

TEST(MancalaRules, DeserializeNamesTheProblem) {
  const Rules rules = MakeRules();
  auto message = [&](const char* text) {
    absl::StatusOr<Position> s = rules.Deserialize(text);
    EXPECT_FALSE(s.ok()) << text;
    return std::string(s.status().message());
  };
  EXPECT_NE(message("0 4 4").find("expected 15 numbers"), std::string::npos);
  EXPECT_NE(message("2 4 4 4 4 4 4 0 4 4 4 4 4 4 0").find("must be 0 or 1"),
            std::string::npos);
  EXPECT_NE(message("0 4 4 4 4 4 x 0 4 4 4 4 4 4 0").find("field 7 'x'"),
            std::string::npos);
  EXPECT_NE(message("0 4 4 4 4 4 4 0 4 4 4 4 4 4 1").find("holds 49 seeds"),
            std::string::npos);
  EXPECT_NE(message("0 0 0 0 0 0 0 24 4 4 4 4 4 4 0").find("one side is empty"),
            std::string::npos);
}

// ---------------------------------------------------------------------------
// A plain reference: the board as a vector, one seed at a time, as the seed
// program's SowPit does.
struct Reference {
  int pits;
  bool empty_capture;

  void Apply(std::vector<int>& board, int& to_move, int pit) const {
    const int n = 2 * pits + 2;
    const int own_store = to_move == 0 ? pits : 2 * pits + 1;
    const int other_store = to_move == 0 ? 2 * pits + 1 : pits;
    int pos = (to_move == 0 ? 0 : pits + 1) + pit;
    int seeds = board[pos];
    board[pos] = 0;
    while (seeds > 0) {
      pos = (pos + 1) % n;
      if (pos == other_store) continue;
      board[pos]++;
      seeds--;
    }
    const bool own_side =
        to_move == 0 ? pos < pits : (pos > pits && pos < 2 * pits + 1);
    if (pos != own_store) {
      if (own_side && board[pos] == 1) {
        const int opposite = 2 * pits - pos;
        if (board[opposite] > 0 || empty_capture) {
          board[own_store] += board[opposite] + 1;
          board[opposite] = 0;
          board[pos] = 0;
        }
      }
      to_move = 1 - to_move;
    }
    int side0 = 0, side1 = 0;
    for (int i = 0; i < pits; ++i) {
      side0 += board[i];
      side1 += board[pits + 1 + i];
    }
    if (side0 == 0 || side1 == 0) {
      for (int i = 0; i < pits; ++i) {
        board[i] = 0;
        board[pits + 1 + i] = 0;
      }
      board[pits] += side0;
      board[2 * pits + 1] += side1;
    }
  }
};

// RandomBoard: the game's seeds spread at random over pits and stores.
Position RandomBoard(const Rules& rules, Rng& rng) {
  const int pits = rules.pits();
  while (true) {
    Position s{};
    s.to_move = static_cast<uint8_t>(rng.Below(2));
    for (int i = 0; i < rules.TotalSeeds(); ++i) {
      // Skew toward pits so that there are moves to make.
      const int slot = rng.Below(4) == 0
                           ? (rng.Below(2) ? pits : 2 * pits + 1)
                           : static_cast<int>(rng.Below(2 * pits + 2));
      s.board[slot]++;
    }
    absl::StatusOr<Position> checked = rules.Deserialize(rules.Serialize(s));
    if (checked.ok() && !rules.IsOver(*checked)) return *checked;
  }
}

TEST(MancalaRules, KernelAgreesWithPlainReferenceOnRandomPositions) {
  Rng rng(12345);
  int compared = 0;
  for (int pits = 1; pits <= kMaxPits; ++pits) {
    for (int seeds : {1, 3, 8}) {
      for (bool empty_capture : {false, true}) {
        const Rules rules = MakeRules(
            {.pits = pits, .seeds = seeds, .empty_capture = empty_capture});
        const Reference reference{pits, empty_capture};
        for (int trial = 0; trial < 60; ++trial) {
          const Position s = RandomBoard(rules, rng);
          MoveList moves;
          rules.LegalMoves(s, moves);
          for (int pit = 0; pit < pits; ++pit) {
            const bool legal = s.board[rules.PitIndex(s.to_move, pit)] > 0;
            EXPECT_EQ(rules.IsLegal(s, static_cast<Move>(pit)), legal);
            if (!legal) continue;
            Position fast = s;
            rules.Apply(fast, static_cast<Move>(pit));
            std::vector<int> board(s.board.begin(),
                                   s.board.begin() + 2 * pits + 2);
            int to_move = s.to_move;
            reference.Apply(board, to_move, pit);
            ASSERT_EQ(std::vector<int>(fast.board.begin(),
                                       fast.board.begin() + 2 * pits + 2),
                      board)
                << rules.Serialize(s) << " pit " << pit + 1;
            ASSERT_EQ(fast.to_move, to_move)
                << rules.Serialize(s) << " pit " << pit + 1;
            ++compared;
          }
        }
      }
    }
  }
  EXPECT_GT(compared, 10000);
}

}  // namespace
}  // namespace gameai::mancala
