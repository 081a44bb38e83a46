// `gameai connect HOST:PORT --agent SPEC --token T [--name N] [--retry-ms T]
// [--verbose]`: plays a built-in agent as a remote seat of `gameai serve`.
#include "args.h"
#include "fmt/format.h"
#include "gameai/base/text.h"
#include "gameai/net/client.h"

namespace gameai::cli {

int RunConnect(const std::vector<std::string>& argv) {
  std::string address, agent, token, name = "gameai-connect";
  int64_t retry_ms = 10000;
  bool json = false, verbose = false;
  CommandLine command(
      "connect",
      "Plays the built-in agent SPEC in the seat of a gameai serve "
      "tournament that token T opens (docs/protocol.md); the agent gets the "
      "calls it would get in gameai match. Prints the final standings.");
  command.Positional("HOST:PORT", &address, "the server");
  command.Text("--agent", &agent, "the agent (a spec)", /*required=*/true);
  command.Text("--token", &token, "the seat's token", /*required=*/true);
  command.Text("--name", &name, "the name sent in hello");
  command.Integer("--retry-ms", &retry_ms, 0, 86'400'000,
                  "keep trying to (re)connect this long");
  command.Flag("--json", &json, "the tournament_end message as JSON on stdout");
  command.Flag("--verbose", &verbose,
               "rejected replies and reconnections on stderr");
  if (std::optional<int> done = command.Parse(argv)) return *done;
  const size_t colon = address.rfind(':');
  const std::optional<int64_t> port = colon == std::string::npos
                                          ? std::nullopt
                                          : ParseInt(address.substr(colon + 1));
  if (!port || *port < 1 || *port > 65535 || colon == 0) {
    return Fail(absl::InvalidArgumentError(
        fmt::format("'{}' is not HOST:PORT (e.g. 127.0.0.1:7019)", address)));
  }
  net::ClientOptions options{.host = address.substr(0, colon),
                             .port = static_cast<int>(*port),
                             .agent = agent,
                             .token = token,
                             .name = name,
                             .retry = std::chrono::milliseconds(retry_ms),
                             .verbose = verbose};
  absl::StatusOr<nlohmann::json> end = net::RunClient(options);
  if (!end.ok()) return Fail(end.status());
  if (json) {
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
