// gameai/net/tournament_log.h: `gameai serve --log FILE`: one JSON line
// per finished game, appended and flushed as the game ends, after a first
// line describing the tournament (docs/protocol.md, "The log").
//
//   {"type":"tournament","version":1,"game":...,"seats":[...],"games":N,"seed":S}
//   {"type":"game","index":0,"table":[...],"slots":[...],"history":[[p,a],...],
//    "scores":[...],"returns":[...],"illegal":[...],"replies":{"1":[3,{"error":"..."}]}}
//
// A log is never overwritten: Create refuses a file that holds anything,
// Resume appends to one whose first line describes the same tournament.
#ifndef GAMEAI_NET_TOURNAMENT_LOG_H_
#define GAMEAI_NET_TOURNAMENT_LOG_H_

#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "gameai/arena/arena.h"
#include "gameai/net/remote_seat_agent.h"
#include "nlohmann/json.hpp"

namespace gameai::net {

// LoggedGames: what Resume read: the games in order (index 0..n-1) and
// each participant's replies per game, for RemoteSeatAgent's replay.
struct LoggedGames {
  std::vector<nlohmann::json> games;
  std::map<int, std::vector<GameReplies>> replies;  // by participant
};

class TournamentLog {
 public:
  // Create: a new log at `path` with `header` as its first line. Errors:
  // AlreadyExists when the file holds anything (use --resume), or the
  // system's reason naming the path.
  static absl::StatusOr<TournamentLog> Create(const std::string& path,
                                              const nlohmann::json& header);
  // Resume: opens `path` for appending after checking that its first line
  // equals `header` (else FailedPrecondition naming the field that
  // differs) and that its game lines are games 0, 1, ... in order. A last
  // line cut short (the server killed while writing it) is cut off.
  static absl::StatusOr<TournamentLog> Resume(const std::string& path,
                                              const nlohmann::json& header,
                                              LoggedGames& logged);

  TournamentLog(TournamentLog&& other) noexcept;
  TournamentLog& operator=(TournamentLog&& other) noexcept;
  ~TournamentLog();

  // Append: one line, flushed to the system before it returns.
  absl::Status Append(const nlohmann::json& line);

 private:
  TournamentLog(std::FILE* file, std::string path)
      : file_(file), path_(std::move(path)) {}
  std::FILE* file_ = nullptr;
  std::string path_;
};

// FinishedGameLine: a game line of the log (without the remote seats'
// "replies" and "seeds"): its index, seats, slots, every transition
// ([player, action], -1 for chance, a joint action one entry per seat),
// scores, returns and illegal actions per seat. `gameai match --log`
// writes these lines too.
nlohmann::json FinishedGameLine(const FinishedGame& g);

// ReplyToJson / ReplyFromJson: a reply as logged (an integer, or
// {"error": "..."}).
nlohmann::json ReplyToJson(const Reply& reply);

}  // namespace gameai::net

#endif  // GAMEAI_NET_TOURNAMENT_LOG_H_
