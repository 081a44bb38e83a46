// `gameai sprt GAME --agents NEW,BASE --elo0 E0 --elo1 E1 [--alpha A]
// [--beta B] [--max-games N] [--seed S] [--threads T] [--random-opening P]
// [--json] [--html FILE]`.
#include <optional>
#include <string>
#include <vector>

#include "args.h"
#include "fmt/format.h"
#include "gameai/base/file_io.h"
#include "gameai/dynamic/spec.h"
#include "gameai/workbench/reports.h"
#include "gameai/workbench/sprt.h"
#include "mpi_ranks.h"
#include "platform/interrupt.h"
#include "progress_bar.h"

namespace gameai::cli {

int RunSprt(const std::vector<std::string>& argv) {
  SprtOptions options;
  std::string agents, html_file;
  int64_t max_games = options.max_games, threads = 1, opening = 0;
  bool json = false;
  CommandLine command(
      "sprt",
      "Sequential probability ratio test: plays NEW against BASE until the "
      "results say H1 (NEW is elo1 stronger) or H0 (elo0), with error rates "
      "alpha and beta. Two-player games are played in pairs, seats swapped "
      "on the same seed and opening (pentanomial model); other games one by "
      "one (trinomial).");
  command.Positional("GAME", &options.game, "the game (a spec)");
  command.Text("--agents", &agents, "NEW,BASE: two agent specs",
               /*required=*/true);
  command.Number("--elo0", &options.elo0, -1000, 1000,
                 "H0: NEW is this much stronger (Elo)");
  command.Number("--elo1", &options.elo1, -1000, 1000,
                 "H1: NEW is this much stronger (Elo), more than elo0");
  command.Number("--alpha", &options.alpha, 0, 0.5,
                 "the chance of accepting H1 when H0 holds", true, true);
  command.Number("--beta", &options.beta, 0, 0.5,
                 "the chance of accepting H0 when H1 holds", true, true);
  command.Integer("--max-games", &max_games, 1, kMaxSprtGames,
                  "stop without a decision after this many games");
  command.Seed("--seed", &options.seed, "the test's seed");
  command.Integer("--threads", &threads, 1, kMaxMatchThreads,
                  "batches of games played at once (no result depends on "
                  "it)");
  command.Integer("--random-opening", &opening, 0, kMaxRandomOpening,
                  "random moves at the start of every game (the same for "
                  "both games of a pair)");
  command.Flag("--json", &json, "the result as JSON on stdout");
  command.Text("--html", &html_file,
               "write a report page to FILE (a new file): the LLR path "
               "between its bounds, results, move times");
  if (std::optional<int> done = command.Parse(argv)) return *done;
  if (LaunchedUnderMpi()) {
    return Fail(absl::UnimplementedError(
        "sprt does not spread over MPI ranks (it looks at every game pair "
        "in turn); run it without mpirun: --threads T plays batches side "
        "by side"));
  }
  absl::StatusOr<std::vector<std::string>> specs = SplitTopLevel(agents);
  if (!specs.ok()) return Fail(specs.status());
  if (specs->size() != 2) {
    return Fail(absl::InvalidArgumentError(
        fmt::format("--agents: {} specs given; accepted: exactly two, NEW,BASE",
                    specs->size())));
  }
  options.new_agent = (*specs)[0];
  options.base_agent = (*specs)[1];
  options.max_games = max_games;
  options.threads = static_cast<int>(threads);
  options.random_opening = static_cast<int>(opening);
  options.command = CommandText("sprt", argv);
  const bool html = command.Given("--html");
  if (html) {
    if (absl::Status free = CheckNewFile(html_file); !free.ok()) {
      return Fail(free);
    }
  }
  ProgressBar progress("");
  options.on_progress = [&progress, &options](int64_t games) {
    progress.Update(games, options.max_games);
  };
  platform::CatchInterrupt();
  options.cancelled = [] { return platform::Interrupted(); };
  absl::StatusOr<SprtResult> result = RunSprt(options);
  if (!result.ok()) return Fail(result.status());
  const std::string report = SprtResultToJson(*result);
  if (absl::Status done = FinishReport(
          report, SprtResultToTable(*result), json,
          html ? std::optional<std::string>(html_file) : std::nullopt);
      !done.ok()) {
    return Fail(done);
  }
  return 0;
}

}  // namespace gameai::cli
