// Test-only kernels that exercise what Mancala does not: chance nodes and
// simultaneous moves through the kernel adapter, MCTS and the arena.
//
// chance_nim: a pile of 5; players alternately take 1 or 2; whoever takes
//   the last stone wins. After each move (while fewer than 10 moves were
//   made and stones remain) chance adds 0, 1 or 2 stones with probabilities
//   1/2, 1/3, 1/6. Actions: 0 = take 1, 1 = take 2; chance: 0..2 stones.
// bid_duel: three rounds; chance draws a prize 1..3 (probabilities 1/2,
//   1/3, 1/6), then both players bid one of their cards 1..3 at once
//   (action = card - 1, each card once); the higher bid takes the prize, a
//   tie nobody. More prize points wins.
// secret_duel: hidden information. Chance deals player 0 a private card
//   0..2, then player 1 one of the other two. Player 0 bets 1 or raises to
//   2 (action 0 / 1); player 1 calls or folds (0 / 1). The higher card
//   wins the stake at a call; a fold loses 1. Each player sees its own
//   card only (Redact), and the deals are hidden events for the other.
//   Chance actions: 2 + card.
#ifndef GAMEAI_TESTS_TOY_GAMES_H_
#define GAMEAI_TESTS_TOY_GAMES_H_

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "gameai/base/random.h"
#include "gameai/kernel/kernel.h"
#include "gameai/kernel/move_list.h"

namespace gameai::toy {

using SmallMoveList = FixedMoveList<uint8_t, 3>;

struct ChanceNimPosition {
  uint8_t pile = 5;
  uint8_t to_move = 0;
  uint8_t moves_made = 0;
  uint8_t chance_next = 0;  // 1: chance adds stones before the next move
  uint8_t winner = 2;       // 2: nobody yet
};

class ChanceNim {
 public:
  using Position = ChanceNimPosition;
  using Move = uint8_t;
  using MoveList = SmallMoveList;
  using ChanceList = std::array<KernelChanceOutcome<Move>, 3>;

  GameType Type() const {
    return {.chance = GameType::Chance::kStochastic, .zero_sum = true};
  }
  int NumPlayers() const { return 2; }
  Action NumDistinctActions() const { return 3; }
  int MaxGameLength() const { return 60; }  // 10 chance events, 25 stones
  Position InitialPosition() const { return {}; }
  Player CurrentPlayer(const Position& s) const;
  void LegalMoves(const Position& s, MoveList& moves) const;
  void Apply(Position& s, Move m) const;
  void ChanceOutcomes(const Position& s, ChanceList& outcomes) const;
  Move SampleChance(const Position& s, Rng& rng) const;
  double Return(const Position& s, Player p) const;
  double Score(const Position& s, Player p) const { return s.winner == p ? 1 : 0; }
  Action ToAction(Move m) const { return m; }
  Move ToMove(Action a) const { return static_cast<Move>(a); }
  std::string ToString(const Position& s) const;
  std::string Serialize(const Position& s) const;
  absl::StatusOr<Position> Deserialize(std::string_view text) const;
  std::string ObservationString(const Position& s, Player) const {
    return ToString(s);
  }
  std::string MoveToString(const Position& s, Move m) const;
};

struct BidDuelPosition {
  uint8_t round = 0;
  uint8_t prize = 0;                     // 0: chance draws the prize next
  std::array<uint8_t, 2> hand = {7, 7};  // bit c: card c+1 still held
  std::array<uint8_t, 2> points = {0, 0};
};

class BidDuel {
 public:
  using Position = BidDuelPosition;
  using Move = uint8_t;
  using MoveList = SmallMoveList;
  using ChanceList = std::array<KernelChanceOutcome<Move>, 3>;

  GameType Type() const {
    return {.dynamics = GameType::Dynamics::kSimultaneous,
            .chance = GameType::Chance::kStochastic,
            .zero_sum = true};
  }
  int NumPlayers() const { return 2; }
  Action NumDistinctActions() const { return 3; }
  int MaxGameLength() const { return 6; }
  Position InitialPosition() const { return {}; }
  Player CurrentPlayer(const Position& s) const;
  // LegalMoves: the chance outcomes' moves are listed by ChanceOutcomes;
  // no single player moves in this game.
  void LegalMoves(const Position&, MoveList& moves) const { moves.count = 0; }
  void LegalMovesFor(const Position& s, Player p, MoveList& moves) const;
  void Apply(Position& s, Move m) const;  // the chance draw
  void ApplyJoint(Position& s, const Move* joint) const;
  void ChanceOutcomes(const Position& s, ChanceList& outcomes) const;
  Move SampleChance(const Position& s, Rng& rng) const;
  double Return(const Position& s, Player p) const;
  double Score(const Position& s, Player p) const { return s.points[p]; }
  Action ToAction(Move m) const { return m; }
  Move ToMove(Action a) const { return static_cast<Move>(a); }
  std::string ToString(const Position& s) const;
  std::string Serialize(const Position& s) const;
  absl::StatusOr<Position> Deserialize(std::string_view text) const;
  std::string ObservationString(const Position& s, Player) const {
    return ToString(s);
  }
  std::string MoveToString(const Position& s, Move m) const;
};

static_assert(ChanceKernel<ChanceNim>);
static_assert(ChanceKernel<BidDuel> && SimultaneousKernel<BidDuel>);

// RegisterToyGames: registers chance_nim and bid_duel (idempotent).
void RegisterToyGames();

struct SecretDuelPosition {
  std::array<uint8_t, 2> card = {kNoCard, kNoCard};  // kHidden when redacted
  uint8_t stake = 0;   // 0 until player 0 acts, then 1 or 2
  uint8_t folded = 0;  // player 1 folded
  uint8_t over = 0;
  static constexpr uint8_t kNoCard = 3, kHidden = 4;
};

class SecretDuel {
 public:
  using Position = SecretDuelPosition;
  using Move = uint8_t;
  using MoveList = SmallMoveList;
  using ChanceList = std::vector<KernelChanceOutcome<Move>>;

  GameType Type() const {
    return {.chance = GameType::Chance::kStochastic,
            .information = GameType::Information::kImperfect,
            .zero_sum = true};
  }
  int NumPlayers() const { return 2; }
  Action NumDistinctActions() const { return 5; }
  int MaxGameLength() const { return 4; }
  Position InitialPosition() const { return {}; }
  Player CurrentPlayer(const Position& s) const;
  void LegalMoves(const Position& s, MoveList& moves) const;
  void Apply(Position& s, Move m) const;
  void ChanceOutcomes(const Position& s, ChanceList& outcomes) const;
  Move SampleChance(const Position& s, Rng& rng) const;
  double Return(const Position& s, Player p) const;
  double Score(const Position& s, Player p) const { return Return(s, p); }
  Action ToAction(Move m) const { return m; }
  Move ToMove(Action a) const { return static_cast<Move>(a); }
  std::string ToString(const Position& s) const;
  std::string Serialize(const Position& s) const;
  absl::StatusOr<Position> Deserialize(std::string_view text) const;
  std::string ObservationString(const Position& s, Player p) const {
    return ToString(Redact(s, p));
  }
  std::string MoveToString(const Position& s, Move m) const;
  Position Redact(const Position& s, Player viewer) const;
  bool MoveVisibleTo(const Position& before, Player actor, Move m,
                     Player observer) const;
  uint32_t MoveSeenBy(const Position& before, Player actor, Move m) const {
    return (MoveVisibleTo(before, actor, m, 0) ? 1u : 0u) |
           (MoveVisibleTo(before, actor, m, 1) ? 2u : 0u);
  }
};

static_assert(ChanceKernel<SecretDuel> && HiddenInformationKernel<SecretDuel>);

}  // namespace gameai::toy

#endif  // GAMEAI_TESTS_TOY_GAMES_H_
