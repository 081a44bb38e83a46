#include "gameai/daifugo/uecda/connection.h"

#include <optional>

#include "asio.hpp"
#include "fmt/format.h"

namespace gameai::uecda {
namespace {

// Run: starts one asynchronous operation and runs `io` until it completes
// or `timeout` passes; then the socket is closed so that nothing waits on.
template <class Socket, class Start>
absl::Status Run(asio::io_context& io, Socket& socket, Millis timeout,
                 std::string_view what, Start start) {
  std::optional<asio::error_code> result;
  io.restart();
  start([&](const asio::error_code& ec, auto&&...) { result = ec; });
  io.run_for(timeout);
  if (!result) {
    asio::error_code ignored;
    socket.close(ignored);
    io.restart();
    io.run();
    return absl::DeadlineExceededError(
        fmt::format("no {} within {} ms", what, timeout.count()));
  }
  if (!*result) return absl::OkStatus();
  if (*result == asio::error::eof || *result == asio::error::connection_reset ||
      *result == asio::error::broken_pipe) {
    return absl::UnavailableError(
        fmt::format("the peer closed the connection (awaiting {})", what));
  }
  return absl::UnavailableError(fmt::format("{}: {}", what, result->message()));
}

}  // namespace

struct Connection::Impl {
  asio::io_context io;
  asio::ip::tcp::socket socket{io};
};

struct Listener::Impl {
  asio::io_context io;
  asio::ip::tcp::acceptor acceptor{io};
};

Connection::Connection(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Connection::~Connection() { Close(); }

void Connection::Close() {
  asio::error_code ignored;
  impl_->socket.shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
  impl_->socket.close(ignored);
}

absl::StatusOr<std::unique_ptr<Connection>> Connection::Connect(
    const std::string& host, int port, Millis timeout) {
  auto impl = std::make_unique<Impl>();
  asio::ip::tcp::resolver resolver(impl->io);
  asio::error_code ec;
  const auto endpoints =
      resolver.resolve(asio::ip::tcp::v4(), host, std::to_string(port), ec);
  if (ec) {
    return absl::InvalidArgumentError(fmt::format(
        "cannot resolve host '{}' to an IPv4 address: {}", host, ec.message()));
  }
  absl::Status s =
      Run(impl->io, impl->socket, timeout,
          fmt::format("connection to {}:{}", host, port), [&](auto handler) {
            asio::async_connect(impl->socket, endpoints, handler);
          });
  if (!s.ok()) return s;
  impl->socket.set_option(asio::ip::tcp::no_delay(true), ec);
  return std::unique_ptr<Connection>(new Connection(std::move(impl)));
}

absl::Status Connection::WriteBytes(const uint8_t* data, size_t size,
                                    Millis timeout) {
  return Run(impl_->io, impl_->socket, timeout, "a write", [&](auto handler) {
    asio::async_write(impl_->socket, asio::buffer(data, size), handler);
  });
}

absl::Status Connection::WriteTable(const Table& table, Millis timeout) {
  const TableBytes bytes = EncodeTable(table);
  return WriteBytes(bytes.data(), bytes.size(), timeout);
}

absl::Status Connection::WriteInt(uint32_t value, Millis timeout) {
  const uint8_t bytes[4] = {
      static_cast<uint8_t>(value >> 24), static_cast<uint8_t>(value >> 16),
      static_cast<uint8_t>(value >> 8), static_cast<uint8_t>(value)};
  return WriteBytes(bytes, 4, timeout);
}

absl::StatusOr<Table> Connection::ReadTable(Millis timeout, const char* what) {
  TableBytes bytes;
  absl::Status s =
      Run(impl_->io, impl_->socket, timeout, what, [&](auto handler) {
        asio::async_read(impl_->socket, asio::buffer(bytes), handler);
      });
  if (!s.ok()) return s;
  return DecodeTable(bytes);
}

absl::StatusOr<uint32_t> Connection::ReadInt(Millis timeout, const char* what) {
  uint8_t b[4];
  absl::Status s =
      Run(impl_->io, impl_->socket, timeout, what, [&](auto handler) {
        asio::async_read(impl_->socket, asio::buffer(b, 4), handler);
      });
  if (!s.ok()) return s;
  return uint32_t{b[0]} << 24 | uint32_t{b[1]} << 16 | uint32_t{b[2]} << 8 |
         uint32_t{b[3]};
}

Listener::Listener(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Listener::~Listener() {
  asio::error_code ignored;
  impl_->acceptor.close(ignored);
}

absl::StatusOr<std::unique_ptr<Listener>> Listener::Open(int port) {
  auto impl = std::make_unique<Impl>();
  asio::error_code ec;
  const asio::ip::tcp::endpoint endpoint(asio::ip::address_v4::loopback(),
                                         static_cast<uint16_t>(port));
  impl->acceptor.open(endpoint.protocol(), ec);
  if (!ec)
    impl->acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) impl->acceptor.bind(endpoint, ec);
  if (!ec) impl->acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) {
    return absl::UnavailableError(
        fmt::format("cannot listen on 127.0.0.1:{}: {}", port, ec.message()));
  }
  return std::unique_ptr<Listener>(new Listener(std::move(impl)));
}

int Listener::port() const { return impl_->acceptor.local_endpoint().port(); }

absl::StatusOr<std::unique_ptr<Connection>> Listener::Accept(Millis timeout) {
  auto conn = std::make_unique<Connection::Impl>();
  // The accepted socket runs on its own context; accepting uses ours.
  // (Accepting straight into it: Windows cannot move a socket between
  // contexts, asio's release() being unsupported there.)
  absl::Status s =
      Run(impl_->io, impl_->acceptor, timeout, "a client", [&](auto handler) {
        impl_->acceptor.async_accept(conn->socket, handler);
      });
  if (!s.ok()) return s;  // after a timeout the listener is closed
  asio::error_code ec;
  conn->socket.set_option(asio::ip::tcp::no_delay(true), ec);
  return std::unique_ptr<Connection>(new Connection(std::move(conn)));
}

}  // namespace gameai::uecda
