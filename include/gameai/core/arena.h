// gameai/core/arena.h: plays many games between agent specs and reports
// results researchers can trust (see shared/spec/cli.md):
//  - seats rotate so every agent plays every seat equally often; the number
//    of games is rounded up to a multiple of the rotations used;
//  - game i's seed is DeriveSeed(seed, i): chance events, illegal-action
//    substitutes and every agent's per-game seed derive from it alone;
//  - `threads` T splits the games into T contiguous series, each with its
//    own agent instances (learning agents keep memory within a series);
//    results are identical for a given seed and T;
//  - with random_opening N, the first N player actions of every game are
//    uniformly random, the same for every game of a rotation group (agents
//    are informed of them like any other action);
//  - an agent that errs or returns an illegal action does not stop the
//    match: the action is rejected and recorded, and the referee plays a
//    uniformly random legal action (from the game's generator) instead.
#ifndef GAMEAI_CORE_ARENA_H_
#define GAMEAI_CORE_ARENA_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "gameai/core/registry.h"
#include "gameai/core/stats.h"
#include "gameai/core/types.h"

namespace gameai {

struct MatchOptions {
  std::string game = "mancala";
  // Agent specs; cycled to fill the seats (a,b at five seats: a,b,a,b,a).
  // A solitaire game plays one agent per game, rotating through the list.
  std::vector<std::string> agents;
  int64_t games = 100;
  uint64_t seed = 1;
  int threads = 1;
  // random_opening: the referee plays the first N player actions uniformly
  // at random, so that series between deterministic agents are not one game
  // repeated. The games of one seat rotation share their opening (drawn
  // from DeriveSeed(seed, rotation group)), so no agent is favoured by a
  // lucky opening: each plays it from every seat.
  int random_opening = 0;
  // Agents of the caller's own (a bot under development, a test agent),
  // found by name before the registry's.
  std::vector<AgentEntry> custom_agents;
  // log_games: keep every game's seating and scores in MatchResult::game_log.
  bool log_games = false;
  // on_progress(games_done, games_total): called under a lock, any thread.
  std::function<void(int64_t, int64_t)> on_progress;
};

inline constexpr size_t kKeptIllegalActions = 1000;

struct IllegalAction {
  std::string agent;  // spec
  int64_t game_index = 0;
  Player seat = 0;
  std::string state;   // State::Serialize() before the action
  std::string action;  // the offending action (number) or the agent's error
  std::string reason;
};

struct AgentResult {
  std::string spec;
  int64_t games = 0;  // seat-games: a spec seated twice counts twice
  int64_t wins = 0, draws = 0, losses = 0;
  double win_rate = 0;  // draws count half
  Interval win_rate_ci95;
  double mean_score = 0;
  Interval mean_score_ci95;
  double score_sum = 0;
  // first_places: games it ended alone on top count 1, a top shared by k
  // players 1/k (the tournament's game wins, shared first places split).
  double first_places = 0;
  Interval first_place_rate_ci95;  // Wilson, of first_places / games
  double mean_return = 0;
  int64_t illegal_actions = 0;
  // tallies: the game's per-seat counts summed (MatchResult::tally_names).
  std::vector<double> tallies;
};

// GameLogEntry: one game of a match: the spec index (into
// MatchResult::agents) at each seat, and each seat's score.
struct GameLogEntry {
  std::vector<int> agent_of_seat;
  std::vector<double> scores;
};

struct MatchResult {
  std::string game;   // the spec as given
  int64_t games = 0;  // games actually played (after rounding up)
  uint64_t seed = 0;
  int threads = 1;
  int random_opening = 0;
  int num_players = 0;
  double elapsed_seconds = 0;
  std::vector<AgentResult> agents;  // one per distinct spec, in given order
  std::vector<std::string> tally_names;  // Game::TallyNames()
  // winner: the spec with the highest mean score (the first listed of
  // equals); empty for a single spec.
  std::string winner;
  // illegal_actions: the first kKeptIllegalActions, in game order (every
  // one is counted in AgentResult::illegal_actions).
  std::vector<IllegalAction> illegal_actions;
  std::vector<GameLogEntry> game_log;  // in game order, with log_games
};

// RunMatch: errors for a bad game or agent spec, an agent count that does
// not fit the table, games < 1 or threads < 1, and ResourceExhausted when
// memory runs out (or the game log asked for would not fit). Memory does
// not grow with `games`: each game is added to running totals as it ends
// (only the game log, when asked for, keeps one entry per game).
absl::StatusOr<MatchResult> RunMatch(const MatchOptions& options);

// MatchResultToJson: the JSON of cli.md (plus an "illegal_action_log").
std::string MatchResultToJson(const MatchResult& result);
// MatchResultToTable: the same as a readable text table.
std::string MatchResultToTable(const MatchResult& result);

}  // namespace gameai

#endif  // GAMEAI_CORE_ARENA_H_
