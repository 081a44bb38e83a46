// gameai/daifugo/uecda/connection.h: one TCP connection of the UECda protocol
// (docs/uecda.md) over standalone Asio, every read and
// write bounded by a timeout. Tables go out in one write of 480 bytes (the
// server reads each with a single read()); reads loop until the whole
// message is in, however the bytes arrive. Loopback and IPv4 only.
#ifndef GAMEAI_DAIFUGO_UECDA_CONNECTION_H_
#define GAMEAI_DAIFUGO_UECDA_CONNECTION_H_

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "gameai/daifugo/uecda/table.h"

namespace gameai::uecda {

using Millis = std::chrono::milliseconds;

class Connection {
 public:
  // Connect: to host:port (an IPv4 address or a name that resolves to one).
  static absl::StatusOr<std::unique_ptr<Connection>> Connect(
      const std::string& host, int port, Millis timeout);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Each call fails with DeadlineExceeded after `timeout`, Unavailable
  // when the peer closed the connection (naming `what` was awaited).
  absl::Status WriteTable(const Table& table, Millis timeout);
  absl::Status WriteInt(uint32_t value, Millis timeout);
  // WriteBytes: raw bytes (tests: fragments and garbage).
  absl::Status WriteBytes(const uint8_t* data, size_t size, Millis timeout);
  absl::StatusOr<Table> ReadTable(Millis timeout, const char* what);
  absl::StatusOr<uint32_t> ReadInt(Millis timeout, const char* what);
  void Close();

  struct Impl;

 private:
  friend class Listener;
  explicit Connection(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// Listener: accepts connections on 127.0.0.1 (port 0: an ephemeral one),
// for test servers.
class Listener {
 public:
  static absl::StatusOr<std::unique_ptr<Listener>> Open(int port);
  ~Listener();
  int port() const;
  absl::StatusOr<std::unique_ptr<Connection>> Accept(Millis timeout);

  struct Impl;

 private:
  explicit Listener(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace gameai::uecda

#endif  // GAMEAI_DAIFUGO_UECDA_CONNECTION_H_
