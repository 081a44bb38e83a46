// `gameai uecda --agent SPEC [--host H] [--port P] [--name N]
// [--games-log FILE] [--timeout SECONDS] [--seed S]`: plays a whole match
// on a UECda server (protocol 20070) with a daifugo agent; prints the
// points and places per game. Exit 0 at the end of the match, 1 when the
// server closes early, falls silent or breaks the protocol, 2 for bad usage.
// Daifugo brings it to `gameai` as a command of its registry entry.
#include <cerrno>
#include <cstring>
#include <fstream>

#include "fmt/format.h"
#include "gameai/base/text.h"
#include "gameai/daifugo/uecda/client.h"
#include "gameai/dynamic/registry.h"
#include "dynamic/command_line.h"

namespace gameai::uecda {
namespace {

constexpr char kSynopsis[] =
    "--agent SPEC [--host H] [--port P] [--name N] [--games-log FILE] "
    "[--timeout SECONDS] [--seed S]";

int Run(const std::vector<std::string>& argv) {
  ClientOptions options;
  int64_t port = 42485;
  int64_t timeout_seconds = 600;
  uint64_t seed = 0;
  std::string games_log;
  CommandLine command(
      "uecda",
      "Plays a whole match on a UECda Daifugo server (protocol 20070) with "
      "a daifugo agent, then prints the points and places of every game.");
  command.Text("--host", &options.host, "the server");
  command.Integer("--port", &port, 1, 65535, "its port (the server's default)");
  command.Text("--agent", &options.agent,
               "a daifugo agent (gameai agents daifugo)", /*required=*/true);
  command.Text("--name", &options.name,
               "the name sent to the server (it keeps 9 characters)");
  command.Text("--games-log", &games_log,
               "every deal, move and result, appended to FILE");
  command.Integer("--timeout", &timeout_seconds, 1, 86'400,
                  "the longest wait for one message, in seconds");
  command.Seed("--seed", &seed, "the agent's seed");
  command.Footer(
      "Exit status 0 at the end of the match, 1 when the server closes "
      "early, falls silent or breaks the protocol, 2 for bad usage.");
  if (std::optional<int> done = command.Parse(argv)) return *done;
  options.port = static_cast<int>(port);
  options.timeout = Millis(timeout_seconds * 1000);
  options.seed = seed;
  // The agent is checked before the log file is made for it.
  if (absl::StatusOr<std::unique_ptr<Agent>> agent =
          LoadUecdaAgent(options.agent);
      !agent.ok()) {
    fmt::print(stderr, "gameai: {}\n",
               ErrorText(Str(agent.status().message())));
    return kExitUsage;
  }
  std::ofstream log;
  if (!games_log.empty()) {
    // Appended to, never truncated: an existing file keeps its contents.
    errno = 0;
    log.open(games_log, std::ios::app);
    if (!log) {
      fmt::print(stderr, "gameai: uecda: --games-log: cannot open '{}': {}\n",
                 ErrorText(games_log),
                 errno != 0 ? std::strerror(errno) : "unknown reason");
      return kExitFailure;
    }
    options.games_log = &log;
  }
  absl::StatusOr<MatchSummary> summary = PlayMatch(options);
  if (!summary.ok()) {
    fmt::print(stderr, "gameai: uecda: {}\n",
               ErrorText(Str(summary.status().message())));
    return ExitCodeFor(summary.status());
  }
  fmt::print("{}", SummaryText(*summary));
  if (!summary->games_log_error.empty()) {
    fmt::print(stderr,
               "gameai: uecda: the games log stopped taking lines "
               "(the match was played without it): {}\n",
               summary->games_log_error);
    return kExitFailure;
  }
  return 0;
}

}  // namespace

CommandEntry UecdaCommand() {
  return {.name = "uecda",
          .synopsis = kSynopsis,
          .help = "play a match on a UECda server",
          .run = Run};
}

}  // namespace gameai::uecda
