// `gameai connect HOST:PORT --agent SPEC --token T [--name N] [--retry-ms T]
// [--verbose]`: plays a built-in agent as a remote seat of `gameai serve`.
#include "args.h"
#include "fmt/format.h"
#include "gameai/base/text.h"
#include "gameai/net/client.h"

namespace gameai::cli {
namespace {

constexpr char kHelp[] =
    "usage: gameai connect HOST:PORT --agent SPEC --token T [options]\n"
    "\n"
    "Plays the built-in agent SPEC in the seat of a gameai serve tournament\n"
    "that token T opens (docs/protocol.md); the agent gets the calls it would\n"
    "get in gameai match. Prints the final standings.\n"
    "\n"
    "options:\n"
    "  --agent SPEC      the agent (required)\n"
    "  --token T         the seat's token (required)\n"
    "  --name N          the name sent in hello (default gameai-connect)\n"
    "  --retry-ms T      keep trying to (re)connect this long (default "
    "10000)\n"
    "  --json            the tournament_end message as JSON on stdout\n"
    "  --verbose         rejected replies and reconnections on stderr\n"
    "  --help            this text\n";

}  // namespace

int RunConnect(const std::vector<std::string>& argv) {
  absl::StatusOr<Args> args =
      ParseArgs(argv, {"agent", "token", "name", "retry-ms"},
                {"json", "verbose", "help"});
  if (!args.ok()) return Fail(args.status());
  if (args->switches.count("help")) {
    fmt::print("{}", kHelp);
    return 0;
  }
  if (args->positional.size() != 1 || !args->values.count("agent") ||
      !args->values.count("token")) {
    return Fail(absl::InvalidArgumentError(
        "usage: gameai connect HOST:PORT --agent SPEC --token T "
        "(gameai connect --help)"));
  }
  const std::string& address = args->positional[0];
  const size_t colon = address.rfind(':');
  const std::optional<int64_t> port = colon == std::string::npos
                                          ? std::nullopt
                                          : ParseInt(address.substr(colon + 1));
  if (!port || *port < 1 || *port > 65535 || colon == 0) {
    return Fail(absl::InvalidArgumentError(
        fmt::format("'{}' is not HOST:PORT (e.g. 127.0.0.1:7019)", address)));
  }
  absl::StatusOr<int64_t> retry = args->Int("retry-ms", 10000, 0, 86'400'000);
  if (!retry.ok()) return Fail(retry.status());
  net::ClientOptions options{.host = address.substr(0, colon),
                             .port = static_cast<int>(*port),
                             .agent = args->values["agent"],
                             .token = args->values["token"],
                             .name = args->values.count("name")
                                         ? args->values["name"]
                                         : "gameai-connect",
                             .retry = std::chrono::milliseconds(*retry),
                             .verbose = args->switches.count("verbose") > 0};
  absl::StatusOr<nlohmann::json> end = net::RunClient(options);
  if (!end.ok()) return Fail(end.status());
  if (args->switches.count("json")) {
    fmt::print("{}\n", end->dump(2));
  } else {
    // The server's standings, shown as they came: fields of another type
    // are printed as JSON rather than trusted.
    const nlohmann::json& standings = (*end)["standings"];
    auto field = [&](const char* key) {
      if (!standings.contains(key)) return std::string("?");
      const nlohmann::json& value = standings[key];
      return value.is_string() ? Printable(value.get<std::string>())
                               : value.dump();
    };
    fmt::print("tournament over: {} games, winner {}\n", field("games"),
               field("winner"));
  }
  return 0;
}

}  // namespace gameai::cli
