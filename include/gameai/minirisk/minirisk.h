// gameai/minirisk/minirisk.h: MiniRisk, the sealed-bid auction of prize
// cards ("Hol's der Geier" / Raj), the kernel of game `minirisk`.
//
// Rules (docs/minirisk.md): each player holds bid cards
// 1..15. 15 rounds: a prize card (-5..-1, 1..10) is turned up and added to
// the pot; all players bid one of their cards at once. Bids made by two or
// more players cancel (the cards are spent anyway). Of the unique bids the
// highest takes the pot when its sum is >= 0, the lowest when it is < 0.
// With no unique bid the pot carries over to the next round; a pot left
// after the last round is discarded. Score: the sum of the prizes taken.
//
// The prize deck: turning the top card of a shuffled deck is the same
// draw as a uniformly random card among those not yet turned, so each
// round starts with that chance event and the deck's order exists nowhere
// before it is revealed. Hands and earlier bids are public (anyone can
// count the cards played), so the state holds no secret: the simultaneous
// bid is the game's only hidden information.
//
// Actions: 0..14 bid card action + 1; 15..29 prize card (chance): prize
// index action - 15, value PrizeValue(index). Text: "bid 7", "prize -3".
#ifndef GAMEAI_MINIRISK_MINIRISK_H_
#define GAMEAI_MINIRISK_MINIRISK_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "gameai/base/random.h"
#include "gameai/base/types.h"
#include "gameai/kernel/kernel.h"
#include "gameai/kernel/move_list.h"

namespace gameai::minirisk {

inline constexpr int kCards = 15;  // bid cards 1..15, prize cards 15
inline constexpr int kRounds = 15;
inline constexpr int kMaxPlayers = 8;
inline constexpr int kFirstPrizeAction = kCards;
inline constexpr uint16_t kFullHand = (1 << kCards) - 1;

// PrizeValue: prize index 0..14 -> -5..-1, 1..10.
constexpr int PrizeValue(int index) {
  return index < 5 ? index - 5 : index - 4;
}
// PrizeIndex: the inverse. REQUIRES value in -5..-1 or 1..10.
constexpr int PrizeIndex(int value) {
  return value < 0 ? value + 5 : value + 4;
}

struct Options {
  int players = 5;
};

// Position: 190 bytes, no pointers. Everything in it is public.
struct Position {
  std::array<uint16_t, kMaxPlayers> hands;  // bit c: bid card c + 1 held
  std::array<int16_t, kMaxPlayers> scores;
  // bids[r][p]: the card player p bid in round r (1..15), 0 before.
  std::array<std::array<uint8_t, kMaxPlayers>, kRounds> bids;
  std::array<uint8_t, kRounds> prizes;  // prize index turned in round r
  std::array<int8_t, kRounds> taker;    // who took the pot in round r, -1
  uint16_t prizes_left;                 // bit i: prize index i not turned
  uint16_t pot_cards;                   // bit i: prize index i in the pot
  int16_t pot;                          // the pot's value
  uint8_t round;                        // rounds finished
  uint8_t revealed;                     // this round's prize is turned
};
static_assert(sizeof(Position) == 190);

using Move = uint8_t;
using MoveList = FixedMoveList<Move, kCards>;

// Resolution: who takes a pot of value `pot` given each player's bid card
// (0 = no bid), or -1 when no bid is unique.
int Taker(int pot, const uint8_t* bids, int players);

class Rules {
 public:
  using Position = minirisk::Position;
  using Move = minirisk::Move;
  using MoveList = minirisk::MoveList;
  // Every list of moves (legal moves and chance outcomes) is in ascending
  // action order (kernel.h).
  static constexpr bool kMovesAscending = true;
  using ChanceList = std::vector<KernelChanceOutcome<Move>>;

  static absl::StatusOr<Rules> Create(const Options& options);
  const Options& options() const { return options_; }

  GameType Type() const;
  int NumPlayers() const { return options_.players; }
  Action NumDistinctActions() const { return 2 * kCards; }
  int MaxGameLength() const { return 2 * kRounds; }
  Position InitialPosition() const;
  // CurrentPlayer, IsLegal, IsLegalFor: inline, since the dynamic layer's
  // referee calls them for every bid.
  Player CurrentPlayer(const Position& s) const {
    if (s.round == kRounds) return kTerminalPlayer;
    return s.revealed ? kSimultaneousPlayer : kChancePlayer;
  }
  // LegalMoves: empty (chance outcomes come from ChanceOutcomes, bids from
  // LegalMovesFor).
  void LegalMoves(const Position&, MoveList& moves) const { moves.count = 0; }
  void LegalMovesFor(const Position& s, Player p, MoveList& moves) const;
  // IsLegal: m is a prize card chance may turn now. IsLegalFor: m is a bid
  // of player p now.
  bool IsLegal(const Position& s, Move m) const {
    return CurrentPlayer(s) == kChancePlayer && m >= kFirstPrizeAction &&
           m < kFirstPrizeAction + kCards &&
           (s.prizes_left >> (m - kFirstPrizeAction) & 1);
  }
  bool IsLegalFor(const Position& s, Player p, Move m) const {
    return CurrentPlayer(s) == kSimultaneousPlayer && p >= 0 &&
           p < options_.players && m < kCards && (s.hands[p] >> m & 1);
  }
  void Apply(Position& s, Move m) const;  // a prize card (chance)
  void ApplyJoint(Position& s, const Move* bids) const;
  void ChanceOutcomes(const Position& s, ChanceList& outcomes) const;
  Move SampleChance(const Position& s, Rng& rng) const;
  // SampleBid: a uniformly random card of player p's hand.
  static Move SampleBid(const Position& s, Player p, Rng& rng);
  // Return: +1 alone on top, 0 sharing the top, -1 below.
  double Return(const Position& s, Player p) const;
  double Score(const Position& s, Player p) const { return s.scores[p]; }
  Action ToAction(Move m) const { return m; }
  Move ToMove(Action a) const { return static_cast<Move>(a); }
  std::string ToString(const Position& s) const;
  std::string Serialize(const Position& s) const;
  absl::StatusOr<Position> Deserialize(std::string_view text) const;
  // Validate: `s` is the state its own prizes and bids lead to (so hands,
  // pot, scores and takers agree with them); then CheckPlayable.
  absl::Status Validate(const Position& s) const;
  std::string ObservationString(const Position& s, Player p) const;
  std::string MoveToString(const Position& s, Move m) const;
  std::optional<Move> ParseMove(const Position& s, std::string_view text) const;

  // Tensors for learners (docs/minirisk.md, minirisk_tensor.cc).
  std::vector<int> ObservationTensorShape() const;
  void ObservationTensor(const Position& s, Player p, absl::Span<float> out) const;
  std::vector<int> InformationStateTensorShape() const;
  void InformationStateTensor(const Position& s, Player p,
                              absl::Span<float> out) const;

  static Move Bid(int card) { return static_cast<Move>(card - 1); }
  static Move Prize(int value) {
    return static_cast<Move>(kFirstPrizeAction + PrizeIndex(value));
  }
  // PrizesLeftValue: the sum of the prize cards not turned yet.
  static int PrizesLeftValue(const Position& s);

 private:
  explicit Rules(const Options& options) : options_(options) {}
  // Replay: the state after turning `prizes` (values) and bidding
  // `rounds` (cards 1..15 per player), or an error naming a card used
  // twice. REQUIRES prizes.size() is rounds.size() or one more, <= 15.
  absl::StatusOr<Position> Replay(
      const std::vector<int>& prizes,
      const std::vector<std::vector<int>>& rounds) const;
  Options options_;
};

// The capabilities this kernel has (gameai/kernel/kernel.h): a slip in
// one of their signatures fails here instead of turning it off.
static_assert(Kernel<Rules>);
static_assert(ChanceKernel<Rules>);
static_assert(SimultaneousKernel<Rules>);
static_assert(HasFastIsLegal<Rules>);
static_assert(HasParseMove<Rules>);
static_assert(ListsMovesAscending<Rules>);
static_assert(HasValidate<Rules>);
static_assert(HasObservationTensor<Rules>);
static_assert(HasInformationStateTensor<Rules>);

}  // namespace gameai::minirisk

#endif  // GAMEAI_MINIRISK_MINIRISK_H_
