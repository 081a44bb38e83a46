// gameai/base/types.h: the vocabulary shared by both layers: players,
// actions, the sentinels for non-player nodes and the kind of a game.
#ifndef GAMEAI_BASE_TYPES_H_
#define GAMEAI_BASE_TYPES_H_

#include <cstdint>
#include <string>

namespace gameai {

// Player: a seat id 0..NumPlayers()-1, or one of the sentinels below.
using Player = int;
// Action: the dynamic layer's action; every game documents its encoding.
using Action = int64_t;

inline constexpr Player kChancePlayer = -1;        // nature moves (dice, deals)
inline constexpr Player kSimultaneousPlayer = -2;  // all players move at once
inline constexpr Player kTerminalPlayer = -3;      // the game is over
inline constexpr Player kInvalidPlayer = -4;

// kMaxPlayers bounds every game's player count so that search code can keep
// per-player values in fixed arrays.
inline constexpr int kMaxPlayers = 8;

// ChanceOutcome: one outcome of a chance node with its exact probability.
struct ChanceOutcome {
  Action action;
  double probability;
};

// GameType: what kind of game it is. Agents and the arena branch on it.
struct GameType {
  enum class Dynamics { kSequential, kSimultaneous };
  enum class Chance { kDeterministic, kStochastic };
  enum class Information { kPerfect, kImperfect };
  Dynamics dynamics = Dynamics::kSequential;
  Chance chance = Chance::kDeterministic;
  Information information = Information::kPerfect;
  // True when a player's return is the negation of the other's (two players).
  bool zero_sum = false;
  // Utility: how the seats' returns relate at the end of every game: they
  // sum to 0 (any number of players), to one constant, or to anything.
  enum class Utility { kZeroSum, kConstantSum, kGeneralSum };
  Utility utility = Utility::kGeneralSum;
};

std::string DescribeGameType(const GameType& type);

// GameUnits: what one game is called in reports, and the rounds it is made
// of: Daifugo's game is a "match" of `games` "deal"s. Most games are one
// "game" with no rounds (round empty).
struct GameUnits {
  std::string game = "game";
  std::string games = "games";  // the plural
  std::string round;
  std::string rounds;
  int rounds_per_game = 0;
};

}  // namespace gameai

#endif  // GAMEAI_BASE_TYPES_H_
