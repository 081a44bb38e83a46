// `gameai match GAME --agents A,B[,...] --games N [--seed S] [--series K]
// [--threads T] [--json]`.
#include "cmd_match.h"

#include <chrono>
#include <cstdio>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "args.h"
#include "fmt/format.h"
#include "gameai/arena/arena.h"
#include "gameai/dynamic/spec.h"
#include "gameai/net/tournament_log.h"
#include "mpi_match.h"
#include "platform/files.h"
#include "platform/interrupt.h"

namespace gameai::cli {
namespace {

// ProgressBar: drawn on stderr only when it is a terminal and the run has
// taken more than a second.
class ProgressBar {
 public:
  // where: after "N/M games", e.g. " on rank 0" (whose share M is).
  explicit ProgressBar(std::string where)
      : enabled_(platform::StderrIsTerminal()), where_(std::move(where)) {}
  void Update(int64_t done, int64_t total) {
    if (!enabled_) return;
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_)
            .count();
    // Quiet for the first second; then at most ten redraws a second.
    if (elapsed < 1.0 || (done < total && elapsed - last_draw_ < 0.1)) return;
    last_draw_ = elapsed;
    const int width = 40;
    const int filled = static_cast<int>(width * done / total);
    fmt::print(stderr, "\r[{}{}] {}/{} games{}", std::string(filled, '#'),
               std::string(width - filled, ' '), done, total, where_);
    drawn_ = true;
  }
  ~ProgressBar() {
    if (drawn_) fmt::print(stderr, "\n");
  }

 private:
  bool enabled_;
  std::string where_;
  bool drawn_ = false;
  double last_draw_ = 0;
  std::chrono::steady_clock::time_point start_ =
      std::chrono::steady_clock::now();
};

}  // namespace

int RunMatchCommand(const std::vector<std::string>& argv) {
  return RunMatchWithAgents(argv, {});
}

int RunMatchWithAgents(const std::vector<std::string>& argv,
                       std::vector<AgentEntry> custom_agents) {
  // Under mpirun only rank 0 speaks, its exit status included: the others
  // exit 0, since a rank that exits nonzero first makes mpirun kill rank 0,
  // maybe before it has printed the message (every error reaches rank 0:
  // a mistyped option is found by every rank alike, the others' match
  // errors through the gather).
  const bool quiet = LaunchedAsOtherRank();
  auto fail = [quiet](const absl::Status& status) {
    return quiet ? 0 : Fail(status);
  };
  MatchOptions options;
  std::string agents;
  int64_t games = 100, threads = 1, series = 0, opening = 0;
  uint64_t seed = 1;
  bool json = false;
  CommandLine command(
      "match",
      "Plays a series of GAME between the agents (specs, e.g. "
      "'mcts(simulations=2000)'); seats rotate so every agent plays every "
      "seat equally often; fewer agents than seats are cycled to fill them.");
  command.Positional("GAME", &options.game, "the game (a spec)");
  command.Text("--agents", &agents,
               "the agents A,B,... (gameai agents GAME lists them)",
               /*required=*/true);
  command.Integer("--games", &games, 1, kMaxMatchGames,
                  "games to play (rounded up to a multiple of the seat "
                  "rotations)");
  command.Seed("--seed", &seed, "the series' seed");
  command.Integer("--series", &series, 1, kMaxMatchSeries,
                  "split the games into K series, each with its own agent "
                  "instances; results depend on the seed and K only "
                  "(default 0: K = T, the thread count)");
  command.Integer("--threads", &threads, 1, kMaxMatchThreads,
                  "series played at once");
  command.Integer("--random-opening", &opening, 0, kMaxRandomOpening,
                  "random moves at the start of every game");
  command.Flag("--json", &json, "the results as JSON on stdout");
  command.Flag("--game-log", &options.log_games,
               "with --json: every game's seating and scores");
  std::string log_file;
  command.Text("--log", &log_file,
               "write every game, each transition included, to FILE (a new "
               "file: one JSON line per game, as gameai serve --log; the web "
               "app replays them)");
  if (std::optional<int> done = command.Parse(argv, quiet)) {
    return quiet ? 0 : *done;
  }
  absl::StatusOr<std::vector<std::string>> agent_specs = SplitTopLevel(agents);
  if (!agent_specs.ok()) return fail(agent_specs.status());
  options.agents = *std::move(agent_specs);
  options.random_opening = static_cast<int>(opening);
  options.games = games;
  options.seed = seed;
  options.threads = static_cast<int>(threads);
  options.series = series;
  options.custom_agents = std::move(custom_agents);
  const bool distributed = LaunchedUnderMpi();
  // --log: games end on several threads, in no fixed order; each line
  // carries its game's index.
  std::optional<net::TournamentLog> log;
  std::mutex log_mutex;
  absl::Status log_status;
  if (command.Given("--log")) {
    if (distributed) {
      return fail(absl::InvalidArgumentError(
          "--log is not available under mpirun (every rank plays its own "
          "games): run the match without MPI to log it"));
    }
    absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(options.game);
    if (!game.ok()) return fail(game.status());
    absl::StatusOr<net::TournamentLog> created =
        net::TournamentLog::Create(log_file, {{"type", "match"},
                                              {"version", 1},
                                              {"game", (*game)->Spec()},
                                              {"agents", options.agents},
                                              {"games", games},
                                              {"seed", seed},
                                              {"series", series},
                                              {"random_opening", opening}});
    if (!created.ok()) return fail(created.status());
    log.emplace(*std::move(created));
    options.on_game_end = [&](const FinishedGame& g) {
      std::lock_guard<std::mutex> lock(log_mutex);
      if (!log_status.ok()) return;
      log_status = log->Append(net::FinishedGameLine(g));
    };
  }
  ProgressBar progress(distributed ? " on rank 0" : "");
  options.on_progress = [&progress](int64_t done, int64_t total) {
    progress.Update(done, total);
  };
  // Ctrl-C stops the series after their current games: the games played
  // are in --log, and the exit status says it was stopped.
  platform::CatchInterrupt();
  options.cancelled = [] { return platform::Interrupted(); };
  absl::StatusOr<MatchResult> result;
  if (distributed) {
    RankedResult ranked = RunMatchOnRanks(options);
    // Rank 0 speaks for the job, its exit status included (see `fail`).
    if (!ranked.root) return 0;
    result = std::move(ranked.result);
  } else {
    result = RunMatch(options);
  }
  if (!result.ok()) return fail(result.status());
  if (!log_status.ok()) return fail(log_status);
  if (json) {
    fmt::print("{}", MatchResultToJson(*result));
  } else {
    fmt::print("{}", MatchResultToTable(*result));
  }
  for (const std::string& warning : result->warnings) {
    fmt::print(stderr, "warning: {}\n", warning);
  }
  return 0;
}

}  // namespace gameai::cli
