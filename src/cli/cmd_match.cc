// `gameai match GAME --agents A,B[,...] --games N [--seed S] [--series K]
// [--threads T] [--json]`.
#include "cmd_match.h"

#include <cstdio>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "args.h"
#include "fmt/format.h"
#include "gameai/arena/arena.h"
#include "gameai/base/file_io.h"
#include "gameai/dynamic/spec.h"
#include "gameai/net/tournament_log.h"
#include "gameai/workbench/reports.h"
#include "mpi_match.h"
#include "platform/files.h"
#include "platform/interrupt.h"
#include "progress_bar.h"

namespace gameai::cli {

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
  std::string html_file;
  command.Text("--html", &html_file,
               "write a report page to FILE (a new file): the agents' "
               "ratings, score curves and move times as pictures; needs a "
               "distinct agent at every seat");
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
  const bool html = command.Given("--html");
  if (html) {
    // Checked before the games: a report never replaces a file.
    if (absl::Status free = CheckNewFile(html_file); !free.ok()) {
      return fail(free);
    }
    absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(options.game);
    if (!game.ok()) return fail(game.status());
    const int seats = (*game)->NumPlayers();
    const std::set<std::string> distinct(options.agents.begin(),
                                         options.agents.end());
    if (seats > 1 && (static_cast<int>(distinct.size()) != seats ||
                      options.agents.size() != distinct.size())) {
      return fail(absl::InvalidArgumentError(fmt::format(
          "--html rates one agent per seat: give {} different agent specs "
          "for the {} seats of '{}' (got {})",
          seats, seats, options.game, options.agents.size())));
    }
    options.time_moves = true;
  }
  const bool print_log = options.log_games;
  options.log_games = options.log_games || html;
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
  std::string report;
  if (html) {
    absl::StatusOr<std::string> made =
        MatchReportJson(*result, CommandText("match", argv));
    if (!made.ok()) return fail(made.status());
    report = *std::move(made);
    if (absl::Status written = WriteReportPage(html_file, report);
        !written.ok()) {
      return fail(written);
    }
  }
  if (!print_log) result->game_log.clear();
  if (json) {
    std::string text = MatchResultToJson(*result);
    if (html) {
      // The report's JSON too: everything the page shows.
      text.resize(text.size() - 2);  // "}\n"
      text += ", \"report\": " + report.substr(0, report.size() - 1) + "}\n";
    }
    fmt::print("{}", text);
  } else {
    fmt::print("{}", MatchResultToTable(*result));
  }
  for (const std::string& warning : result->warnings) {
    fmt::print(stderr, "warning: {}\n", warning);
  }
  return 0;
}

}  // namespace gameai::cli
