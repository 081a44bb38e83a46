// gameai/net/remote_seat_agent.h: a table slot played over the network.
//
// To the arena it is an Agent like any other, so seat rotation, per-game
// seeds, the referee's fallback for bad actions and the standings apply
// unchanged: StartGame, Inform, Step and EndGame become the protocol's
// game_start, event, act and game_end messages (docs/protocol.md), and a
// client that runs agent X gets exactly the calls X gets in-process. Any
// failure (no client, a missed deadline, a malformed or illegal reply)
// makes Step return an error or the illegal action, which the arena
// rejects, counts and replaces.
//
// Replay (resume from a log): the games of `replay` are answered from the
// logged replies without any message, so the arena (and every built-in
// agent's memory) reaches the state of the interrupted run.
#ifndef GAMEAI_NET_REMOTE_SEAT_AGENT_H_
#define GAMEAI_NET_REMOTE_SEAT_AGENT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "gameai/dynamic/agent.h"
#include "gameai/net/server.h"

namespace gameai::net {

// Reply: what a seat answered to one Step: an action, or the error.
struct Reply {
  std::optional<Action> action;
  std::string error;
};
using GameReplies = std::vector<Reply>;

class RemoteSeatAgent final : public Agent {
 public:
  // `replay[g]`: game g's logged replies of this participant, in order.
  // `secret_seeds`: false hands the client the arena's per-game seat seed
  // (as in-process agents get: results identical to `gameai match`, but
  // the seed reveals the game's chance events); true a fresh random 64-bit
  // seed per game (std::random_device), unrelated to the arena's.
  RemoteSeatAgent(TournamentServer& server, int participant, Millis move_time,
                  std::vector<GameReplies> replay, bool secret_seeds);

  int participant() const { return participant_; }
  // replies: this game's replies so far (the log's record).
  const GameReplies& replies() const { return replies_; }
  // sent_seed: the seed this game's game_start handed the client (the
  // log's record; 0 for a game replayed from the log).
  uint64_t sent_seed() const { return sent_seed_; }
  bool HasMemory() const override { return true; }  // the client's

 protected:
  absl::StatusOr<Action> DoStep(const State& view) override;
  void OnStartGame(const Game& game, uint64_t seed) override;
  void OnInform(const State& view, const Event& event) override;
  void OnEndGame(const State& view, absl::Span<const double> returns) override;

 private:
  bool replaying() const {
    return game_index_ < static_cast<int64_t>(replay_.size());
  }
  nlohmann::json ActMessage(const State& view) const;

  TournamentServer& server_;
  int participant_;
  Millis move_time_;
  std::vector<GameReplies> replay_;
  bool secret_seeds_;
  uint64_t sent_seed_ = 0;
  int64_t game_index_ = -1;
  size_t replay_pos_ = 0;
  GameReplies replies_;
};

}  // namespace gameai::net

#endif  // GAMEAI_NET_REMOTE_SEAT_AGENT_H_
