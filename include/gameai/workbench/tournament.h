// gameai/workbench/tournament.h: round robins and gauntlets between many
// agents, rated on the Elo scale (docs/tournaments.md).
//
// A tournament is a list of tables, each a match of the arena
// (arena.h) played on one thread with series 1: seats rotate within the
// table, every rotation group shares its seed and random opening
// (MatchOptions::paired_seeds), and table t's seed is DeriveSeed(seed, t),
// so results depend on the seed alone, never on the threads.
//  - two players: every pairing (round robin) or the first agent against
//    each other (gauntlet) is a table; its games come in pairs with the
//    seats swapped;
//  - k > 2 players: the tables are every k-agent subset of the agents
//    (gauntlet: the first agent with every (k − 1)-subset of the others),
//    each played in all k cyclic seat orders; every agent then takes every
//    seat equally often and every two agents share equally many tables;
//  - solitaire games: as two players, the two agents of a table playing
//    the same dice, compared by score.
#ifndef GAMEAI_WORKBENCH_TOURNAMENT_H_
#define GAMEAI_WORKBENCH_TOURNAMENT_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "gameai/arena/arena.h"
#include "gameai/arena/stats.h"
#include "gameai/workbench/ratings.h"

namespace gameai {

enum class TournamentFormat { kRoundRobin, kGauntlet };
const char* TournamentFormatName(TournamentFormat format);
absl::StatusOr<TournamentFormat> ParseTournamentFormat(const std::string& text);

inline constexpr int64_t kMaxTournamentTables = 10'000;
inline constexpr int64_t kMaxTournamentGames = 10'000'000;
inline constexpr int64_t kMaxGamesPerPairing = 1'000'000;

struct TournamentOptions {
  std::string game;
  std::vector<std::string> agents;  // distinct specs, at least two
  TournamentFormat format = TournamentFormat::kRoundRobin;
  // games_per_pairing: games of every table, rounded up to whole seat
  // rotations.
  int64_t games_per_pairing = 20;
  uint64_t seed = 1;
  int threads = 1;  // tables played at once
  int random_opening = 0;
  // anchor: the spec rated 0; empty: "random" when listed, else the first.
  std::string anchor;
  std::vector<AgentEntry> custom_agents;  // as MatchOptions'
  // command: how the tournament was asked for, for the reports.
  std::string command;
  std::function<bool()> cancelled;
  std::function<void(int64_t games_done, int64_t games_total)> on_progress;
};

// TournamentTables: the agents (indices into options.agents) of every
// table, in the seat order of its first game; errors for too few agents,
// more tables than kMaxTournamentTables.
absl::StatusOr<std::vector<std::vector<int>>> TournamentTables(
    TournamentFormat format, int agents, int seats);

// ScorePoint: an agent's mean score share after `games` of its games (in
// the order round 0 of every table, round 1 of every table, ...), with its
// Wilson 95% interval.
struct ScorePoint {
  int64_t games = 0;
  double score = 0;
  Interval ci95;
};
inline constexpr int kScorePointsPerAgent = 60;

struct TournamentAgent {
  std::string spec;
  double elo = 0;
  Interval elo_ci95;
  int64_t games = 0;
  // score: the share of its table mates it finished ahead of, ties half
  // (two players: wins + draws / 2 per game).
  double score = 0;
  Interval score_ci95;
  int64_t illegal_actions = 0;
  int64_t moves = 0;
  double move_seconds = 0, max_move_seconds = 0;
  std::vector<ScorePoint> progress;  // at most kScorePointsPerAgent
};

// Pairwise: the games a and b played at one table, from a's side (a < b
// in the given order): a win when a finished ahead of b (more players:
// whatever the others did), a draw when they finished level.
struct Pairwise {
  int a = 0, b = 0;
  int64_t wins = 0, draws = 0, losses = 0;
};

struct TournamentResult {
  TournamentOptions options;  // as given (callbacks unset)
  std::string anchor;         // the spec rated 0
  int num_players = 0;        // the game's seats
  std::string model;          // "bradley-terry" or "plackett-luce"
  std::vector<std::vector<int>> tables;
  int64_t games_per_table = 0;  // as played (rounded up)
  // rounds_per_table: finishing orders per table (a solitaire table's
  // agents play a round on the same dice, one game each).
  int64_t rounds_per_table = 0;
  int64_t games = 0;
  std::vector<TournamentAgent> agents;  // in the order given
  std::vector<int> ranking;             // agent indices, best first
  Ratings ratings;
  std::vector<Pairwise> pairwise;
  std::vector<std::string> warnings;
  double elapsed_seconds = 0;
};

// TournamentPlan: a tournament in parts, for callers that play its tables
// themselves (on MPI ranks): Create checks the options as RunTournament
// does; TableMatch(t) is table t's match (series 1, one thread); every
// table's result goes to AddTable, in any order; Finish rates them.
class TournamentPlan {
 public:
  static absl::StatusOr<TournamentPlan> Create(
      const TournamentOptions& options);
  TournamentPlan(TournamentPlan&&) noexcept;
  TournamentPlan& operator=(TournamentPlan&&) noexcept;
  ~TournamentPlan();

  int64_t tables() const;
  int64_t games() const;  // of every table together
  MatchOptions TableMatch(int64_t t) const;
  // AddTable: InvalidArgument for a table outside the plan or added twice.
  absl::Status AddTable(int64_t t, const MatchResult& match);
  // Finish: FailedPrecondition while a table is missing.
  absl::StatusOr<TournamentResult> Finish(double elapsed_seconds);

 private:
  struct State;
  explicit TournamentPlan(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

// RunTournament: errors for bad options (naming the option and what is
// accepted), a bad game or agent spec, or as RunMatch's.
absl::StatusOr<TournamentResult> RunTournament(
    const TournamentOptions& options);

// ApplyTournamentOptionsJson: the keys of a JSON object ("format",
// "games_per_pairing", "seed", "threads", "random_opening", "anchor") onto
// `options` (the C API's options); InvalidArgument naming an unknown key or
// a bad value, `options` then unchanged. "" is no key.
absl::Status ApplyTournamentOptionsJson(std::string_view json,
                                        TournamentOptions& options);

// TournamentOfMatch: one match as a tournament of one table (for its
// report), from a match played with log_games and time_moves in which
// every seat holds its own agent (solitaire: any agents side by side);
// FailedPrecondition otherwise.
absl::StatusOr<TournamentResult> TournamentOfMatch(const MatchResult& match);

}  // namespace gameai

#endif  // GAMEAI_WORKBENCH_TOURNAMENT_H_
