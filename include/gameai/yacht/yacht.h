// gameai/yacht/yacht.h: Yacht dice, the kernel of game `yacht`.
//
// Rules (docs/yacht.md; from Dice8Next): 13 rounds; each round
// every player takes one turn in seat order. A turn: roll five dice; up to
// two rerolls, each keeping any dice (a hold mask) and rolling the rest;
// then write the dice into one open category (a zero if they do not fit).
//   ACES..SIXES  sum of the dice showing that face
//   3KIND/4KIND  sum of all dice with at least three/four of a face
//   FULL 25 (three of one face and two of another), SMALL 30 (four in a
//   row), LARGE 40 (five in a row), YACHT 50 (five of a face), CHANCE sum.
// Upper bonus: +35 once ACES..SIXES reach 63. Highest total wins.
//
// Parameters:
//   players        1..8   default 2
//   yahtzee_bonus  bool   default false: standard Yahtzee's +100 for every
//                  further yacht after a 50 in YACHT, and the forced joker
//                  rule: a yacht with YACHT filled must go in its upper box
//                  if open, else FULL/SMALL/LARGE score in full (25/30/40).
//
// Actions:
//   0..30     hold mask over the sorted dice (bit i keeps the i-th lowest
//             die), rerolling the others; only while rerolls remain, and
//             only canonical masks (equal faces held from the lowest), so
//             each distinct hold is one action. 31 (hold all) is not an
//             action: scoring ends the turn instead.
//   32..44    write the dice into category action - 32 (Category order).
//   45..506   chance: the multiset of the dice rolled, 45 + its DiceTables id.
// Text: "hold 1 1 4" (the faces kept; "hold" alone rerolls everything),
// "score FULL", "roll 2 5 6".
#ifndef GAMEAI_YACHT_YACHT_H_
#define GAMEAI_YACHT_YACHT_H_

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "gameai/base/random.h"
#include "gameai/base/types.h"
#include "gameai/kernel/kernel.h"
#include "gameai/kernel/move_list.h"
#include "gameai/yacht/dice.h"

namespace gameai::yacht {

enum Category : int {
  kAces,
  kTwos,
  kThrees,
  kFours,
  kFives,
  kSixes,
  kThreeKind,
  kFourKind,
  kFull,
  kSmall,
  kLarge,
  kYacht,
  kChance,
};
inline constexpr int kNumCategories = 13;
inline constexpr int kUpperBonusThreshold = 63;
inline constexpr int kUpperBonus = 35;
inline constexpr int kYachtBonus = 100;
inline constexpr int kMaxPlayers = 8;
inline constexpr int kRounds = 13;
// kMaxTotal: above any reachable total (1575 with the yahtzee bonus).
inline constexpr int kMaxTotal = 2000;

// CategoryName: "ACES" ... "CHANCE" (the original game's names).
std::string_view CategoryName(int category);

// Score: the points of five dice (a five-dice multiset id) in `category`;
// `joker` scores FULL/SMALL/LARGE in full (the Yahtzee joker rule).
int Score(int category, int dice, bool joker = false);

struct Options {
  int players = 2;
  bool yahtzee_bonus = false;
};

// Scorecard: one player's sheet, 6 bytes.
struct Scorecard {
  uint16_t open;    // bit c: category c still open
  uint16_t total;   // every point so far, bonuses included
  uint8_t upper;    // sum of ACES..SIXES so far (0..105)
  uint8_t yacht50;  // 1 once YACHT was written with 50
};

// CheckScorecard: OK when some game (under yahtzee_bonus or not) writes
// `card`: an open mask of the 13 boxes, a 50 only in a filled YACHT, an
// upper total that 0..5 dice of each filled upper box's face make, and a
// rest of the total (less the upper total and its bonus) that the filled
// lower boxes (and, with yahtzee_bonus, a further yacht's 100 per other
// filled box) can score. Else InvalidArgument saying which fails.
absl::Status CheckScorecard(const Scorecard& card, bool yahtzee_bonus);

// Position: the scorecards, and the turn in progress.
//   phase kRoll: chance rolls the dice not in `dice` (the held multiset);
//   phase kDecide: `dice` holds five dice; the player holds or scores.
struct Position {
  std::array<Scorecard, kMaxPlayers> cards;
  uint16_t dice;       // DiceTables id: held dice (kRoll) or all five (kDecide)
  uint8_t rolls_left;  // rerolls left after the current roll: 2, 1, 0
  uint8_t phase;       // kRoll, kDecide or kOver
  uint8_t player;
  uint8_t round;  // 0..12
};
inline constexpr uint8_t kRoll = 0, kDecide = 1, kOver = 2;

inline constexpr int kFirstScoreAction = 32;
inline constexpr int kFirstChanceAction = kFirstScoreAction + kNumCategories;
inline constexpr int kNumActions = kFirstChanceAction + kNumMultisets;

using Move = uint16_t;

using MoveList = FixedMoveList<Move, 31 + kNumCategories>;

class Rules {
 public:
  using Position = yacht::Position;
  using Move = yacht::Move;
  using MoveList = yacht::MoveList;
  // Every list of moves (legal moves and chance outcomes) is in ascending
  // action order (kernel.h).
  static constexpr bool kMovesAscending = true;
  using ChanceList = std::vector<KernelChanceOutcome<Move>>;

  static absl::StatusOr<Rules> Create(const Options& options);
  const Options& options() const { return options_; }

  GameType Type() const;
  int NumPlayers() const { return options_.players; }
  Action NumDistinctActions() const { return kNumActions; }
  // A turn: at most 3 rolls, 2 holds and a score.
  int MaxGameLength() const { return kRounds * options_.players * 6; }
  Position InitialPosition() const;
  Player CurrentPlayer(const Position& s) const;
  void LegalMoves(const Position& s, MoveList& moves) const;
  bool IsLegal(const Position& s, Move m) const;
  void Apply(Position& s, Move m) const;
  void ChanceOutcomes(const Position& s, ChanceList& outcomes) const;
  void ChanceOutcomes(const Position& s,
                      std::vector<ChanceOutcome>& outcomes) const;
  Move SampleChance(const Position& s, Rng& rng) const;
  // ChanceKey: the roll's place in the game, (round, player, roll of the
  // turn), whatever was held before it.
  uint64_t ChanceKey(const Position& s) const {
    return (uint64_t{s.round} * kMaxPlayers + s.player) * 3 +
           (2 - s.rolls_left);
  }
  // Return: the total for one player; otherwise +1 alone on top, 0 sharing
  // the top, -1 below.
  double Return(const Position& s, Player p) const;
  double Score(const Position& s, Player p) const { return s.cards[p].total; }
  Action ToAction(Move m) const { return m; }
  Move ToMove(Action a) const { return static_cast<Move>(a); }
  std::string ToString(const Position& s) const;
  std::string Serialize(const Position& s) const;
  absl::StatusOr<Position> Deserialize(std::string_view text) const;
  // Validate: the turn's phase and dice agree (five dice to decide on,
  // fewer to roll, none held before the first roll), each player has
  // filled one category per finished turn, a scorecard's upper total is
  // within what its filled boxes can hold and its total holds it (and the
  // bonus), a 50 in YACHT needs YACHT filled, seats beyond the players are
  // blank, a finished game is at round 13; then CheckPlayable.
  absl::Status Validate(const Position& s) const;
  std::string ObservationString(const Position& s, Player) const {
    return ToString(s);
  }
  std::string MoveToString(const Position& s, Move m) const;

  // Tensors for learners (docs/yacht.md, yacht_tensor.cc).
  std::vector<int> ObservationTensorShape() const;
  void ObservationTensor(const Position& s, Player p, absl::Span<float> out) const;

  // ScoreFor: the points writing `dice` (five-dice id) into `category`
  // gives `card` under these rules (bonuses included), or -1 if the
  // category may not be chosen (closed, or the forced joker says another).
  int ScoreFor(const Scorecard& card, int category, int dice) const;
  // CategoryAllowed: `category` is open and, under the forced joker, the
  // one (or among those) the joker allows.
  bool CategoryAllowed(const Scorecard& card, int category, int dice) const;
  // IsJoker: the yahtzee-bonus rules apply to `dice` (a yacht with YACHT
  // already filled).
  bool IsJoker(const Scorecard& card, int dice) const;
  // HeldDice: the multiset kept by hold mask `mask` of five dice `dice`.
  static int HeldDice(int dice, int mask);
  // IsCanonicalHold: equal faces are held from the lowest position.
  static bool IsCanonicalHold(int dice, int mask);
  // CanonicalHold: the canonical mask keeping multiset `keep` of `dice`.
  // REQUIRES keep inside dice.
  static int CanonicalHold(int dice, int keep);

 private:
  explicit Rules(const Options& options) : options_(options) {}
  Options options_;
};

// The capabilities this kernel has (gameai/kernel/kernel.h): a slip in
// one of their signatures fails here instead of turning it off.
static_assert(Kernel<Rules>);
static_assert(ChanceKernel<Rules>);
static_assert(HasActionChanceOutcomes<Rules>);
static_assert(HasFastIsLegal<Rules>);
static_assert(ListsMovesAscending<Rules>);
static_assert(HasValidate<Rules>);
static_assert(HasChanceKey<Rules>);
static_assert(HasObservationTensor<Rules>);

}  // namespace gameai::yacht

#endif  // GAMEAI_YACHT_YACHT_H_
