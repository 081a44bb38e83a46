#include "gameai/net/server.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <variant>

#include "asio.hpp"
#include "fmt/format.h"
#include "gameai/base/text.h"

namespace gameai::net {
namespace {

// Shown: a client's text for a message or the operator's report: quoted,
// control characters escaped as \xNN (no terminal codes or forged lines
// reach the operator's screen), at most kShownBytes of it.
std::string Shown(const std::string& text) {
  constexpr size_t kShownBytes = 200;
  return fmt::format("\"{}\"{}", Printable(text.substr(0, kShownBytes)),
                     text.size() > kShownBytes ? "..." : "");
}

// IdOf: an integer field as int64, or nullopt when it is none or does not
// fit (2**64 - 1 would wrap to -1).
std::optional<int64_t> IdOf(const nlohmann::json& message, const char* key) {
  if (!message.contains(key) || !message[key].is_number_integer()) {
    return std::nullopt;
  }
  const nlohmann::json& value = message[key];
  if (value.is_number_unsigned() &&
      value.get<uint64_t>() >
          static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
    return std::nullopt;
  }
  return value.get<int64_t>();
}

using asio::ip::tcp;
using Clock = std::chrono::steady_clock;
using nlohmann::json;

// kMaxSendBuffer: the largest kernel send buffer a connection gets.
constexpr size_t kMaxSendBuffer = 1 << 20;

std::string Line(const json& message) { return message.dump() + "\n"; }

json ErrorMessage(const std::string& text) {
  return {{"type", "error"}, {"message", text}};
}

}  // namespace

class Session;

struct TournamentServer::Impl {
  // Pending: the seat's open request (at most one).
  struct Pending {
    int64_t id = 0;
    std::string key;
    bool open = false;
    Clock::time_point sent;
    std::optional<absl::StatusOr<Action>> reply;
  };
  struct Seat {
    RemoteSeat info;
    std::shared_ptr<Session> session;
    std::string welcome_line;
    std::string game_start_line;
    Pending pending;
    SeatCounters counters;
  };

  ServerOptions options;
  // Before io: sessions still queued in it at its end count themselves out.
  std::atomic<int> connections{0};
  std::atomic<int64_t> refused{0};
  asio::io_context io;
  tcp::acceptor acceptor{io};
  std::thread thread;

  mutable std::mutex mu;
  std::condition_variable cv;
  std::map<int, Seat> seats;  // by participant
  int64_t next_request = 0;

  void Accept();
  // Attach: the seat of `token` for `session`, or an error text.
  std::variant<int, std::string> Attach(const std::string& token,
                                        const std::shared_ptr<Session>& s,
                                        std::vector<std::string>& to_send);
  void Detach(int participant, const Session* s);
  void OnAction(int participant, int64_t request,
                absl::StatusOr<Action> action);
  void OnMalformed(int participant, const std::string& reason);
  void SendLocked(Seat& seat, std::string line);
};

// Session: one connection; every member runs on the network thread
// except Post.
class Session : public std::enable_shared_from_this<Session> {
 public:
  Session(TournamentServer::Impl& server, tcp::socket socket)
      : server_(server),
        socket_(std::move(socket)),
        buffer_(server.options.max_message_bytes),
        hello_timer_(server.io) {}
  ~Session() { --server_.connections; }

  void Start() {
    asio::error_code ec;
    socket_.set_option(tcp::no_delay(true), ec);
    // The kernel's buffer for what the client has not read is bounded
    // too (else it grows to megabytes before the queue's cap can see a
    // slow reader).
    const size_t send_buffer =
        std::min(server_.options.max_queued_bytes, kMaxSendBuffer);
    socket_.set_option(
        asio::socket_base::send_buffer_size(static_cast<int>(send_buffer)), ec);
    hello_timer_.expires_after(server_.options.hello_timeout);
    hello_timer_.async_wait([self = shared_from_this()](asio::error_code ec) {
      if (!ec && self->participant_ < 0) {
        self->CloseWithError(
            fmt::format("no hello within {} ms",
                        self->server_.options.hello_timeout.count()));
      }
    });
    Read();
  }

  // Post: queues `line` from any thread.
  void Post(std::string line) {
    asio::post(server_.io, [self = shared_from_this(), l = std::move(line)] {
      self->Deliver(l);
    });
  }

  void Deliver(const std::string& line) {
    if (closed_ || closing_) return;
    if (queued_ + line.size() > server_.options.max_queued_bytes) {
      // A slow reader: closed rather than let its queue grow.
      {
        std::lock_guard lock(server_.mu);
        if (auto it = server_.seats.find(participant_);
            it != server_.seats.end()) {
          ++it->second.counters.slow_reader_drops;
        }
      }
      Close();
      return;
    }
    queued_ += line.size();
    out_.push_back(line);
    if (!writing_) Write();
  }

  void CloseWithError(const std::string& text) {
    Deliver(Line(ErrorMessage(text)));
    CloseWhenWritten();
  }

  void CloseWhenWritten() {
    closing_ = true;
    if (!writing_) Close();
  }

  void Close() {
    if (closed_) return;
    closed_ = true;
    asio::error_code ignored;
    hello_timer_.cancel();
    socket_.shutdown(tcp::socket::shutdown_both, ignored);
    socket_.close(ignored);
    if (participant_ >= 0) server_.Detach(participant_, this);
  }

 private:
  void Write() {
    writing_ = true;
    asio::async_write(socket_, asio::buffer(out_.front()),
                      [self = shared_from_this()](asio::error_code ec, size_t) {
                        self->writing_ = false;
                        self->queued_ -= self->out_.front().size();
                        self->out_.pop_front();
                        if (ec) {
                          self->Close();
                        } else if (!self->out_.empty()) {
                          self->Write();
                        } else if (self->closing_) {
                          self->Close();
                        }
                      });
  }

  void Read() {
    asio::async_read_until(
        socket_, buffer_, '\n',
        [self = shared_from_this()](asio::error_code ec, size_t n) {
          if (self->closed_) return;
          if (ec == asio::error::not_found) {
            self->CloseWithError(
                fmt::format("message longer than {} bytes",
                            self->server_.options.max_message_bytes));
            return;
          }
          if (ec) {
            self->Close();
            return;
          }
          std::string line(asio::buffers_begin(self->buffer_.data()),
                           asio::buffers_begin(self->buffer_.data()) + n - 1);
          self->buffer_.consume(n);
          if (!line.empty() && line.back() == '\r') line.pop_back();
          if (!line.empty()) self->OnLine(line);
          if (!self->closed_ && !self->closing_) self->Read();
        });
  }

  void OnLine(const std::string& line) {
    json message = json::parse(line, nullptr, /*allow_exceptions=*/false);
    const bool is_object = message.is_object();
    const std::string type =
        is_object && message.contains("type") && message["type"].is_string()
            ? message["type"].get<std::string>()
            : "";
    if (participant_ < 0) {
      OnHello(message, type, is_object);
      return;
    }
    if (!is_object) {
      server_.OnMalformed(participant_, "not a JSON object");
      return;
    }
    if (type != "action") {
      server_.OnMalformed(
          participant_,
          fmt::format("unknown message type {}; a seat sends \"action\"",
                      Shown(type)));
      return;
    }
    const std::optional<int64_t> request = IdOf(message, "request");
    if (!request) {
      server_.OnMalformed(participant_,
                          "an action needs \"request\": the request's id");
      return;
    }
    if (message.contains("error")) {
      const std::string why = message["error"].is_string()
                                  ? message["error"].get<std::string>()
                                  : message["error"].dump();
      server_.OnAction(participant_, *request,
                       absl::InvalidArgumentError(
                           fmt::format("the client declined: {}", Shown(why))));
      return;
    }
    const std::optional<int64_t> action = IdOf(message, "action");
    if (!action) {
      server_.OnMalformed(participant_,
                          "an action needs \"action\": an integer id from "
                          "legal_actions");
      return;
    }
    server_.OnAction(participant_, *request, *action);
  }

  void OnHello(const json& message, const std::string& type, bool is_object) {
    if (!is_object) {
      CloseWithError("not a JSON object; the first message is hello");
      return;
    }
    if (type != "hello") {
      CloseWithError(
          fmt::format("expected a hello first, got type {}", Shown(type)));
      return;
    }
    if (!message.contains("protocol") ||
        !message["protocol"].is_number_integer() ||
        message["protocol"].get<int64_t>() != kProtocolVersion) {
      CloseWithError(fmt::format(
          "protocol version {} not supported; this server speaks {}",
          message.contains("protocol") ? message["protocol"].dump() : "none",
          kProtocolVersion));
      return;
    }
    if (!message.contains("token") || !message["token"].is_string()) {
      CloseWithError("hello needs \"token\": the seat's secret token");
      return;
    }
    std::vector<std::string> to_send;
    auto seat = server_.Attach(message["token"].get<std::string>(),
                               shared_from_this(), to_send);
    if (auto* error = std::get_if<std::string>(&seat)) {
      CloseWithError(*error);
      return;
    }
    participant_ = std::get<int>(seat);
    hello_timer_.cancel();
    for (std::string& line : to_send) Deliver(line);
  }

  TournamentServer::Impl& server_;
  tcp::socket socket_;
  asio::streambuf buffer_;
  asio::steady_timer hello_timer_;
  std::deque<std::string> out_;
  size_t queued_ = 0;
  bool writing_ = false;
  bool closing_ = false;  // close once the queue is written
  bool closed_ = false;
  int participant_ = -1;
};

void TournamentServer::Impl::Accept() {
  acceptor.async_accept([this](asio::error_code ec, tcp::socket socket) {
    if (ec) {
      if (ec != asio::error::operation_aborted) Accept();
      return;
    }
    const int open = ++connections;
    auto session = std::make_shared<Session>(*this, std::move(socket));
    if (open > options.max_connections) {
      ++refused;
      session->CloseWithError(fmt::format("too many connections (at most {})",
                                          options.max_connections));
    } else {
      session->Start();
    }
    Accept();
  });
}

std::variant<int, std::string> TournamentServer::Impl::Attach(
    const std::string& token, const std::shared_ptr<Session>& session,
    std::vector<std::string>& to_send) {
  std::lock_guard lock(mu);
  for (auto& [participant, seat] : seats) {
    if (seat.info.token != token) continue;
    if (seat.session != nullptr) {
      return fmt::format("the seat of participant {} already has a client",
                         participant);
    }
    seat.session = session;
    ++seat.counters.connects;
    to_send.push_back(seat.welcome_line);
    if (!seat.game_start_line.empty()) to_send.push_back(seat.game_start_line);
    cv.notify_all();
    return participant;
  }
  return std::string("unknown token");
}

void TournamentServer::Impl::Detach(int participant, const Session* s) {
  std::lock_guard lock(mu);
  auto it = seats.find(participant);
  if (it != seats.end() && it->second.session.get() == s) {
    Seat& seat = it->second;
    seat.session.reset();
    // The open request dies with its connection, even if the client is
    // back before the deadline (it never saw the request again).
    if (seat.pending.open && !seat.pending.reply) {
      ++seat.counters.disconnected_moves;
      seat.pending.reply = absl::UnavailableError(
          fmt::format("participant {}'s client disconnected", participant));
    }
    cv.notify_all();
  }
}

void TournamentServer::Impl::SendLocked(Seat& seat, std::string line) {
  if (seat.session != nullptr) seat.session->Post(std::move(line));
}

void TournamentServer::Impl::OnAction(int participant, int64_t request,
                                      absl::StatusOr<Action> action) {
  std::lock_guard lock(mu);
  Seat& seat = seats.at(participant);
  Pending& p = seat.pending;
  if (p.open && p.id == request && !p.reply) {
    if (action.ok()) {
      ++seat.counters.moves;
      seat.counters.reply_micros +=
          std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() -
                                                                p.sent)
              .count();
    } else {
      ++seat.counters.declined;
    }
    p.reply = std::move(action);
    cv.notify_all();
    return;
  }
  ++seat.counters.late;
  SendLocked(seat, Line({{"type", "rejected"},
                         {"request", request},
                         {"reason", fmt::format("request {} is not open (late "
                                                "or unknown)",
                                                request)}}));
}

void TournamentServer::Impl::OnMalformed(int participant,
                                         const std::string& reason) {
  std::lock_guard lock(mu);
  Seat& seat = seats.at(participant);
  ++seat.counters.malformed;
  json rejected = {{"type", "rejected"}, {"reason", reason}};
  Pending& p = seat.pending;
  if (p.open && !p.reply) {
    rejected["request"] = p.id;
    p.reply =
        absl::InvalidArgumentError(fmt::format("malformed reply: {}", reason));
    cv.notify_all();
  }
  SendLocked(seat, Line(rejected));
}

TournamentServer::TournamentServer(std::unique_ptr<Impl> impl)
    : impl_(std::move(impl)) {}

TournamentServer::~TournamentServer() {
  asio::post(impl_->io, [impl = impl_.get()] {
    asio::error_code ignored;
    impl->acceptor.close(ignored);
  });
  {
    std::lock_guard lock(impl_->mu);
    for (auto& [participant, seat] : impl_->seats) {
      if (seat.session) {
        asio::post(impl_->io, [s = seat.session] { s->Close(); });
      }
    }
  }
  impl_->io.stop();
  if (impl_->thread.joinable()) impl_->thread.join();
  std::lock_guard lock(impl_->mu);
  for (auto& [participant, seat] : impl_->seats) seat.session.reset();
}

absl::StatusOr<std::unique_ptr<TournamentServer>> TournamentServer::Start(
    const ServerOptions& options, std::vector<RemoteSeat> seats, json welcome) {
  auto impl = std::make_unique<Impl>();
  impl->options = options;
  for (RemoteSeat& s : seats) {
    json w = welcome;
    w["type"] = "welcome";
    w["protocol"] = kProtocolVersion;
    w["participant"] = s.participant;
    w["label"] = s.label;
    Impl::Seat seat;
    seat.welcome_line = Line(w);
    const int participant = s.participant;
    seat.info = std::move(s);
    impl->seats.emplace(participant, std::move(seat));
  }
  asio::error_code ec;
  const asio::ip::address address = asio::ip::make_address(options.bind, ec);
  if (ec) {
    return absl::InvalidArgumentError(fmt::format(
        "--bind '{}' is not an IP address (e.g. 127.0.0.1)", options.bind));
  }
  const tcp::endpoint endpoint(address, static_cast<uint16_t>(options.port));
  impl->acceptor.open(endpoint.protocol(), ec);
  if (!ec)
    impl->acceptor.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) impl->acceptor.bind(endpoint, ec);
  if (!ec) impl->acceptor.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) {
    return absl::UnavailableError(fmt::format("cannot listen on {}:{}: {}",
                                              options.bind, options.port,
                                              ec.message()));
  }
  impl->Accept();
  Impl* raw = impl.get();
  impl->thread = std::thread([raw] {
    for (;;) {
      try {
        raw->io.run();
        return;
      } catch (const std::exception&) {
        // A handler that threw (out of memory) ends only its connection.
      }
    }
  });
  return std::unique_ptr<TournamentServer>(
      new TournamentServer(std::move(impl)));
}

int TournamentServer::port() const {
  asio::error_code ec;
  return impl_->acceptor.local_endpoint(ec).port();
}

bool TournamentServer::WaitForSeats(Millis timeout) {
  std::unique_lock lock(impl_->mu);
  return impl_->cv.wait_for(lock, timeout, [&] {
    for (const auto& [participant, seat] : impl_->seats) {
      if (seat.session == nullptr) return false;
    }
    return true;
  });
}

void TournamentServer::Send(int participant, const json& message) {
  std::lock_guard lock(impl_->mu);
  impl_->SendLocked(impl_->seats.at(participant), Line(message));
}

void TournamentServer::SetGameStart(int participant, const json& message) {
  std::lock_guard lock(impl_->mu);
  Impl::Seat& seat = impl_->seats.at(participant);
  seat.game_start_line = Line(message);
  impl_->SendLocked(seat, seat.game_start_line);
}

AskResult TournamentServer::Ask(int participant, const std::string& key,
                                json act, Millis deadline, bool wait) {
  std::unique_lock lock(impl_->mu);
  Impl::Seat& seat = impl_->seats.at(participant);
  Impl::Pending& p = seat.pending;
  if (!(p.open && p.key == key)) {
    p = Impl::Pending{};
    if (seat.session == nullptr) {
      if (!wait) return {absl::UnavailableError("no client"), 0};
      ++seat.counters.disconnected_moves;
      return {absl::UnavailableError(fmt::format(
                  "participant {} has no client connected", participant)),
              0};
    }
    p.id = ++impl_->next_request;
    p.key = key;
    p.open = true;
    p.sent = Clock::now();
    act["type"] = "act";
    act["request"] = p.id;
    act["deadline_ms"] = deadline.count();
    impl_->SendLocked(seat, Line(act));
  }
  if (!wait) return {absl::UnavailableError("not waited for"), p.id};
  const int64_t id = p.id;
  impl_->cv.wait_until(lock, p.sent + deadline, [&] {
    return p.reply.has_value() || seat.session == nullptr;
  });
  p.open = false;
  p.key.clear();
  if (p.reply) {
    absl::StatusOr<Action> reply = std::move(*p.reply);
    p.reply.reset();
    return {std::move(reply), id};
  }
  if (seat.session == nullptr) {
    ++seat.counters.disconnected_moves;
    return {absl::UnavailableError(fmt::format(
                "participant {}'s client disconnected", participant)),
            id};
  }
  ++seat.counters.timeouts;
  impl_->SendLocked(seat,
                    Line({{"type", "rejected"},
                          {"request", id},
                          {"reason", fmt::format("no action within {} ms; the "
                                                 "referee played for you",
                                                 deadline.count())}}));
  return {absl::DeadlineExceededError(
              fmt::format("no action within {} ms", deadline.count())),
          id};
}

void TournamentServer::Reject(int participant, int64_t request,
                              const std::string& reason) {
  std::lock_guard lock(impl_->mu);
  Impl::Seat& seat = impl_->seats.at(participant);
  ++seat.counters.illegal;
  --seat.counters.moves;  // counted as accepted on arrival
  impl_->SendLocked(
      seat,
      Line({{"type", "rejected"}, {"request", request}, {"reason", reason}}));
}

void TournamentServer::Finish(const std::vector<json>& messages, Millis flush) {
  std::vector<std::shared_ptr<Session>> sessions;
  {
    std::lock_guard lock(impl_->mu);
    for (auto& [participant, seat] : impl_->seats) {
      if (seat.session == nullptr) continue;
      if (participant < static_cast<int>(messages.size())) {
        impl_->SendLocked(seat, Line(messages[participant]));
      }
      sessions.push_back(seat.session);
    }
  }
  // Each closes once its queue is written; at the end of `flush` anyway.
  for (auto& s : sessions) {
    asio::post(impl_->io, [s] { s->CloseWhenWritten(); });
  }
  std::unique_lock lock(impl_->mu);
  impl_->cv.wait_for(lock, flush, [&] {
    for (const auto& [participant, seat] : impl_->seats) {
      if (seat.session != nullptr) return false;
    }
    return true;
  });
}

SeatCounters TournamentServer::Counters(int participant) const {
  std::lock_guard lock(impl_->mu);
  return impl_->seats.at(participant).counters;
}

int64_t TournamentServer::refused_connections() const {
  return impl_->refused.load();
}

}  // namespace gameai::net
