// `gameai tournament GAME --agents A,B,C,... [--format round-robin|gauntlet]
// [--games-per-pairing N] [--seed S] [--threads T] [--random-opening P]
// [--anchor SPEC] [--json] [--html FILE]`.
#include <optional>
#include <string>
#include <vector>

#include "args.h"
#include "fmt/format.h"
#include "gameai/base/file_io.h"
#include "gameai/dynamic/spec.h"
#include "gameai/workbench/reports.h"
#include "gameai/workbench/tournament.h"
#include "mpi_ranks.h"
#include "mpi_tournament.h"
#include "platform/interrupt.h"
#include "progress_bar.h"

namespace gameai::cli {

int RunTournament(const std::vector<std::string>& argv) {
  // Under mpirun only rank 0 speaks, as in `match` (cmd_match.cc).
  const bool quiet = LaunchedAsOtherRank();
  auto fail = [quiet](const absl::Status& status) {
    return quiet ? 0 : Fail(status);
  };
  TournamentOptions options;
  std::string agents, format = "round-robin", html_file;
  int64_t games = options.games_per_pairing, threads = 1, opening = 0;
  bool json = false;
  CommandLine command(
      "tournament",
      "Plays a round robin (every pairing) or a gauntlet (the first agent "
      "against each other) of GAME and rates the agents on the Elo scale "
      "with 95% intervals. Two-player pairings play their games in pairs, "
      "seats swapped on the same seed and opening; games of more players "
      "seat every subset of the agents in every cyclic order.");
  command.Positional("GAME", &options.game, "the game (a spec)");
  command.Text("--agents", &agents,
               "the agents A,B,C,... (distinct specs; gameai agents GAME "
               "lists them)",
               /*required=*/true);
  command.Text("--format", &format, "round-robin or gauntlet");
  command.Integer("--games-per-pairing", &games, 1, kMaxGamesPerPairing,
                  "games of every pairing (table), rounded up to whole seat "
                  "rotations");
  command.Seed("--seed", &options.seed, "the tournament's seed");
  command.Integer("--threads", &threads, 1, kMaxMatchThreads,
                  "tables played at once (no result depends on it)");
  command.Integer("--random-opening", &opening, 0, kMaxRandomOpening,
                  "random moves at the start of every game (the same for "
                  "both games of a pair)");
  command.Text("--anchor", &options.anchor,
               "the agent rated 0 (default: random when listed, else the "
               "first)");
  command.Flag("--json", &json, "the results as JSON on stdout");
  command.Text("--html", &html_file,
               "write a report page to FILE (a new file): ratings with "
               "error bars, pairwise heat map, score curves, move times");
  if (std::optional<int> done = command.Parse(argv, quiet)) {
    return quiet ? 0 : *done;
  }
  absl::StatusOr<TournamentFormat> parsed = ParseTournamentFormat(format);
  if (!parsed.ok()) return fail(parsed.status());
  options.format = *parsed;
  absl::StatusOr<std::vector<std::string>> specs = SplitTopLevel(agents);
  if (!specs.ok()) return fail(specs.status());
  options.agents = *std::move(specs);
  options.games_per_pairing = games;
  options.threads = static_cast<int>(threads);
  options.random_opening = static_cast<int>(opening);
  options.command = CommandText("tournament", argv);
  const bool html = command.Given("--html");
  if (html && !quiet) {
    if (absl::Status free = CheckNewFile(html_file); !free.ok()) {
      return fail(free);
    }
  }
  const bool distributed = LaunchedUnderMpi();
  ProgressBar progress(distributed ? " on rank 0" : "");
  options.on_progress = [&progress](int64_t done, int64_t total) {
    progress.Update(done, total);
  };
  platform::CatchInterrupt();
  options.cancelled = [] { return platform::Interrupted(); };
  absl::StatusOr<TournamentResult> result;
  if (distributed) {
    RankedTournament ranked = RunTournamentOnRanks(options);
    if (!ranked.root) return 0;  // rank 0 speaks for the job
    result = std::move(ranked.result);
  } else {
    result = RunTournament(options);
  }
  if (!result.ok()) return fail(result.status());
  const std::string report = TournamentResultToJson(*result);
  if (absl::Status done = FinishReport(
          report, TournamentResultToTable(*result), json,
          html ? std::optional<std::string>(html_file) : std::nullopt);
      !done.ok()) {
    return fail(done);
  }
  for (const std::string& warning : result->warnings) {
    fmt::print(stderr, "warning: {}\n", warning);
  }
  return 0;
}

}  // namespace gameai::cli
