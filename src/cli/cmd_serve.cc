// `gameai serve GAME --seats SPEC,remote,... --games N --seed S [...]`:
// hosts one tournament whose remote seats are played over the network
// (docs/protocol.md); `gameai connect` is its built-in client.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <random>
#include <string_view>

#include "args.h"
#include "fmt/format.h"
#include "gameai/arena/arena.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/registry.h"
#include "gameai/dynamic/spec.h"
#include "gameai/net/remote_seat_agent.h"
#include "gameai/net/server.h"
#include "gameai/net/tournament_log.h"
#include "read_file.h"

namespace gameai::cli {
namespace {

using nlohmann::json;

absl::StatusOr<std::vector<std::string>> ReadTokens(const std::string& path,
                                                    size_t count) {
  if (count == 0) {
    return absl::InvalidArgumentError(
        "--token-file: no seat is 'remote', so no token is needed");
  }
  // At most 8 seats of 256-character tokens: a bigger file is no token
  // file (and /dev/zero is not read whole).
  constexpr size_t kMaxTokenFileBytes = 64 << 10;
  absl::StatusOr<std::string> text = ReadBoundedFile(path, kMaxTokenFileBytes);
  if (!text.ok()) {
    return absl::Status(
        text.status().code(),
        fmt::format("--token-file: {}", Str(text.status().message())));
  }
  std::vector<std::string> tokens;
  for (std::string_view part : Split(*text, '\n')) {
    std::string line(part);
    if (tokens.size() > count) break;
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) {
      line.pop_back();
    }
    if (line.empty()) continue;
    if (line.size() > 256 || line.find_first_of(" \t") != std::string::npos) {
      return absl::InvalidArgumentError(fmt::format(
          "--token-file '{}': a token is one word of at most 256 characters",
          path));
    }
    // A client sends its token as JSON text: it must be printable UTF-8.
    if (!IsPrintableUtf8(line)) {
      return absl::InvalidArgumentError(fmt::format(
          "--token-file '{}': token {} is not printable UTF-8 text ('{}'), "
          "which no client can send",
          path, tokens.size() + 1, Printable(line)));
    }
    // A token opens one seat: a repeated one would leave a seat no client
    // can take.
    if (std::find(tokens.begin(), tokens.end(), line) != tokens.end()) {
      return absl::InvalidArgumentError(fmt::format(
          "--token-file '{}': token {} is given twice; each remote seat "
          "needs its own",
          path, tokens.size() + 1));
    }
    tokens.push_back(line);
  }
  if (tokens.size() != count) {
    return absl::InvalidArgumentError(fmt::format(
        "--token-file '{}' must hold {} tokens (one per remote seat), not {}",
        path, count,
        tokens.size() > count ? "more" : std::to_string(tokens.size())));
  }
  return tokens;
}

std::string RandomToken() {
  std::random_device device;
  std::string token;
  for (int i = 0; i < 4; ++i) token += fmt::format("{:08x}", device());
  return token;
}

json GameLine(const FinishedGame& g,
              const std::map<int, net::RemoteSeatAgent*>& remote) {
  json line = net::FinishedGameLine(g);
  json replies = json::object(), seeds = json::object();
  for (const auto& [participant, agent] : remote) {
    json list = json::array();
    for (const net::Reply& r : agent->replies()) {
      list.push_back(net::ReplyToJson(r));
    }
    replies[std::to_string(participant)] = list;
    seeds[std::to_string(participant)] = agent->sent_seed();
  }
  line["replies"] = replies;
  line["seeds"] = seeds;
  return line;
}

}  // namespace

int RunServe(const std::vector<std::string>& argv) {
  std::string game_spec, seat_list, bind = "127.0.0.1", log_file, resume_file,
                                    token_file;
  int64_t games = 100, port = 7019, move_ms = 2000, wait_ms = 60000,
          max_conn = 64, hello_ms = 5000, max_bytes = 65536,
          max_queue = 8 << 20;
  uint64_t seed = 1;
  bool json_out = false, secret_seeds = false;
  CommandLine command(
      "serve",
      "Hosts one tournament of GAME: every seat is a built-in agent spec or "
      "'remote' (optionally 'remote(name=LABEL)'), played over TCP by a "
      "client holding that seat's token (gameai connect, "
      "python/gameai_client, java/GameaiClient.java; docs/protocol.md). "
      "Seats rotate and games are seeded as in gameai match, so a remote "
      "seat played by agent X gives the results of gameai match with X "
      "there.");
  command.Positional("GAME", &game_spec, "the game (a spec)");
  command.Text("--seats", &seat_list, "one spec per seat, S,S,...",
               /*required=*/true);
  command.Integer("--games", &games, 1, kMaxMatchGames,
                  "games to play (rounded up like match)");
  command.Seed("--seed", &seed, "the tournament's seed");
  command.Integer("--port", &port, 0, 65535, "TCP port (0: any free port)");
  command.Text("--bind", &bind, "address to listen on");
  command.Integer("--move-ms", &move_ms, 1, 3'600'000,
                  "a remote seat's time per move");
  command.Integer("--wait-ms", &wait_ms, 0, 86'400'000,
                  "wait this long for every remote seat before the first "
                  "game (missing seats are then played by the referee's "
                  "fallback)");
  command.Text("--log", &log_file,
               "append every finished game as a JSON line (a new or empty "
               "file)");
  command.Text("--resume", &resume_file,
               "continue the tournament logged in FILE");
  command.Text("--token-file", &token_file,
               "the remote seats' tokens, one per line (default: random, "
               "printed on stderr)");
  command.Flag("--secret-seeds", &secret_seeds,
               "hand each remote seat a fresh random seed per game (logged) "
               "instead of the arena's, which reveals the chance events "
               "(results then differ from gameai match)");
  command.Integer("--max-connections", &max_conn, 1, 10000,
                  "open connections at most");
  command.Integer("--hello-ms", &hello_ms, 1, 3'600'000,
                  "time for a new connection's hello");
  command.Integer("--max-message-bytes", &max_bytes, 256, 64 << 20,
                  "longest message accepted");
  command.Integer("--max-queue-bytes", &max_queue, 64 << 10, int64_t{1} << 32,
                  "bytes queued for one client before it is closed as a "
                  "slow reader");
  command.Flag("--json", &json_out,
               "the standings as JSON on stdout (as gameai match --json)");
  if (std::optional<int> done = command.Parse(argv)) return *done;
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(game_spec);
  if (!game.ok()) return Fail(game.status());
  absl::StatusOr<std::vector<std::string>> seats = SplitTopLevel(seat_list);
  if (!seats.ok()) return Fail(seats.status());
  const int players = (*game)->NumPlayers();
  if (static_cast<int>(seats->size()) != players) {
    return Fail(absl::InvalidArgumentError(fmt::format(
        "--seats lists {} seats; game '{}' has {} (one spec or 'remote' per "
        "seat)",
        seats->size(), game_spec, players)));
  }
  // The arena's agents: built-in specs, and a label per remote seat.
  std::vector<std::string> labels;
  std::vector<net::RemoteSeat> remote;
  for (int slot = 0; slot < players; ++slot) {
    // Every seat's spec goes into the log's header and the clients'
    // welcome (JSON text) and onto the operator's screen.
    if (!IsPrintableUtf8((*seats)[slot])) {
      return Fail(absl::InvalidArgumentError(
          fmt::format("--seats: seat {} '{}' is not printable UTF-8 text", slot,
                      Printable((*seats)[slot]))));
    }
    absl::StatusOr<Spec> spec = ParseSpec((*seats)[slot]);
    if (!spec.ok()) return Fail(spec.status());
    if (spec->name != "remote") {
      // Made once here, before the server listens: a bad spec is an error
      // naming it, not a server that clients reach and that then fails.
      if (absl::StatusOr<std::unique_ptr<Agent>> probe =
              LoadAgent(**game, (*seats)[slot]);
          !probe.ok()) {
        return Fail(probe.status());
      }
      labels.push_back((*seats)[slot]);
      continue;
    }
    std::string label = fmt::format("remote{}", slot);
    for (const auto& [key, value] : spec->args) {
      if (key != "name") {
        return Fail(absl::InvalidArgumentError(
            fmt::format("remote seat '{}': unknown option '{}'; accepted: name",
                        (*seats)[slot], key)));
      }
      label = value;
    }
    if (label.empty()) {
      return Fail(absl::InvalidArgumentError(fmt::format(
          "remote seat '{}': the name is empty; give one, or leave name= "
          "out for 'remote{}'",
          (*seats)[slot], slot)));
    }
    labels.push_back(label);
    remote.push_back({.participant = slot, .label = label, .token = ""});
  }
  if (command.Given("--token-file")) {
    absl::StatusOr<std::vector<std::string>> tokens =
        ReadTokens(token_file, remote.size());
    if (!tokens.ok()) return Fail(tokens.status());
    for (size_t i = 0; i < remote.size(); ++i) remote[i].token = (*tokens)[i];
  } else {
    for (net::RemoteSeat& r : remote) r.token = RandomToken();
  }
  const json header = {{"type", "tournament"},
                       {"version", 1},
                       {"game", (*game)->Spec()},
                       {"seats", *seats},
                       {"games", games},
                       {"seed", seed},
                       {"secret_seeds", secret_seeds}};
  // The log: a new file (--log) or the one to continue (--resume).
  std::optional<net::TournamentLog> log;
  net::LoggedGames logged;
  if (command.Given("--log") && command.Given("--resume") &&
      log_file != resume_file) {
    return Fail(absl::InvalidArgumentError(
        "--resume FILE continues FILE and appends to it: give --log the same "
        "file or leave it out"));
  }
  if (command.Given("--resume")) {
    absl::StatusOr<net::TournamentLog> resumed =
        net::TournamentLog::Resume(resume_file, header, logged);
    if (!resumed.ok()) return Fail(resumed.status());
    log.emplace(*std::move(resumed));
  } else if (command.Given("--log")) {
    absl::StatusOr<net::TournamentLog> created =
        net::TournamentLog::Create(log_file, header);
    if (!created.ok()) return Fail(created.status());
    log.emplace(*std::move(created));
  }

  net::ServerOptions server_options{
      .bind = bind,
      .port = static_cast<int>(port),
      .max_connections = static_cast<int>(max_conn),
      .max_message_bytes = static_cast<size_t>(max_bytes),
      .max_queued_bytes = static_cast<size_t>(max_queue),
      .hello_timeout = net::Millis(hello_ms)};
  // The games played: the count asked for, rounded up to whole rotations.
  const absl::StatusOr<int64_t> planned =
      PlannedGames({.game = game_spec, .agents = labels, .games = games});
  if (!planned.ok()) return Fail(planned.status());
  const json welcome = {{"game", (*game)->Spec()},
                        {"seats", labels},
                        {"games", *planned},
                        {"move_ms", move_ms}};
  absl::StatusOr<std::unique_ptr<net::TournamentServer>> server =
      net::TournamentServer::Start(server_options, remote, welcome);
  if (!server.ok()) return Fail(server.status());
  fmt::print(stderr, "gameai serve: listening on {}:{}\n", server_options.bind,
             (*server)->port());
  for (const net::RemoteSeat& r : remote) {
    fmt::print(stderr, "gameai serve: seat {} ({}) token {}\n", r.participant,
               r.label, r.token);
  }
  if (!remote.empty() && !secret_seeds &&
      (*game)->Type().chance == GameType::Chance::kStochastic) {
    fmt::print(stderr,
               "gameai serve: note: the seeds remote seats get (game_start) "
               "reveal the game's chance events; --secret-seeds hands them "
               "fresh random ones\n");
  }
  if (!logged.games.empty()) {
    fmt::print(stderr, "gameai serve: resuming after {} logged games\n",
               logged.games.size());
  }
  std::fflush(stderr);
  if (!remote.empty() && !(*server)->WaitForSeats(net::Millis(wait_ms))) {
    fmt::print(stderr,
               "gameai serve: not every remote seat connected within {} ms; "
               "the referee plays the missing ones until they do\n",
               wait_ms);
  }

  std::map<int, net::RemoteSeatAgent*> remote_agents;
  std::map<int, bool> is_remote;
  for (const net::RemoteSeat& r : remote) is_remote[r.participant] = true;
  absl::Status log_status;
  MatchOptions options;
  options.game = game_spec;
  options.agents = labels;
  options.games = games;
  options.seed = static_cast<uint64_t>(seed);
  options.threads = 1;  // one client per seat: one series
  options.make_agent =
      [&](int slot,
          const std::string&) -> absl::StatusOr<std::unique_ptr<Agent>> {
    if (!is_remote.count(slot)) return nullptr;
    std::vector<net::GameReplies> replay;
    if (auto it = logged.replies.find(slot); it != logged.replies.end()) {
      replay = it->second;
    }
    replay.resize(logged.games.size());
    auto agent = std::make_unique<net::RemoteSeatAgent>(
        **server, slot, net::Millis(move_ms), std::move(replay), secret_seeds);
    remote_agents[slot] = agent.get();
    return agent;
  };
  options.on_game_end = [&](const FinishedGame& g) {
    if (!log || g.index < static_cast<int64_t>(logged.games.size())) return;
    if (absl::Status s = log->Append(GameLine(g, remote_agents));
        !s.ok() && log_status.ok()) {
      log_status = s;
      fmt::print(stderr, "gameai serve: {}\n", ErrorText(Str(s.message())));
    }
  };
  absl::StatusOr<MatchResult> result = RunMatch(options);
  if (!result.ok()) return Fail(result.status());
  const std::string standings = MatchResultToJson(*result);
  // The clients' copy: an illegal action's logged state is the whole state
  // (every hand of a deal), for the operator only.
  json client_standings = json::parse(standings);
  if (json& log = client_standings["illegal_action_log"]; log.is_array()) {
    for (json& entry : log) entry.erase("state");
  }
  std::vector<json> ends(players);
  json seat_report = json::array();
  for (const net::RemoteSeat& r : remote) {
    const net::SeatCounters c = (*server)->Counters(r.participant);
    const json counters = {
        {"participant", r.participant},
        {"label", r.label},
        {"connects", c.connects},
        {"moves", c.moves},
        {"illegal", c.illegal},
        {"malformed", c.malformed},
        {"timeouts", c.timeouts},
        {"late", c.late},
        {"declined", c.declined},
        {"disconnected_moves", c.disconnected_moves},
        {"slow_reader_drops", c.slow_reader_drops},
        {"mean_reply_ms",
         c.moves > 0 ? c.reply_micros / 1000.0 / c.moves : 0.0}};
    seat_report.push_back(counters);
    ends[r.participant] = {{"type", "tournament_end"},
                           {"standings", client_standings},
                           {"seat", counters}};
  }
  (*server)->Finish(ends, net::Millis(2000));
  if (log) {
    (void)log->Append({{"type", "end"}, {"seats", seat_report}});
  }
  if (json_out) {
    fmt::print("{}", standings);
  } else {
    fmt::print("{}", MatchResultToTable(*result));
  }
  for (const json& c : seat_report) {
    fmt::print(stderr, "gameai serve: seat {}\n", c.dump());
  }
  fmt::print(stderr, "gameai serve: {} connections refused (over the cap)\n",
             (*server)->refused_connections());
  for (const std::string& warning : result->warnings) {
    fmt::print(stderr, "warning: {}\n", warning);
  }
  return log_status.ok() ? 0 : kExitFailure;
}

}  // namespace gameai::cli
