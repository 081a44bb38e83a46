// gameai/net/client.h: `gameai connect`: plays a built-in agent as a
// remote seat of a `gameai serve` tournament (docs/protocol.md). The agent
// gets exactly the calls it would get in-process: every view is rebuilt
// with Game::DeserializeState from the view's "state" (games whose views
// hide cards, Daifugo, cannot be rebuilt: an error says so). The agent
// instance lives for the whole tournament, across reconnections.
#ifndef GAMEAI_NET_CLIENT_H_
#define GAMEAI_NET_CLIENT_H_

#include <chrono>
#include <string>

#include "absl/status/statusor.h"
#include "nlohmann/json.hpp"

namespace gameai::net {

struct ClientOptions {
  std::string host = "127.0.0.1";
  int port = 7019;
  std::string agent;  // spec
  std::string token;
  std::string name = "gameai-connect";
  // retry: how long to keep trying to (re)connect after the connection is
  // lost or refused (0: give up at once).
  std::chrono::milliseconds retry{10000};
  bool verbose = false;  // rejected replies and reconnections on stderr
};

// RunClient: the "tournament_end" message. Errors: the server's "error"
// message (a wrong token, ...), a bad agent spec, or no server within
// `retry`.
absl::StatusOr<nlohmann::json> RunClient(const ClientOptions& options);

}  // namespace gameai::net

#endif  // GAMEAI_NET_CLIENT_H_
