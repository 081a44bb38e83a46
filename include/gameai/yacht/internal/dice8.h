// gameai/yacht/internal/dice8.h: the original game's CPU player (`dice8`, from
// Dice8Next).
//
// Each rule of that player (docs/yacht.md) is a function here, so that
// a test can show it deciding:
//  - immediate lock of a made YACHT, LARGE or FULL that is open;
//  - the SIXES-versus-YACHT rule with four or five 6s while the upper bonus
//    is needed (missing < 25: SIXES; >= 31: YACHT; 25..30: SIXES when fewer
//    than 3 upper categories are open);
//  - the Large Straight chase: a small straight with rerolls left and
//    LARGE open holds the run and rerolls the fifth die;
//  - the upper lock: three or more 6s, 5s or 4s while the bonus is
//    reachable (the open upper maxima, 5 x face, cover what is missing);
//  - the decision score: preview x 4 + weight + upper urgency - CHANCE's 8
//    while rolls remain - the waste penalty - the zero penalty;
//  - plan hysteresis: the target changes only for a score more than 4
//    higher; remap of 3KIND/4KIND to the upper box of a dominant 1, 2 or 3;
//  - the hold logic per target; the early stops; the sacrifice order when
//    nothing scores; the re-choice of the best category right before
//    writing.
// Our choices where the original game is silent: ties in the decision score go
// to the lower category; the dominant face of a tie in counts is the higher
// face; "on the last reroll" means with one reroll left.
#ifndef GAMEAI_YACHT_INTERNAL_DICE8_H_
#define GAMEAI_YACHT_INTERNAL_DICE8_H_

#include <array>
#include <string>

#include "gameai/dynamic/registry.h"
#include "gameai/yacht/yacht.h"

namespace gameai::yacht::dice8 {

// The original game's tables, in one place so they can be tuned.
inline constexpr std::array<int, kNumCategories> kWeight = {0, 1, 2, 4, 7, 9, 3,
                                                            4, 6, 6, 8, 9, 2};
inline constexpr std::array<int, 6> kUrgency = {3, 4, 5, 6, 8, 10};
inline constexpr std::array<int, kNumCategories> kZeroPenalty = {
    1, 2, 3, 6, 8, 11, 4, 5, 9, 7, 11, 12, 10};
inline constexpr std::array<int, kNumCategories> kSacrificeOrder = {
    kAces,  kTwos, kThrees, kThreeKind, kFourKind, kFours, kSmall,
    kFives, kFull, kChance, kLarge,     kSixes,    kYacht};
inline constexpr int kHysteresis = 4;
inline constexpr int kChanceReserve = 8;

// BonusMissing: points still missing to 63 (0 once made).
int BonusMissing(const Scorecard& card);
// BonusReachable: not made, and the open upper maxima cover what is missing.
bool BonusReachable(const Scorecard& card);
// DecisionScore: the original game's weighted score of writing `dice` in
// `category`.
int DecisionScore(const Scorecard& card, int category, int dice,
                  int rolls_left);
// ChooseCategory: the target for `dice` (upper lock, best decision score,
// remap); -1 when no category is open.
int ChooseCategory(const Scorecard& card, int dice, int rolls_left);
// WriteCategory: the category written now, re-chosen from the dice: SIXES
// versus YACHT, the immediate lock, the sacrifice order when nothing
// scores, else ChooseCategory.
int WriteCategory(const Scorecard& card, int dice, int rolls_left);
// SixesOverYacht: whether the SIXES-versus-YACHT rule picks SIXES (only
// asked with four or five 6s and SIXES open while the bonus is not made).
bool SixesOverYacht(const Scorecard& card);
// HoldFor: the multiset to keep for `target`.
int HoldFor(int target, int dice);
// StopsEarly: whether the target's value is good enough to write now.
bool StopsEarly(int target, int dice, int rolls_left);

// Decision: one step of the turn state machine.
struct Decision {
  bool write = false;
  int category = -1;  // when writing
  int hold = 0;       // multiset kept otherwise
  int target = -1;    // the plan after this step
  std::string reason;
};
// Decide: REQUIRES five dice. `target` is the plan so far this turn (-1 at
// the turn's first decision).
Decision Decide(const Rules& rules, const Scorecard& card, int dice,
                int rolls_left, int target);

AgentEntry Dice8AgentEntry();

}  // namespace gameai::yacht::dice8

#endif  // GAMEAI_YACHT_INTERNAL_DICE8_H_
