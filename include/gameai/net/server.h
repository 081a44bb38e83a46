// gameai/net/server.h: the network side of `gameai serve`
// (docs/protocol.md): accepts TCP connections on standalone Asio, binds
// each to a remote seat by its secret token, and passes newline-delimited
// JSON between the seats and the arena's thread.
//
// Threads: one network thread runs every connection; the arena's thread
// calls Send / Ask, which never wait on a socket (messages are queued per
// connection; a connection whose queue outgrows max_queued_bytes is a
// slow reader and is closed), only on the seat's reply up to its deadline.
//
// Limits: at most max_connections open connections (more get an error and
// are closed), lines of at most max_message_bytes, a hello within
// hello_timeout. Every bad input gets an "error" message (before hello:
// then the connection is closed) or a "rejected" one (a seated client:
// counted against its seat); nothing a client sends stops the server.
#ifndef GAMEAI_NET_SERVER_H_
#define GAMEAI_NET_SERVER_H_

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "gameai/base/types.h"
#include "nlohmann/json.hpp"

namespace gameai::net {

using Millis = std::chrono::milliseconds;

inline constexpr int kProtocolVersion = 1;

struct ServerOptions {
  std::string bind = "127.0.0.1";
  int port = 7019;  // 0: an ephemeral port (see TournamentServer::port)
  int max_connections = 64;
  size_t max_message_bytes = 64 * 1024;
  // max_queued_bytes: a client's unsent messages at most (then it is a
  // slow reader and closed); its kernel send buffer is set to the same
  // bound, at most 1 MiB (which Linux doubles), so a client that never
  // reads holds at most about three times this on the server.
  size_t max_queued_bytes = 8 * 1024 * 1024;
  Millis hello_timeout{5000};
};

// RemoteSeat: one seat played over the network.
struct RemoteSeat {
  int participant = 0;  // its table slot
  std::string label;    // its name in the standings
  std::string token;
};

// SeatCounters: what went wrong with one remote seat's connections.
struct SeatCounters {
  int64_t connects = 0;
  int64_t moves = 0;               // replies accepted in time
  int64_t illegal = 0;             // actions that were not legal
  int64_t malformed = 0;           // messages that were not the protocol
  int64_t timeouts = 0;            // moves not answered by the deadline
  int64_t late = 0;                // replies to a request no longer open
  int64_t disconnected_moves = 0;  // moves asked while no client was there
  int64_t declined = 0;            // replies that said "error"
  int64_t slow_reader_drops = 0;
  // reply_micros: the sum over accepted replies of the time from sending
  // the request to reading the reply (the client's thinking included).
  int64_t reply_micros = 0;
};

// AskResult: a seat's reply to one request.
struct AskResult {
  absl::StatusOr<Action> action;
  int64_t request = 0;  // 0 when nothing was sent
};

class TournamentServer {
 public:
  // Start: listens on options.bind:port and starts the network thread.
  // `welcome` is sent to every seat after its hello, with "participant",
  // "label" and "protocol" added.
  static absl::StatusOr<std::unique_ptr<TournamentServer>> Start(
      const ServerOptions& options, std::vector<RemoteSeat> seats,
      nlohmann::json welcome);
  ~TournamentServer();  // closes every connection, stops the thread
  TournamentServer(const TournamentServer&) = delete;
  TournamentServer& operator=(const TournamentServer&) = delete;

  int port() const;
  // WaitForSeats: true once every remote seat has a client, false when
  // `timeout` passes first.
  bool WaitForSeats(Millis timeout);

  // Send: queues `message` for the participant's client (dropped when none
  // is connected).
  void Send(int participant, const nlohmann::json& message);
  // SetGameStart: `message` is sent now and again to a client that
  // connects during this game (so that it can seat its agent).
  void SetGameStart(int participant, const nlohmann::json& message);
  // Ask: sends the "act" request `act` (request id and deadline added)
  // unless one for the same `key` is already open, then, with `wait`,
  // waits for the reply up to `deadline` after sending (without `wait`
  // the result holds only the request id). Errors:
  // Unavailable (no client), DeadlineExceeded, InvalidArgument (a
  // malformed or declined reply); each is counted.
  AskResult Ask(int participant, const std::string& key, nlohmann::json act,
                Millis deadline, bool wait);
  // Reject: tells the client its reply to `request` was rejected and why,
  // counting an illegal action.
  void Reject(int participant, int64_t request, const std::string& reason);
  // Finish: sends each client `messages[participant]`, waits up to `flush`
  // for the queues to drain, and closes every connection.
  void Finish(const std::vector<nlohmann::json>& messages, Millis flush);

  SeatCounters Counters(int participant) const;
  int64_t refused_connections() const;

  struct Impl;

 private:
  explicit TournamentServer(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace gameai::net

#endif  // GAMEAI_NET_SERVER_H_
