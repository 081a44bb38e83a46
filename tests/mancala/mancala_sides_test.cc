// The solver's two-word moves (SidesRules::Play) against Rules::Apply on
// whole positions: every move of random positions of every board size,
// both capture rules, laps around the board included.
#include <string>

#include "gameai/base/random.h"
#include "gameai/mancala/internal/sides.h"
#include "gtest/gtest.h"
#include "mancala_boards.h"

namespace gameai::mancala {
namespace {

using testing::MakeRules;

// RandomBoard: all the board's seeds thrown into random pits and stores,
// now and then most of them into one pit (so that sowing goes round the
// board), both sides' pits holding some, either side to move.
Position RandomBoard(const Rules& rules, Rng& rng) {
  const int slots = 2 * rules.pits() + 2;
  while (true) {
    Position s{};
    const bool heap = rng.Below(4) == 0;
    const int heap_slot = static_cast<int>(rng.Below(slots));
    for (int seed = 0; seed < rules.TotalSeeds(); ++seed) {
      const int slot = heap && rng.Below(4) != 0
                           ? heap_slot
                           : static_cast<int>(rng.Below(slots));
      ++s.board[slot];
    }
    s.to_move = static_cast<uint8_t>(rng.Below(2));
    if (!rules.SideEmpty(s, 0) && !rules.SideEmpty(s, 1)) return s;
  }
}

TEST(SidesRules, EveryMoveIsTheRulesMove) {
  Rng rng(31);
  int checked = 0, laps = 0, captures = 0, extra_turns = 0, ends = 0;
  for (int pits = 1; pits <= kMaxPits; ++pits) {
    for (int seeds : {1, 3, 6}) {
      for (bool empty_capture : {false, true}) {
        const Rules rules = MakeRules(
            {.pits = pits, .seeds = seeds, .empty_capture = empty_capture});
        const SidesRules sides(rules);
        for (int round = 0; round < 300; ++round) {
          const Position s = RandomBoard(rules, rng);
          const Player me = s.to_move;
          const Sides before = SidesOf(rules, s);
          ASSERT_EQ(PitSeeds(before),
                    rules.SideSeeds(s, 0) + rules.SideSeeds(s, 1));
          MoveList moves;
          rules.LegalMoves(s, moves);
          for (Move m : moves) {
            Position child = s;
            rules.Apply(child, m);
            SidesMove got;
            sides.Play(before, m, got);
            const std::string where =
                rules.Serialize(s) + " move " + std::to_string(m);
            const int gain =
                (rules.Store(child, me) - rules.Store(s, me)) -
                (rules.Store(child, 1 - me) - rules.Store(s, 1 - me));
            EXPECT_EQ(got.gain, gain) << where;
            EXPECT_EQ(got.over, rules.IsOver(child)) << where;
            EXPECT_EQ(got.same_side, !got.over && child.to_move == me) << where;
            EXPECT_EQ(got.next, SidesOf(rules, child)) << where;
            EXPECT_EQ(SeedsAfter(PitSeeds(before), got), PitSeeds(got.next))
                << where;
            ++checked;
            laps += PitOf(before.own, m) > 2 * pits;
            // Seeds sown into the store: a capture gains more.
            const int n = PitOf(before.own, m), to_store = pits - m;
            const int sown =
                n < to_store ? 0 : 1 + (n - to_store) / (2 * pits + 1);
            captures += !got.over && gain > sown;
            extra_turns += got.same_side;
            ends += got.over;
          }
        }
      }
    }
  }
  // The cases worth checking all came up.
  EXPECT_GT(checked, 50000);
  EXPECT_GT(laps, 1000);
  EXPECT_GT(captures, 1000);
  EXPECT_GT(extra_turns, 1000);
  EXPECT_GT(ends, 1000);
}

// NonEmptyPits counts the mover's moves: every byte holding seeds, however
// many (one seed, high bits only, 255), and none of the empty ones.
TEST(SidesRules, NonEmptyPitsCountsPitsHoldingSeeds) {
  auto word = [](std::initializer_list<int> pits) {
    uint64_t w = 0;
    int shift = 0;
    for (int seeds : pits) {
      w |= uint64_t(seeds) << shift;
      shift += 8;
    }
    return w;
  };
  EXPECT_EQ(NonEmptyPits(0), 0);
  EXPECT_EQ(NonEmptyPits(word({0, 1, 0, 255, 16, 0})), 3);
  EXPECT_EQ(NonEmptyPits(word({128, 64, 32, 8, 2, 1})), 6);
  EXPECT_EQ(NonEmptyPits(word({0, 0, 0, 0, 0, 0, 0, 48})), 1);
  EXPECT_EQ(NonEmptyPits(word({4, 4, 4, 4, 4, 4})), 6);
}

}  // namespace
}  // namespace gameai::mancala
