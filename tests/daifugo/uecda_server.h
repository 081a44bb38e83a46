// A UECda test server of our own, written from the protocol description
// (docs/uecda.md), not from the competition's code: it
// speaks protocol 20070 on 127.0.0.1, deals seeded games and judges every
// submission by the server's rules as described there (its own
// classification and comparison, independent of the daifugo kernel's).
// Bounded: every message it awaits has a timeout.
#ifndef GAMEAI_TESTS_UECDA_SERVER_H_
#define GAMEAI_TESTS_UECDA_SERVER_H_

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "gameai/base/random.h"
#include "gameai/daifugo/melds.h"
#include "gameai/daifugo/uecda/connection.h"
#include "gameai/daifugo/uecda/table.h"

namespace gameai::uecda::testing {

using daifugo::Cards;

// Submission: rows 0..4 of a table as the server classifies them; columns
// are the table's (rank index + 1), suits a bitmask of the rows used.
struct Submission {
  enum Type { kInvalid = -1, kPass = 0, kSingle, kGroup, kSequence, kJoker };
  Type type = kPass;
  int n = 0;
  int low = 0, high = 0;  // columns
  int suits = 0;
  Cards cards = 0;  // the real cards, and kJoker for a 2 cell
};
Submission Classify(const Table& t);

struct Field {
  Submission meld;  // kPass: empty
  bool revolution = false;
  bool lock = false;
};
// Accepts: the server answers 9 (the meld goes on the field) rather than 8.
bool Accepts(const Field& field, const Submission& s, Cards hand);
// StrongestCards: the joker, then 2 down to 3, ♠ ♥ ♦ ♣ within a rank.
Cards StrongestCards(Cards hand, int n);
// GiveBackCards: the `n` cards a give-back table names if it is valid for
// `hand` (a valid table of exactly n cards, all held), else the strongest.
Cards GiveBackCards(const Table& t, Cards hand, int n, bool* valid);

struct ServerOptions {
  int games = 100;
  uint64_t seed = 1;
  int reset_every = 100;   // FLASH_MIBUN_NUMBER
  int shuffle_every = 3;   // RULE_SEKIGAE_NUM
  Millis timeout{60'000};  // per message awaited (the real server waits)
  int fragment = 0;        // > 0: every message written in pieces this big
  int refuse_player = -1;  // answers 8 to every meld of this player
};

struct ServerReport {
  std::array<std::string, kPlayers> names;
  std::array<int, kPlayers> points{};
  std::array<int, kPlayers> rejected{};  // melds answered 8 (not passes)
  std::array<int, kPlayers> invalid_give_backs{};
  std::array<bool, kPlayers> disconnected{};
  int games = 0;
  int random_endings = 0;  // games ended by 20 refusals in a row
  std::vector<std::array<int, kPlayers>> places;  // per game, 1..5
};

class TestServer {
 public:
  static absl::StatusOr<std::unique_ptr<TestServer>> Open(
      const ServerOptions& options);
  int port() const { return listener_->port(); }
  // Run: accepts five clients, plays the match, closes every connection.
  absl::StatusOr<ServerReport> Run();

 private:
  explicit TestServer(const ServerOptions& options) : options_(options) {}
  absl::Status Send(int p, const Table& t);
  absl::Status SendInt(int p, uint32_t v);
  Table Receive(int p, absl::Status& status);
  absl::Status PlayGame(int n);

  ServerOptions options_;
  std::unique_ptr<Listener> listener_;
  std::array<std::unique_ptr<Connection>, kPlayers> clients_;
  Rng rng_;
  ServerReport report_;
  std::array<int, kPlayers> seat_{};   // player at seat s
  std::array<int, kPlayers> klass_{};  // 0 大富豪 .. 4 大貧民
};

}  // namespace gameai::uecda::testing

#endif  // GAMEAI_TESTS_UECDA_SERVER_H_
