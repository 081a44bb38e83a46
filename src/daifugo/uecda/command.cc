// `gameai uecda --agent SPEC [--host H] [--port P] [--name N]
// [--games-log FILE] [--timeout SECONDS] [--seed S]`: plays a whole match
// on a UECda server (protocol 20070) with a daifugo agent; prints the
// points and places per game. Exit 0 at the end of the match, 1 when the
// server closes early, falls silent or breaks the protocol, 2 for bad usage.
// Daifugo brings it to `gameai` as a command of its registry entry.
#include <cerrno>
#include <cstring>
#include <fstream>

#include "CLI/CLI.hpp"
#include "fmt/format.h"
#include "gameai/base/text.h"
#include "gameai/daifugo/uecda/client.h"
#include "gameai/dynamic/registry.h"

namespace gameai::uecda {
namespace {

constexpr int kExitUsage = 2;
constexpr int kExitFailure = 1;

constexpr char kSynopsis[] =
    "--agent SPEC [--host H] [--port P] [--name N] [--games-log FILE] "
    "[--timeout SECONDS] [--seed S]";

int Run(const std::vector<std::string>& argv) {
  ClientOptions options;
  int port = 42485;
  int timeout_seconds = 600;
  uint64_t seed = 0;
  std::string games_log;
  CLI::App app(
      "Plays a whole match on a UECda Daifugo server (protocol 20070) with "
      "a daifugo agent, then prints the points and places of every game.",
      "gameai uecda");
  app.add_option("--host", options.host, "the server")->capture_default_str();
  app.add_option("--port", port, "its port (the server's default)")
      ->check(CLI::Range(1, 65535))
      ->capture_default_str();
  app.add_option("--agent", options.agent,
                 "a daifugo agent (gameai agents daifugo)")
      ->required();
  app.add_option("--name", options.name,
                 "the name sent to the server (it keeps 9 characters)")
      ->capture_default_str();
  app.add_option("--games-log", games_log,
                 "every deal, move and result, appended to FILE");
  app.add_option("--timeout", timeout_seconds,
                 "the longest wait for one message, in seconds")
      ->check(CLI::Range(1, 86'400))
      ->capture_default_str();
  app.add_option("--seed", seed, "the agent's seed")->capture_default_str();
  app.footer(
      "Exit status 0 at the end of the match, 1 when the server closes "
      "early, falls silent or breaks the protocol, 2 for bad usage.");
  try {
    std::vector<std::string> reversed(argv.rbegin(), argv.rend());
    app.parse(reversed);
  } catch (const CLI::CallForHelp&) {
    fmt::print("{}", app.help());
    return 0;
  } catch (const CLI::ParseError& e) {
    fmt::print(stderr, "gameai: uecda: {}\nusage: gameai uecda {}\n",
               ErrorText(e.what()), kSynopsis);
    return kExitUsage;
  }
  options.port = port;
  options.timeout = Millis(int64_t{timeout_seconds} * 1000);
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
    // As the CLI's ExitCodeFor (src/cli/args.cc) maps a status.
    const absl::Status& s = summary.status();
    return absl::IsInvalidArgument(s) || absl::IsNotFound(s) ||
                   absl::IsUnimplemented(s) || absl::IsOutOfRange(s)
               ? kExitUsage
               : kExitFailure;
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
