#include "gameai/net/tournament_log.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "fmt/format.h"
#include "gameai/base/memory.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"

namespace gameai::net {
namespace {

using nlohmann::json;

absl::Status SystemError(const std::string& what, const std::string& path) {
  return absl::FailedPreconditionError(
      fmt::format("{} '{}': {}", what, path, std::strerror(errno)));
}

absl::StatusOr<Reply> ReplyFromJson(const json& j) {
  if (j.is_number_integer()) return Reply{j.get<Action>(), ""};
  if (j.is_object() && j.contains("error") && j["error"].is_string()) {
    return Reply{std::nullopt, j["error"].get<std::string>()};
  }
  return absl::InvalidArgumentError(fmt::format(
      "a reply is an action id or {{\"error\": text}}, not {}", j.dump()));
}

}  // namespace

json ReplyToJson(const Reply& reply) {
  if (reply.action) return *reply.action;
  return {{"error", reply.error}};
}

absl::StatusOr<TournamentLog> TournamentLog::Create(const std::string& path,
                                                    const json& header) {
  namespace fs = std::filesystem;
  std::error_code error;
  const fs::file_status st = fs::status(path, error);
  if (fs::is_directory(st)) {
    return absl::FailedPreconditionError(
        fmt::format("log '{}' is a directory; name a file", path));
  }
  if (fs::is_regular_file(st)) {
    const uintmax_t bytes = fs::file_size(path, error);
    if (!error && bytes > 0) {
      return absl::AlreadyExistsError(fmt::format(
          "log '{}' already holds {} bytes; it is not overwritten: name a "
          "new file (gameai serve continues its own log with --resume {})",
          path, bytes, path));
    }
  }
  std::FILE* file = std::fopen(path.c_str(), "a");
  if (file == nullptr) return SystemError("cannot open log", path);
  TournamentLog log(file, path);
  GAMEAI_RETURN_IF_ERROR(log.Append(header));
  return log;
}

absl::StatusOr<TournamentLog> TournamentLog::Resume(const std::string& path,
                                                    const json& header,
                                                    LoggedGames& logged) {
  // A regular file of known size, read whole once its games (held as
  // JSON, several times the text) are known to fit: not /dev/zero.
  namespace fs = std::filesystem;
  std::error_code error;
  const fs::file_status st = fs::status(path, error);
  if (error) {
    return absl::FailedPreconditionError(
        fmt::format("cannot read log '{}': {}", path, error.message()));
  }
  if (!fs::is_regular_file(st)) {
    return absl::FailedPreconditionError(fmt::format(
        "log '{}' is {}, not a tournament log", path,
        fs::is_directory(st) ? "a directory" : "not a regular file"));
  }
  const uintmax_t size = fs::file_size(path, error);
  if (error) {
    return absl::FailedPreconditionError(
        fmt::format("cannot read log '{}': {}", path, error.message()));
  }
  if (size == 0) {
    return absl::FailedPreconditionError(
        fmt::format("log '{}' is empty: nothing to resume", path));
  }
  constexpr int64_t kJsonBytesPerTextByte = 8;
  GAMEAI_RETURN_IF_ERROR(
      CheckMemory(fmt::format("resuming the log '{}' ({})", path,
                              FormatBytes(static_cast<int64_t>(size))),
                  static_cast<int64_t>(size) * kJsonBytesPerTextByte));
  std::ifstream in(path, std::ios::binary);
  if (!in) return SystemError("cannot read log", path);
  std::string all(static_cast<size_t>(size), '\0');
  in.read(all.data(), static_cast<std::streamsize>(size));
  all.resize(static_cast<size_t>(in.gcount()));  // a file cut meanwhile
  in.close();
  // An unfinished last line: the server died while writing it, and that
  // game is replayed. It is cut from the file only once the complete lines
  // have proved to be this tournament's log: any other file stays as it was.
  const size_t last_newline = all.rfind('\n');
  const size_t complete =
      last_newline == std::string::npos ? 0 : last_newline + 1;
  const bool cut = complete < all.size();
  all.resize(complete);
  if (all.empty()) {
    return absl::FailedPreconditionError(fmt::format(
        "log '{}' holds no complete line: not a tournament log; it is left "
        "as it was",
        path));
  }
  std::istringstream lines(all);
  std::string line;
  int number = 0;
  while (std::getline(lines, line)) {
    ++number;
    json j = json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (j.is_discarded() || !j.is_object()) {
      return absl::DataLossError(
          fmt::format("log '{}' line {} is not a JSON object", path, number));
    }
    if (number == 1) {
      for (const auto& [key, value] : header.items()) {
        if (!j.contains(key) || j[key] != value) {
          return absl::FailedPreconditionError(fmt::format(
              "log '{}' is of another tournament: its {} is {}, this one's "
              "{}",
              path, key, j.contains(key) ? j[key].dump() : "missing",
              value.dump()));
        }
      }
      continue;
    }
    if (j.value("type", "") != "game") continue;
    const int64_t expected = static_cast<int64_t>(logged.games.size());
    if (!j.contains("index") || j["index"] != expected) {
      return absl::DataLossError(fmt::format(
          "log '{}' line {}: expected game {}", path, number, expected));
    }
    if (!j.contains("replies") || !j["replies"].is_object()) {
      return absl::DataLossError(
          fmt::format("log '{}' line {}: no \"replies\" object", path, number));
    }
    for (const auto& [key, list] : j["replies"].items()) {
      const int participant = std::atoi(key.c_str());
      std::vector<GameReplies>& games = logged.replies[participant];
      games.resize(expected + 1);
      for (const json& r : list) {
        absl::StatusOr<Reply> reply = ReplyFromJson(r);
        if (!reply.ok()) {
          return absl::DataLossError(
              fmt::format("log '{}' line {}: {}", path, number,
                          Str(reply.status().message())));
        }
        games[expected].push_back(*reply);
      }
    }
    logged.games.push_back(std::move(j));
  }
  for (auto& [participant, games] : logged.replies) {
    games.resize(logged.games.size());
  }
  if (cut) {
    std::error_code error;
    std::filesystem::resize_file(path, complete, error);
    if (error) {
      return absl::FailedPreconditionError(
          fmt::format("cannot cut the unfinished last line of log '{}': {}",
                      path, error.message()));
    }
  }
  std::FILE* file = std::fopen(path.c_str(), "a");
  if (file == nullptr) return SystemError("cannot append to log", path);
  return TournamentLog(file, path);
}

TournamentLog::TournamentLog(TournamentLog&& other) noexcept
    : file_(other.file_), path_(std::move(other.path_)) {
  other.file_ = nullptr;
}

TournamentLog& TournamentLog::operator=(TournamentLog&& other) noexcept {
  if (this != &other) {
    if (file_ != nullptr) std::fclose(file_);
    file_ = other.file_;
    path_ = std::move(other.path_);
    other.file_ = nullptr;
  }
  return *this;
}

TournamentLog::~TournamentLog() {
  if (file_ != nullptr) std::fclose(file_);
}

absl::Status TournamentLog::Append(const json& line) {
  const std::string text = line.dump() + "\n";
  if (std::fwrite(text.data(), 1, text.size(), file_) != text.size() ||
      std::fflush(file_) != 0) {
    return SystemError("cannot write log", path_);
  }
  return absl::OkStatus();
}

json FinishedGameLine(const FinishedGame& g) {
  json history = json::array();
  for (const State::HistoryItem& item : g.state->History()) {
    history.push_back({item.player, item.action});
  }
  return {{"type", "game"},
          {"index", g.index},
          {"table", g.table},
          {"slots", g.slot_of_seat},
          {"history", history},
          {"scores", g.state->Scores()},
          {"returns", g.state->Returns()},
          {"illegal", g.illegal_per_seat}};
}

}  // namespace gameai::net
