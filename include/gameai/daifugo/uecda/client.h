// gameai/daifugo/uecda/client.h: a UECda client (protocol 20070;
// docs/uecda.md) that plays a whole match on the server with any
// registered daifugo agent, under the server's rules (daifugo(uecda=true)).
//
// MatchTracker rebuilds what the agent's seat may know from the tables
// alone: its hand, every seat's card count, the field, revolution and lock,
// the classes of the deal message (the later tables' class cells are not
// reliable), the seats, who has passed since the field cleared, who went
// out in which order, every card played, and the cards of the exchange it
// took part in. PlayMatch drives the message sequence of §4.
#ifndef GAMEAI_DAIFUGO_UECDA_CLIENT_H_
#define GAMEAI_DAIFUGO_UECDA_CLIENT_H_

#include <array>
#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "gameai/daifugo/daifugo.h"
#include "gameai/daifugo/uecda/connection.h"
#include "gameai/daifugo/uecda/table.h"
#include "gameai/dynamic/agent.h"
#include "gameai/dynamic/registry.h"

namespace gameai::uecda {

struct GameResult {
  int game = 0;                       // 1-based
  std::array<int, kPlayers> place{};  // 1..5; 0: not known (random end)
};

class MatchTracker {
 public:
  explicit MatchTracker(int me) : me_(me) {}

  // OnDeal: a deal table ([5][0] = 1) starts game game()+1.
  absl::Status OnDeal(const Table& t);
  // give_count: cards this seat gives back now (2 大富豪, 1 富豪, else 0).
  int give_count() const { return give_; }
  // GiveBackView: the kernel view of a give-back with `left` cards to go,
  // `given` already chosen.
  daifugo::Position GiveBackView(int left, daifugo::Cards given) const;
  void OnGave(daifugo::Cards given) { gave_ = given; }
  // OnHand: a turn's hand table; my_turn() says whether to submit.
  absl::Status OnHand(const Table& t);
  bool my_turn() const { return my_turn_; }
  bool revolution() const { return revolution_; }
  // TurnView: the kernel view of this seat to move, or an error when the
  // tables contradict each other (cards and counts do not add up).
  absl::StatusOr<daifugo::Position> TurnView() const;
  // OnField: a turn's field table; `move` gets the move's text for logs.
  absl::Status OnField(const Table& t, std::string& move);
  // EndGame: the end flag 1 or 2 closed the game.
  void EndGame();

  int me() const { return me_; }
  int game() const { return game_; }
  daifugo::Cards hand() const { return hand_; }
  const std::vector<GameResult>& games() const { return games_; }

 private:
  std::array<uint32_t, daifugo::kMaxPlayers> Points() const;
  daifugo::Position BaseView() const;

  int me_;
  int game_ = 0;
  daifugo::Cards deal_hand_ = 0, hand_ = 0, gave_ = 0, played_ = 0;
  std::array<int, kPlayers> class_{};  // 0 大富豪 .. 4 大貧民
  bool classes_known_ = false;
  std::array<int, kPlayers> seat_{};  // player at seat s
  std::array<int, kPlayers> count_{};
  int give_ = 0;
  bool first_hand_ = false;
  bool my_turn_ = false;
  daifugo::Meld field_;
  int owner_ = 0;
  uint8_t passed_ = 0;
  uint8_t finished_ = 0;
  std::array<uint8_t, daifugo::kMaxPlayers> place_{};
  std::array<daifugo::Cards, daifugo::kMaxPlayers> known_{};  // in their hands
  bool revolution_ = false;
  bool lock_ = false;
  std::vector<GameResult> games_;
};

struct ClientOptions {
  std::string host = "127.0.0.1";
  int port = 42485;
  std::string agent = "heuristic";    // a daifugo agent spec
  std::string name = "gameai";        // the server keeps 9 characters
  Millis timeout{600'000};            // per message awaited
  uint64_t seed = 0;                  // the agent's seed
  std::ostream* games_log = nullptr;  // every deal, move and result
};

struct MatchSummary {
  int player = -1;
  std::vector<GameResult> games;
  std::array<int, kPlayers> points{};  // summed over the match
  int rejected_plays = 0;  // melds the server answered 8 (passes excluded)
  // games_log_error: why games_log stopped taking lines (the match went
  // on without it), or empty.
  std::string games_log_error;
};

// LoadUecdaAgent: `spec` as an agent of the server's game
// (daifugo(uecda=true)), or the error naming what is wrong with it.
absl::StatusOr<std::unique_ptr<Agent>> LoadUecdaAgent(const std::string& spec);

// PlayMatch: connects, plays until the server's end flag 2, and returns the
// summary; an error names what the server did that the protocol does not
// allow, or that it closed or fell silent (`timeout`) before the end.
absl::StatusOr<MatchSummary> PlayMatch(const ClientOptions& options);

// UecdaCommand: `gameai uecda`, Daifugo's command (PlayMatch with the
// options given on the command line).
CommandEntry UecdaCommand();
// SummaryText: points and places per game, and the totals.
std::string SummaryText(const MatchSummary& summary);

}  // namespace gameai::uecda

#endif  // GAMEAI_DAIFUGO_UECDA_CLIENT_H_
