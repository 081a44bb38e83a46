// `gameai uecda --agent SPEC [--host H] [--port P] [--name N]
// [--games-log FILE] [--timeout SECONDS] [--seed S]`: plays a whole match
// on a UECda server (protocol 20070) with a daifugo agent; prints the
// points and places per game. Exit 0 at the end of the match, 1 when the server
// closes early, falls silent or breaks the protocol, 2 for bad usage.
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>

#include "args.h"
#include "fmt/format.h"
#include "gameai/core/text.h"
#include "gameai/uecda/client.h"

namespace gameai::cli {
namespace {

constexpr char kUsage[] =
    "usage: gameai uecda --agent SPEC [--host H] [--port P] [--name N] "
    "[--games-log FILE] [--timeout SECONDS] [--seed S]";

// kHelp: what --help prints after kUsage.
constexpr char kHelp[] =
    "Plays a whole match on a UECda Daifugo server (protocol 20070) with a\n"
    "daifugo agent, then prints the points and places of every game.\n"
    "\n"
    "options:\n"
    "  --host H            the server (default 127.0.0.1)\n"
    "  --port P            its port, 1..65535 (default 42485, the server's)\n"
    "  --agent SPEC        a daifugo agent (gameai agents daifugo)\n"
    "  --name N            the name sent to the server (default gameai; it\n"
    "                      keeps 9 characters)\n"
    "  --games-log FILE    every deal, move and result, appended to FILE\n"
    "  --timeout SECONDS   the longest wait for one message (default 600)\n"
    "  --seed S            the agent's seed (default 0)\n"
    "  --help              this text\n"
    "\n"
    "Exit status 0 at the end of the match, 1 when the server closes early,\n"
    "falls silent or breaks the protocol, 2 for bad usage.\n";

}  // namespace

int RunUecda(const std::vector<std::string>& argv) {
  absl::StatusOr<Args> args = ParseArgs(
      argv, {"host", "port", "agent", "name", "games-log", "timeout", "seed"},
      {"help"});
  if (!args.ok()) return Fail(args.status());
  if (args->switches.count("help")) {
    fmt::print("{}\n\n{}", kUsage, kHelp);
    return 0;
  }
  if (!args->positional.empty() || !args->values.count("agent")) {
    return Fail(absl::InvalidArgumentError(kUsage));
  }
  uecda::ClientOptions options;
  if (args->values.count("host")) options.host = args->values["host"];
  options.agent = args->values["agent"];
  if (args->values.count("name")) options.name = args->values["name"];
  absl::StatusOr<int64_t> port = args->Int("port", 42485, 1, 65535);
  if (!port.ok()) return Fail(port.status());
  absl::StatusOr<int64_t> timeout = args->Int("timeout", 600, 1, 86'400);
  if (!timeout.ok()) return Fail(timeout.status());
  absl::StatusOr<uint64_t> seed = args->Seed("seed", 0);
  if (!seed.ok()) return Fail(seed.status());
  options.port = static_cast<int>(*port);
  options.timeout = uecda::Millis(*timeout * 1000);
  options.seed = static_cast<uint64_t>(*seed);
  // The agent is checked before the log file is made for it.
  if (absl::StatusOr<std::unique_ptr<Agent>> agent =
          uecda::LoadUecdaAgent(options.agent);
      !agent.ok()) {
    return Fail(agent.status());
  }
  std::ofstream log;
  if (args->values.count("games-log")) {
    // Appended to, never truncated: an existing file keeps its contents.
    const std::string& path = args->values["games-log"];
    errno = 0;
    log.open(path, std::ios::app);
    if (!log) {
      fmt::print(stderr, "gameai: uecda: --games-log: cannot open '{}': {}\n",
                 ErrorText(path),
                 errno != 0 ? std::strerror(errno) : "unknown reason");
      return kExitFailure;
    }
    options.games_log = &log;
  }
  absl::StatusOr<uecda::MatchSummary> summary = uecda::PlayMatch(options);
  if (!summary.ok()) {
    fmt::print(stderr, "gameai: uecda: {}\n",
               ErrorText(Str(summary.status().message())));
    return ExitCodeFor(summary.status());
  }
  fmt::print("{}", uecda::SummaryText(*summary));
  if (!summary->games_log_error.empty()) {
    fmt::print(stderr,
               "gameai: uecda: the games log stopped taking lines "
               "(the match was played without it): {}\n",
               summary->games_log_error);
    return kExitFailure;
  }
  return 0;
}

}  // namespace gameai::cli
