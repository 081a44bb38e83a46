#include "gameai/net/client.h"

#include <algorithm>
#include <cstdio>
#include <memory>
#include <string_view>
#include <thread>
#include <utility>

#include "asio.hpp"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/registry.h"
#include "gameai/dynamic/spec.h"
#include "gameai/net/server.h"

namespace gameai::net {
namespace {

// ServerFault: `status` from what the server sent in a `type` message, as
// the server's error (exit status 1), not the user's.
absl::Status ServerFault(std::string_view type, const absl::Status& status) {
  return absl::DataLossError(fmt::format("the server's '{}' message: {}", type,
                                         Str(status.message())));
}

// CheckAgentName: OK when `spec` parses and names an agent of some game.
absl::Status CheckAgentName(const std::string& spec) {
  GAMEAI_ASSIGN_OR_RETURN(const Spec parsed, ParseSpec(spec));
  RegisterBuiltinGames();
  std::vector<std::string> names;
  for (const GameEntry* game : RegisteredGames()) {
    for (const AgentEntry* agent : AgentsFor(*game)) {
      if (agent->name == parsed.name) return absl::OkStatus();
      if (std::find(names.begin(), names.end(), agent->name) == names.end()) {
        names.push_back(agent->name);
      }
    }
  }
  return absl::InvalidArgumentError(fmt::format(
      "unknown agent '{}': no game has it;{} agents: {}", parsed.name,
      DidYouMean(parsed.name, names), fmt::join(names, ", ")));
}

using asio::ip::tcp;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

constexpr size_t kMaxLine = 16 * 1024 * 1024;

// Player: the agent and its game, kept across connections.
struct Player {
  std::shared_ptr<const Game> game;
  std::unique_ptr<Agent> agent;
  bool started = false;  // a game_start has come
};

// ViewOf: the seat's view the message carries, rebuilt as the state an
// in-process agent gets (State::ViewFor(seat)).
absl::StatusOr<std::unique_ptr<State>> ViewOf(const Game& game,
                                              const json& message) {
  if (!message.contains("view") || !message["view"].contains("state") ||
      !message["view"]["state"].is_string() ||
      !message["view"].contains("seat") ||
      !message["view"]["seat"].is_number_integer()) {
    return absl::DataLossError(
        "the server sent a message without view.state and view.seat");
  }
  absl::StatusOr<std::unique_ptr<State>> view =
      game.DeserializeView(message["view"]["state"].get<std::string>(),
                           message["view"]["seat"].get<gameai::Player>());
  if (!view.ok()) {
    return absl::DataLossError(fmt::format(
        "the server sent a view of {} the client cannot rebuild: {}",
        game.Name(), Str(view.status().message())));
  }
  return view;
}

Event EventOf(const json& e) {
  Event event;
  const json& actor = e.at("actor");
  if (actor.is_number_integer()) {
    event.actor = actor.get<gameai::Player>();
  } else if (actor == "chance") {
    event.actor = kChancePlayer;
  } else if (actor == "simultaneous") {
    event.actor = kSimultaneousPlayer;
  }
  event.actions = e.at("actions").get<std::vector<Action>>();
  return event;
}

enum class Outcome { kEnd, kLost };

// Session: one connection, until the tournament's end or the connection
// is lost. Errors end the client.
absl::StatusOr<Outcome> PlaySession(tcp::socket& socket,
                                    const ClientOptions& options,
                                    Player& player, json& end) {
  auto send = [&](const json& message) -> bool {
    const std::string line = message.dump() + "\n";
    asio::error_code ec;
    asio::write(socket, asio::buffer(line), ec);
    return !ec;
  };
  if (!send({{"type", "hello"},
             {"protocol", kProtocolVersion},
             {"name", options.name},
             {"token", options.token}})) {
    return Outcome::kLost;
  }
  asio::streambuf buffer(kMaxLine);
  for (;;) {
    asio::error_code ec;
    const size_t n = asio::read_until(socket, buffer, '\n', ec);
    if (ec) return Outcome::kLost;
    std::string line(asio::buffers_begin(buffer.data()),
                     asio::buffers_begin(buffer.data()) + n - 1);
    buffer.consume(n);
    const json message = json::parse(line, nullptr, false);
    if (!message.is_object()) {
      return absl::DataLossError("the server sent something not JSON");
    }
    const std::string type =
        message.contains("type") && message["type"].is_string()
            ? message["type"].get<std::string>()
            : "";
    // Every message of a game needs the game and agent that welcome sets
    // up, and a started game.
    const bool of_a_game = type == "game_start" || type == "event" ||
                           type == "act" || type == "game_end";
    if (of_a_game && player.game == nullptr) {
      return absl::DataLossError(fmt::format(
          "the server sent '{}' before 'welcome': not the gameai protocol",
          type));
    }
    if (of_a_game && type != "game_start" && !player.started) {
      return absl::DataLossError(fmt::format(
          "the server sent '{}' before 'game_start': not the gameai protocol",
          type));
    }
    try {
      if (type == "error") {
        return absl::FailedPreconditionError(fmt::format(
            "the server refused: {}", message.value("message", "")));
      } else if (type == "welcome") {
        if (player.game == nullptr) {
          absl::StatusOr<std::shared_ptr<const Game>> game =
              LoadGame(message.at("game").get<std::string>());
          if (!game.ok()) return ServerFault(type, game.status());
          player.game = *std::move(game);
          // The user's agent may not play the server's game: the user's
          // error (exit 2), found only now that the game is known.
          GAMEAI_ASSIGN_OR_RETURN(player.agent,
                                  LoadAgent(*player.game, options.agent));
        }
      } else if (type == "game_start") {
        player.agent->set_table(
            message.at("table").get<std::vector<std::string>>());
        if (absl::Status s = player.agent->StartGame(
                *player.game, message.at("seat").get<gameai::Player>(),
                message.at("seed").get<uint64_t>());
            !s.ok()) {
          return ServerFault(type, s);
        }
        player.started = true;
      } else if (type == "event") {
        GAMEAI_ASSIGN_OR_RETURN(std::unique_ptr<State> view,
                                ViewOf(*player.game, message));
        (void)player.agent->Inform(*view, EventOf(message.at("event")));
      } else if (type == "act") {
        GAMEAI_ASSIGN_OR_RETURN(std::unique_ptr<State> view,
                                ViewOf(*player.game, message));
        absl::StatusOr<Action> action = player.agent->Step(*view);
        json reply = {{"type", "action"}, {"request", message.at("request")}};
        if (action.ok()) {
          reply["action"] = *action;
        } else {
          reply["error"] = Str(action.status().message());
        }
        if (!send(reply)) return Outcome::kLost;
      } else if (type == "game_end") {
        GAMEAI_ASSIGN_OR_RETURN(std::unique_ptr<State> view,
                                ViewOf(*player.game, message));
        (void)player.agent->EndGame(
            *view, message.at("returns").get<std::vector<double>>());
      } else if (type == "rejected") {
        if (options.verbose) {
          fmt::print(stderr, "gameai connect: rejected: {}\n",
                     message.value("reason", ""));
        }
      } else if (type == "tournament_end") {
        if (!message.contains("standings") ||
            !message["standings"].is_object()) {
          return absl::DataLossError(
              "the server's tournament_end has no standings object");
        }
        end = message;
        return Outcome::kEnd;
      }
    } catch (const json::exception& e) {
      return absl::DataLossError(fmt::format(
          "a '{}' message the client cannot read: {}", type, e.what()));
    }
  }
}

}  // namespace

absl::StatusOr<json> RunClient(const ClientOptions& options) {
  // The agent's name is checked before the hello takes a seat (its
  // parameters only once the server's welcome names the game).
  GAMEAI_RETURN_IF_ERROR(CheckAgentName(options.agent));
  // hello carries them as JSON strings, which must be UTF-8.
  for (const auto& [what, text] :
       {std::pair{"name", &options.name}, std::pair{"token", &options.token}}) {
    if (!IsUtf8(*text)) {
      return absl::InvalidArgumentError(fmt::format(
          "the {} '{}' is not UTF-8 text; accepted: UTF-8 (it is sent as a "
          "JSON string)",
          what, Printable(*text)));
    }
  }
  Player player;
  asio::io_context io;
  auto give_up = Clock::now() + options.retry;
  bool ever_connected = false;
  for (;;) {
    tcp::socket socket(io);
    asio::error_code ec;
    tcp::resolver resolver(io);
    const auto endpoints =
        resolver.resolve(options.host, std::to_string(options.port), ec);
    if (ec) {
      return absl::InvalidArgumentError(fmt::format(
          "cannot resolve host '{}': {}", options.host, ec.message()));
    }
    asio::connect(socket, endpoints, ec);
    if (!ec) {
      socket.set_option(tcp::no_delay(true), ec);
      ever_connected = true;
      json end;
      GAMEAI_ASSIGN_OR_RETURN(const Outcome outcome,
                              PlaySession(socket, options, player, end));
      if (outcome == Outcome::kEnd) return end;
      if (options.verbose) {
        fmt::print(stderr, "gameai connect: connection lost, retrying\n");
      }
      give_up = Clock::now() + options.retry;
    }
    if (Clock::now() >= give_up) {
      return absl::UnavailableError(fmt::format(
          "{} {}:{} within {} ms",
          ever_connected ? "lost the server and could not reconnect to"
                         : "no server at",
          options.host, options.port, options.retry.count()));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

}  // namespace gameai::net
