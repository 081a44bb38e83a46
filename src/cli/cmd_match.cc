// `gameai match GAME --agents A,B[,...] --games N [--seed S] [--series K]
// [--threads T] [--json]`.
#include "cmd_match.h"

#include <chrono>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include "args.h"
#include "fmt/format.h"
#include "gameai/arena/arena.h"
#include "gameai/dynamic/spec.h"
#include "mpi_match.h"
#include "platform/files.h"

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

constexpr char kUsage[] =
    "usage: gameai match GAME --agents A,B[,...] [--games N] [--seed S] "
    "[--series K] [--threads T] [--random-opening PLIES] [--json] "
    "[--game-log] (gameai match --help)";

constexpr char kHelp[] =
    "usage: gameai match GAME --agents A,B[,...] [options]\n"
    "\n"
    "Plays a series of GAME between the agents (specs, e.g. "
    "'mcts(simulations=2000)');\nseats rotate so every agent plays every "
    "seat equally often; fewer agents than seats\nare cycled to fill them.\n"
    "\n"
    "options:\n"
    "  --agents A,B,...        the agents (required; gameai agents GAME "
    "lists them)\n"
    "  --games N               games to play (default 100; rounded up to a "
    "multiple of the\n"
    "                          seat rotations)\n"
    "  --seed S                the series' seed (default 1)\n"
    "  --series K              split the games into K series, each with its "
    "own agent\n"
    "                          instances; results depend on the seed and K "
    "only\n"
    "                          (default: T, the thread count)\n"
    "  --threads T             series played at once (default 1)\n"
    "  --random-opening PLIES  random moves at the start of every game "
    "(default 0)\n"
    "  --json                  the results as JSON on stdout\n"
    "  --game-log              with --json: every game's seating and "
    "scores\n"
    "  --help                  this text\n";

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
  absl::StatusOr<Args> args = ParseArgs(
      argv, {"agents", "games", "seed", "series", "threads", "random-opening"},
      {"json", "game-log", "help"});
  if (!args.ok()) return fail(args.status());
  if (args->switches.count("help")) {
    if (!quiet) fmt::print("{}", kHelp);
    return 0;
  }
  if (args->positional.size() != 1 || !args->values.count("agents")) {
    return fail(absl::InvalidArgumentError(kUsage));
  }
  MatchOptions options;
  options.game = args->positional[0];
  absl::StatusOr<std::vector<std::string>> agents =
      SplitTopLevel(args->values["agents"]);
  if (!agents.ok()) return fail(agents.status());
  options.agents = *agents;
  absl::StatusOr<int64_t> games = args->Int("games", 100, 1, kMaxMatchGames);
  if (!games.ok()) return fail(games.status());
  absl::StatusOr<uint64_t> seed = args->Seed("seed", 1);
  if (!seed.ok()) return fail(seed.status());
  absl::StatusOr<int64_t> threads =
      args->Int("threads", 1, 1, kMaxMatchThreads);
  if (!threads.ok()) return fail(threads.status());
  // 0: --series absent, K = T (MatchOptions::series).
  absl::StatusOr<int64_t> series = args->Int("series", 0, 1, kMaxMatchSeries);
  if (!series.ok()) return fail(series.status());
  absl::StatusOr<int64_t> opening = args->Int("random-opening", 0, 0, 1000);
  if (!opening.ok()) return fail(opening.status());
  options.random_opening = static_cast<int>(*opening);
  options.games = *games;
  options.seed = static_cast<uint64_t>(*seed);
  options.threads = static_cast<int>(*threads);
  options.series = *series;
  options.log_games = args->switches.count("game-log") > 0;
  options.custom_agents = std::move(custom_agents);
  const bool distributed = LaunchedUnderMpi();
  ProgressBar progress(distributed ? " on rank 0" : "");
  options.on_progress = [&progress](int64_t done, int64_t total) {
    progress.Update(done, total);
  };
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
  if (args->switches.count("json")) {
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
