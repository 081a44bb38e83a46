// gameai/arena/arena.h: plays many games between agent specs and reports
// results researchers can trust (docs/cli.md describes the output):
//  - seats rotate so every agent plays every seat equally often; the number
//    of games is rounded up to a multiple of the rotations used;
//  - game i's seed is DeriveSeed(seed, i): chance events, illegal-action
//    substitutes and every agent's per-game seed derive from it alone;
//    a solitaire game's seed is DeriveSeed(seed, i / agents) instead, so
//    the agents of one rotation group play the same chance stream, and
//    each event with a State::ChanceKey (a Yacht roll) comes from its own
//    generator, so the group's agents get the same roll for the same event
//    whatever they held before; their scores are compared in pairs;
//  - `series` K splits the games into K contiguous series, each with its
//    own agent instances (learning agents keep memory within a series);
//    results depend on the seed and K only: `threads` (and the processes
//    of a distributed match, below) only say how many play at once;
//  - with random_opening N, the first N player actions of every game are
//    uniformly random, the same for every game of a rotation group (agents
//    are informed of them like any other action);
//  - an agent that errs or returns an illegal action does not stop the
//    match: the action is rejected and recorded, and the referee plays a
//    uniformly random legal action (from the game's generator) instead;
//  - repeats are found by running: a game whose action history equals the
//    first game of the same seating is counted, and a match with repeats
//    carries a warning (deterministic agents in a deterministic game repeat
//    one game per seating unless random_opening varies the start).
#ifndef GAMEAI_ARENA_ARENA_H_
#define GAMEAI_ARENA_ARENA_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "gameai/arena/stats.h"
#include "gameai/base/types.h"
#include "gameai/dynamic/game.h"
#include "gameai/dynamic/registry.h"

namespace gameai {

// FinishedGame: one game as it ended, for MatchOptions::on_game_end.
struct FinishedGame {
  int64_t index = 0;
  const State* state = nullptr;    // the terminal state, with its history
  std::vector<std::string> table;  // the agent spec at each seat
  std::vector<int> slot_of_seat;   // the table slot (see make_agent) per seat
  std::vector<int> illegal_per_seat;
};

// kMaxMatchGames: the most games one match plays (every surface's limit;
// the count is rounded up to whole rotations within int64).
inline constexpr int64_t kMaxMatchGames = 100'000'000;
// kMaxMatchThreads, kMaxMatchSeries: the bounds of MatchOptions' threads
// and series (every series' totals are kept until the merge, a few
// kilobytes each).
inline constexpr int kMaxMatchThreads = 256;
// kMaxRandomOpening: the most random moves at the start of every game.
inline constexpr int kMaxRandomOpening = 1000;
// kMaxMatchAgents: the most agents one match lists (a solitaire game
// compares any number side by side; other games take one per seat).
inline constexpr int kMaxMatchAgents = 64;
inline constexpr int64_t kMaxMatchSeries = 100'000;

struct MatchOptions {
  // game: the game's spec string (required; gameai games lists them).
  std::string game;
  // Agent specs; cycled to fill the seats (a,b at five seats: a,b,a,b,a).
  // A solitaire game plays one agent per game, rotating through the list.
  std::vector<std::string> agents;
  int64_t games = 100;
  uint64_t seed = 1;
  // threads: how many series are played at once (changes no result).
  int threads = 1;
  // series K: the games are split into K contiguous series of (nearly)
  // equal length, each with its own agent instances. 0: K = threads, as
  // before there was a separate K; results then depend on `threads`.
  int64_t series = 0;
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
  // cancelled(): polled after every game on the thread of its series; once
  // it returns true the series stop and RunMatch returns Cancelled (Python
  // stops a match on Ctrl-C so).
  std::function<bool()> cancelled;
  // make_agent(slot, spec): the agent for table slot `slot` (the position
  // in the cycled agents list; seat s of game i holds slot (s + i) % seats)
  // or nullptr for the usual lookup; called once per slot and series. Lets
  // a caller seat agents no registry makes (the tournament server's remote
  // seats), reported under `spec` like any other.
  std::function<absl::StatusOr<std::unique_ptr<Agent>>(int slot,
                                                       const std::string& spec)>
      make_agent;
  // on_game_end: after every game (and the agents' EndGame), on the thread
  // of its series.
  std::function<void(const FinishedGame&)> on_game_end;
  // paired_seeds: the games of one seat rotation share their seed, as a
  // solitaire game's do: the same deal or dice (keyed chance events roll
  // alike whatever was held before) and the same agent seed per seat, so
  // that every seating of the group meets the same luck (tournament and
  // SPRT game pairs).
  bool paired_seeds = false;
  // time_moves: measure how long every agent takes per move
  // (AgentResult::moves, move_seconds, max_move_seconds; clock values that
  // differ from run to run).
  bool time_moves = false;
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

// PairedDifference: a solitaire agent's mean score minus the first agent's
// over the rotation groups (each group plays one chance stream per agent),
// with the normal 95% interval of the per-group differences.
struct PairedDifference {
  std::string vs;  // the first agent's spec
  int64_t pairs = 0;
  double mean = 0;
  Interval ci95;
};

struct AgentResult {
  std::string spec;
  int64_t games = 0;  // seat-games: a spec seated twice counts twice
  // wins..first_place_rate_ci95 mean nothing in a solitaire game: they stay
  // 0 there and the outputs leave them out (JSON: null).
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
  // paired_difference: solitaire games, every agent but the first.
  std::optional<PairedDifference> paired_difference;
  // With MatchOptions::time_moves: the moves it was asked for, their total
  // and longest time (wall clock, seconds).
  int64_t moves = 0;
  double move_seconds = 0;
  double max_move_seconds = 0;
};

// GameLogEntry: one game of a match: the spec index (into
// MatchResult::agents) at each seat, and each seat's score and return
// (the return ranks the seats: wins, draws and finishing orders).
struct GameLogEntry {
  std::vector<int> agent_of_seat;
  std::vector<double> scores;
  std::vector<double> returns;
};

// GameLogTextBytes: the most one game of `players` seats takes in the
// JSON's game_log (an agent index of a few digits and a score of up to 24
// characters a seat).
constexpr int64_t GameLogTextBytes(int players) {
  return 40 + int64_t{30} * players;
}

struct MatchResult {
  std::string game;   // the spec as given
  int64_t games = 0;  // games actually played (after rounding up)
  uint64_t seed = 0;
  int threads = 1;     // per process
  int64_t series = 1;  // K, as used
  int ranks = 1;       // processes of a distributed match (MPI ranks)
  int random_opening = 0;
  bool paired_seeds = false;
  bool time_moves = false;
  int num_players = 0;
  bool solitaire = false;  // num_players == 1: no wins, draws or losses
  GameUnits units;         // Game::Units(): Daifugo plays matches of deals
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
  // repeated_games: games whose action history equals the first game of
  // the same seating (see the top of this file).
  int64_t repeated_games = 0;
  // warnings: for people, also printed by the CLI on stderr.
  std::vector<std::string> warnings;
};

// RunMatch: errors for a bad game or agent spec, an agent count that does
// not fit the table, games outside [1, kMaxMatchGames], threads outside
// [1, 256], series outside [0, 100000], Cancelled when `cancelled` said so,
// Internal (naming the game) when an agent or the game throws an
// exception, and ResourceExhausted when memory runs out (or the game log
// asked for would not fit). Memory does not grow with `games`: each game is
// added to running totals as it ends (only the game log, when asked for,
// keeps one entry per game).
absl::StatusOr<MatchResult> RunMatch(const MatchOptions& options);

// PlannedGames: the games RunMatch(options) plays (`games` rounded up to
// whole rotations of the seats), or the error it would give about the
// game, the agents' count and the bounds.
absl::StatusOr<int64_t> PlannedGames(const MatchOptions& options);

// Distributed matches (`mpirun gameai match`): the K series can be played
// by several processes, each a contiguous range, and merged into exactly
// the result RunMatch gives for the same options.
//
// MatchSeriesCount: K for these options, or the error RunMatch would give.
absl::StatusOr<int64_t> MatchSeriesCount(const MatchOptions& options);
// PlayMatchSeries: plays series [first, end) on options.threads threads and
// returns their totals as bytes for MergeMatchSeries in a process of the
// same build and architecture, or the first error of its series (memory,
// an agent that threw); on_progress counts this range's games.
absl::StatusOr<std::string> PlayMatchSeries(const MatchOptions& options,
                                            int64_t first, int64_t end);
// MergeMatchSeries: the match's result from the parts of all K series in
// series order; InvalidArgument for parts that are malformed, missing, out
// of order or played with other options.
// elapsed_seconds is 0 and ranks 1: the caller fills them in.
absl::StatusOr<MatchResult> MergeMatchSeries(
    const MatchOptions& options, absl::Span<const std::string> parts);

// MatchResultToJson: the JSON of docs/cli.md.
std::string MatchResultToJson(const MatchResult& result);
// MatchResultToTable: the same as a readable text table.
std::string MatchResultToTable(const MatchResult& result);

}  // namespace gameai

#endif  // GAMEAI_ARENA_ARENA_H_
