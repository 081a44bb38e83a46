#include "gameai/net/remote_seat_agent.h"

#include <algorithm>
#include <random>

#include "fmt/format.h"
#include "gameai/arena/view_json.h"
#include "gameai/base/text.h"

namespace gameai::net {
namespace {

// ActsIn: whether `seat` chooses an action at `view`.
bool ActsIn(const State& view, Player seat) {
  const Player current = view.CurrentPlayer();
  return current == seat ||
         (current == kSimultaneousPlayer && !view.LegalActions(seat).empty());
}

}  // namespace

RemoteSeatAgent::RemoteSeatAgent(TournamentServer& server, int participant,
                                 Millis move_time,
                                 std::vector<GameReplies> replay,
                                 bool secret_seeds)
    : server_(server),
      participant_(participant),
      move_time_(move_time),
      replay_(std::move(replay)),
      secret_seeds_(secret_seeds) {}

void RemoteSeatAgent::OnStartGame(const Game& game, uint64_t seed) {
  (void)game;
  ++game_index_;
  replay_pos_ = 0;
  replies_.clear();
  sent_seed_ = 0;
  if (replaying()) return;
  sent_seed_ = seed;
  if (secret_seeds_) {
    std::random_device device;
    sent_seed_ = uint64_t{device()} << 32 | device();
  }
  server_.SetGameStart(participant_, {{"type", "game_start"},
                                      {"game_index", game_index_},
                                      {"seat", seat()},
                                      {"seed", sent_seed_},
                                      {"table", table()}});
}

nlohmann::json RemoteSeatAgent::ActMessage(const State& view) const {
  return {{"game_index", game_index_},
          {"view", ViewToJson(view, seat())},
          {"legal_actions", LegalActionsToJson(view, seat())}};
}

absl::StatusOr<Action> RemoteSeatAgent::DoStep(const State& view) {
  if (replaying()) {
    const GameReplies& game = replay_[game_index_];
    if (replay_pos_ >= game.size()) {
      return absl::DataLossError(fmt::format(
          "the log holds {} replies of participant {} in game {}, the game "
          "asks for more",
          game.size(), participant_, game_index_));
    }
    const Reply& reply = game[replay_pos_++];
    replies_.push_back(reply);
    if (reply.action) return *reply.action;
    return absl::UnavailableError(reply.error);
  }
  AskResult result = server_.Ask(participant_, view.Serialize(),
                                 ActMessage(view), move_time_, /*wait=*/true);
  if (!result.action.ok()) {
    const std::string error = Str(result.action.status().message());
    replies_.push_back({std::nullopt, error});
    return absl::UnavailableError(error);
  }
  const Action action = *result.action;
  replies_.push_back({action, ""});
  const std::vector<Action> legal = view.LegalActions(seat());
  if (!std::binary_search(legal.begin(), legal.end(), action)) {
    server_.Reject(participant_, result.request,
                   fmt::format("action {} is not legal here; the referee "
                               "played for you",
                               action));
  }
  return action;
}

void RemoteSeatAgent::OnInform(const State& view, const Event& event) {
  if (replaying()) return;
  server_.Send(participant_, {{"type", "event"},
                              {"game_index", game_index_},
                              {"event", EventToJson(view, seat(), event)},
                              {"view", ViewToJson(view, seat())}});
  // The next Step is at this view: ask now, so that every seat thinks at
  // the same time instead of one after the other.
  if (ActsIn(view, seat())) {
    server_.Ask(participant_, view.Serialize(), ActMessage(view), move_time_,
                /*wait=*/false);
  }
}

void RemoteSeatAgent::OnEndGame(const State& view,
                                absl::Span<const double> returns) {
  if (replaying()) return;
  server_.Send(
      participant_,
      {{"type", "game_end"},
       {"game_index", game_index_},
       {"scores", view.Scores()},
       {"returns", std::vector<double>(returns.begin(), returns.end())},
       {"view", ViewToJson(view, seat())}});
}

}  // namespace gameai::net
