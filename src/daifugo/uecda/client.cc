#include "gameai/daifugo/uecda/client.h"

#include <bit>
#include <cerrno>
#include <cstring>
#include <memory>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/random.h"
#include "gameai/base/status_macros.h"
#include "gameai/dynamic/registry.h"
#include "gameai/kernel/kernel_adapter.h"

namespace gameai::uecda {
namespace {

using daifugo::Cards;
using daifugo::kFullDeck;
using daifugo::Meld;
using daifugo::Phase;
using daifugo::Position;

absl::Status Protocol(std::string_view what) {
  return absl::DataLossError(
      fmt::format("the server broke the protocol: {}", what));
}

// Permutation: cells t[row][first..first+4] hold 0..4 once each.
bool Permutation(const Table& t, int row, int first) {
  int seen = 0;
  for (int i = 0; i < kPlayers; ++i) {
    const uint32_t v = t[row][first + i];
    if (v >= kPlayers) return false;
    seen |= 1 << v;
  }
  return seen == 0x1F;
}

absl::Status ReadCounts(const Table& t, std::array<int, kPlayers>& counts) {
  for (int p = 0; p < kPlayers; ++p) {
    if (t[6][p] > 53)
      return Protocol(fmt::format("[6][{}] = {} cards", p, t[6][p]));
    counts[p] = static_cast<int>(t[6][p]);
  }
  return absl::OkStatus();
}

}  // namespace

absl::Status MatchTracker::OnDeal(const Table& t) {
  if (t[5][0] != 1) return Protocol("a deal table has [5][0] = 1");
  absl::StatusOr<Cards> hand = HandOf(t);
  if (!hand.ok()) return Protocol("deal table: " + hand.status().ToString());
  if (!Permutation(t, 6, 10))
    return Protocol("[6][10..14] seat every player once");
  bool zero = true;
  for (int p = 0; p < kPlayers; ++p) zero = zero && t[6][5 + p] == 0;
  if (!zero && !Permutation(t, 6, 5)) {
    return Protocol("[6][5..9] give every class 0..4 once, or all 0");
  }
  std::array<int, kPlayers> counts{};
  GAMEAI_RETURN_IF_ERROR(ReadCounts(t, counts));
  int total = 0;
  for (int c : counts) total += c;
  if (total != 53)
    return Protocol(fmt::format("the deal counts {} cards, not 53", total));
  const uint32_t give = t[5][1];
  if (give > 2 || (give > 0 && (zero || t[6][5 + me_] != 2 - give))) {
    return Protocol(fmt::format(
        "[5][1] = {}: only the 大富豪 gives 2 and the 富豪 1", give));
  }
  // The deal's classes are the last game's places: authoritative, also
  // when the server ended that game with random places.
  if (!zero && !games_.empty()) {
    for (int p = 0; p < kPlayers; ++p) {
      games_.back().place[p] = static_cast<int>(t[6][5 + p]) + 1;
    }
  }
  ++game_;
  classes_known_ = !zero;
  for (int p = 0; p < kPlayers; ++p) {
    class_[p] = static_cast<int>(t[6][5 + p]);
    seat_[p] = static_cast<int>(t[6][10 + p]);
  }
  count_ = counts;
  deal_hand_ = hand_ = *hand;
  give_ = static_cast<int>(give);
  gave_ = played_ = 0;
  first_hand_ = true;
  my_turn_ = false;
  field_ = Meld{};
  owner_ = 0;
  passed_ = finished_ = 0;
  place_ = {};
  known_ = {};
  revolution_ = lock_ = false;
  return absl::OkStatus();
}

std::array<uint32_t, daifugo::kMaxPlayers> MatchTracker::Points() const {
  std::array<uint32_t, daifugo::kMaxPlayers> points{};
  for (const GameResult& g : games_) {
    for (int p = 0; p < kPlayers; ++p) {
      if (g.place[p] > 0) points[p] += static_cast<uint32_t>(6 - g.place[p]);
    }
  }
  return points;
}

Position MatchTracker::BaseView() const {
  Position v;
  v.games_done = static_cast<uint16_t>(game_ - 1);
  v.points = Points();
  for (int p = 0; p < kPlayers; ++p) {
    v.last_place[p] = classes_known_ ? static_cast<uint8_t>(class_[p] + 1) : 0;
    v.table[p] = static_cast<uint8_t>(seat_[p]);
  }
  for (int s = 0; s < kPlayers; ++s) {
    v.deal.next[seat_[s]] = static_cast<uint8_t>(seat_[(s + 1) % kPlayers]);
  }
  v.deal.hands[me_] = hand_;
  v.received = known_;
  for (int q = 0; q < kPlayers; ++q) {
    if (q == me_) continue;
    v.hidden |= static_cast<uint8_t>(1 << q);
    v.count[q] = static_cast<uint8_t>(count_[q]);
  }
  return v;
}

Position MatchTracker::GiveBackView(int left, Cards given) const {
  Position v = BaseView();
  v.phase = Phase::kGiveBack;
  v.exchange_due = true;
  v.giver = static_cast<uint8_t>(me_);
  v.give_left = static_cast<uint8_t>(left);
  v.deal.hands[me_] = hand_ & ~given;
  // The counts after the forced transfers (and, for the 富豪, after the
  // 大富豪's give-back), so that they add up with this hand.
  static constexpr int kAfterTake[kPlayers] = {2, 1, 0, -1, -2};
  for (int q = 0; q < kPlayers; ++q) {
    if (q == me_) continue;
    int delta = kAfterTake[class_[q]];
    if (class_[me_] == 1 && (class_[q] == 0 || class_[q] == 4)) delta = 0;
    v.count[q] = static_cast<uint8_t>(count_[q] + delta);
  }
  return v;
}

absl::Status MatchTracker::OnHand(const Table& t) {
  if (t[5][0] != 0) return Protocol("a deal table in the middle of a game");
  absl::StatusOr<Cards> hand = HandOf(t);
  if (!hand.ok()) return Protocol("hand table: " + hand.status().ToString());
  if (t[5][3] >= kPlayers) {
    return Protocol(fmt::format("[5][3] = {} is no player", t[5][3]));
  }
  if (t[5][2] > 1 || (t[5][2] == 1 && t[5][3] != static_cast<uint32_t>(me_))) {
    return Protocol("[5][2] = 1 (your turn) in a table naming another player");
  }
  if ((*hand & played_) != 0)
    return Protocol("the hand holds cards already played");
  GAMEAI_RETURN_IF_ERROR(ReadCounts(t, count_));
  if (first_hand_) {
    first_hand_ = false;
    auto with_class = [&](int c) {
      for (int p = 0; p < kPlayers; ++p) {
        if (class_[p] == c) return p;
      }
      return 0;
    };
    if (classes_known_ && class_[me_] >= 3) {  // what the server took from us
      known_[with_class(kPlayers - 1 - class_[me_])] |= deal_hand_ & ~*hand;
    }
    if (give_ > 0) known_[with_class(kPlayers - 1 - class_[me_])] |= gave_;
  }
  hand_ = *hand;
  my_turn_ = t[5][2] == 1;
  if (t[5][4] == 1) {  // the field cleared
    field_ = Meld{};
    passed_ = 0;
  }
  revolution_ = t[5][6] != 0;
  lock_ = t[5][7] != 0;
  return absl::OkStatus();
}

absl::StatusOr<Position> MatchTracker::TurnView() const {
  Position v = BaseView();
  v.phase = Phase::kPlay;
  daifugo::Deal& d = v.deal;
  d.field = field_;
  d.played = played_;
  d.place = place_;
  d.field_owner = static_cast<uint8_t>(owner_);
  d.to_move = static_cast<uint8_t>(me_);
  d.passed = passed_;
  d.finished = finished_;
  d.lock = lock_ && !field_.IsPass() ? field_.suits : 0;
  d.revolution = revolution_;
  int hidden = 0;
  for (int q = 0; q < kPlayers; ++q) hidden += q == me_ ? 0 : count_[q];
  const int unseen = std::popcount(kFullDeck & ~played_ & ~hand_);
  if (unseen != hidden || std::popcount(hand_) != count_[me_] || hand_ == 0) {
    return Protocol(fmt::format(
        "the tables disagree: {} cards unseen, {} in the other hands; {} in "
        "hand, {} counted",
        unseen, hidden, std::popcount(hand_), count_[me_]));
  }
  return v;
}

absl::Status MatchTracker::OnField(const Table& t, std::string& move) {
  const uint32_t mover = t[5][3];
  if (mover >= kPlayers) {
    return Protocol(
        fmt::format("field table: [5][3] = {} is no player", mover));
  }
  std::array<int, kPlayers> counts{};
  GAMEAI_RETURN_IF_ERROR(ReadCounts(t, counts));
  for (int p = 0; p < kPlayers; ++p) {
    if (p != static_cast<int>(mover) && counts[p] != count_[p]) {
      return Protocol(
          fmt::format("player {}'s count changed on {}'s move", p, mover));
    }
  }
  const int played = count_[mover] - counts[mover];
  if (played < 0) return Protocol("a player's card count grew during a game");
  if (played == 0) {
    passed_ |= static_cast<uint8_t>(1 << mover);
    move = fmt::format("player {}: pass", mover);
  } else {
    absl::StatusOr<Meld> meld = ParseMeld(t);
    if (!meld.ok()) return Protocol("field table: " + meld.status().ToString());
    if (meld->size != played || (meld->cards & played_) != 0) {
      return Protocol(
          fmt::format("the field shows {} though player {} played {} cards",
                      daifugo::MeldText(*meld), mover, played));
    }
    field_ = *meld;
    owner_ = static_cast<int>(mover);
    played_ |= meld->cards;
    if (static_cast<int>(mover) == me_) hand_ &= ~meld->cards;
    if (counts[mover] == 0) place_[mover] = ++finished_;
    move = fmt::format("player {}: {}", mover, daifugo::MeldText(*meld));
  }
  count_ = counts;
  revolution_ = t[5][6] != 0;
  lock_ = t[5][7] != 0;
  return absl::OkStatus();
}

void MatchTracker::EndGame() {
  GameResult result{.game = game_};
  int left = 0;
  for (int p = 0; p < kPlayers; ++p) {
    result.place[p] = place_[p];
    left += place_[p] == 0;
  }
  if (left == 1) {  // the last one in is 大貧民
    for (int p = 0; p < kPlayers; ++p) {
      if (place_[p] == 0) result.place[p] = kPlayers;
    }
  }
  games_.push_back(result);
}

namespace {

// kServerGame: the game a UECda server plays (its rules, a long match).
constexpr char kServerGame[] = "daifugo(uecda=true,games=10000)";

class Session {
 public:
  explicit Session(const ClientOptions& options) : options_(options) {}

  absl::StatusOr<MatchSummary> Run() {
    GAMEAI_ASSIGN_OR_RETURN(std::shared_ptr<const Game> game,
                            LoadGame(kServerGame));
    game_ = std::dynamic_pointer_cast<const KernelGame<daifugo::Rules>>(game);
    absl::StatusOr<std::unique_ptr<Agent>> agent =
        LoadAgent(*game, options_.agent);
    if (!agent.ok()) return agent.status();
    agent_ = *std::move(agent);

    absl::StatusOr<std::unique_ptr<Connection>> conn =
        Connection::Connect(options_.host, options_.port, options_.timeout);
    if (!conn.ok()) return conn.status();
    conn_ = *std::move(conn);
    absl::StatusOr<int> me = Handshake();
    if (!me.ok()) return me.status();
    GAMEAI_RETURN_IF_ERROR(agent_->StartGame(*game, *me, options_.seed));
    MatchTracker tracker(*me);
    MatchSummary summary{.player = *me};
    absl::StatusOr<Table> deal =
        conn_->ReadTable(options_.timeout, "the first deal");
    while (true) {
      if (!deal.ok()) return deal.status();
      GAMEAI_RETURN_IF_ERROR(tracker.OnDeal(*deal));
      Log("game {}: player {} dealt {}\n", tracker.game(), *me,
          daifugo::CardsText(tracker.hand()));
      GAMEAI_RETURN_IF_ERROR(GiveBack(tracker));
      absl::StatusOr<uint32_t> flag = PlayGame(tracker, summary);
      if (!flag.ok()) return flag.status();
      tracker.EndGame();
      if (*flag == 2) break;
      deal = conn_->ReadTable(options_.timeout, "the next deal");
    }
    summary.games = tracker.games();
    for (const GameResult& g : summary.games) {
      for (int p = 0; p < kPlayers; ++p) {
        if (g.place[p] > 0) summary.points[p] += 6 - g.place[p];
      }
      Log("game {}: places {}\n", g.game, fmt::join(g.place, " "));
    }
    summary.games_log_error = log_error_;
    return summary;
  }

 private:
  // Log: a line to the games log, flushed, so that a write that fails
  // (a full disk) is seen: the first failure's reason is kept and the
  // match goes on without the log.
  template <class... Args>
  void Log(fmt::format_string<Args...> format, Args&&... args) {
    std::ostream* log = options_.games_log;
    if (log == nullptr || !log_error_.empty()) return;
    errno = 0;
    *log << fmt::format(format, std::forward<Args>(args)...) << std::flush;
    if (!*log) {
      log_error_ = errno != 0 ? std::strerror(errno) : "the stream failed";
    }
  }

  absl::StatusOr<int> Handshake() {
    Table hello{};
    hello[0][0] = kProtocolVersion;
    for (size_t i = 0; i < options_.name.size() && i < kCols; ++i) {
      hello[1][i] = static_cast<unsigned char>(options_.name[i]);
    }
    GAMEAI_RETURN_IF_ERROR(conn_->WriteTable(hello, options_.timeout));
    GAMEAI_ASSIGN_OR_RETURN(
        uint32_t me, conn_->ReadInt(options_.timeout, "the player number"));
    if (me >= kPlayers) return Protocol(fmt::format("player number {}", me));
    return static_cast<int>(me);
  }

  absl::StatusOr<Action> Ask(const Position& view) {
    KernelState<daifugo::Rules> state(game_, view);
    return agent_->Step(state);
  }

  absl::Status GiveBack(MatchTracker& tracker) {
    const int n = tracker.give_count();
    if (n == 0) return absl::OkStatus();
    Cards given = 0;
    for (int k = 0; k < n; ++k) {
      GAMEAI_ASSIGN_OR_RETURN(Action a,
                              Ask(tracker.GiveBackView(n - k, given)));
      const int card = static_cast<int>(a) - daifugo::kGiveAction;
      if (card < 0 || card >= 53 || !((tracker.hand() & ~given) >> card & 1)) {
        return absl::InternalError(
            fmt::format("agent '{}' gave back action {}, no card of its hand",
                        options_.agent, a));
      }
      given |= Cards{1} << card;
    }
    tracker.OnGave(given);
    Log("game {}: gives back {}\n", tracker.game(), daifugo::CardsText(given));
    return conn_->WriteTable(CardsTable(given), options_.timeout);
  }

  // PlayGame: the turns until an end flag; returns it (1 or 2).
  absl::StatusOr<uint32_t> PlayGame(MatchTracker& tracker,
                                    MatchSummary& summary) {
    while (true) {
      GAMEAI_ASSIGN_OR_RETURN(
          Table hand, conn_->ReadTable(options_.timeout, "a hand table"));
      GAMEAI_RETURN_IF_ERROR(tracker.OnHand(hand));
      if (tracker.my_turn()) {
        GAMEAI_RETURN_IF_ERROR(Submit(tracker, summary));
      }
      absl::StatusOr<Table> field =
          conn_->ReadTable(options_.timeout, "a field table");
      if (!field.ok()) return field.status();
      std::string move;
      GAMEAI_RETURN_IF_ERROR(tracker.OnField(*field, move));
      Log("game {}: {}\n", tracker.game(), move);
      absl::StatusOr<uint32_t> flag =
          conn_->ReadInt(options_.timeout, "the end flag");
      if (!flag.ok()) return flag.status();
      if (*flag > 2)
        return Protocol(fmt::format("end flag {} (0, 1, 2)", *flag));
      if (*flag != 0) return *flag;
    }
  }

  absl::Status Submit(MatchTracker& tracker, MatchSummary& summary) {
    GAMEAI_ASSIGN_OR_RETURN(Position view, tracker.TurnView());
    absl::StatusOr<Action> a = Ask(view);
    if (!a.ok()) return a.status();
    if (*a >= daifugo::kMeldActions) {
      return absl::InternalError(fmt::format(
          "agent '{}' chose action {}, no meld", options_.agent, *a));
    }
    const Meld& meld = daifugo::MeldIndex::Get().MeldOf(static_cast<int>(*a));
    if ((meld.cards & ~tracker.hand()) != 0) {
      return absl::InternalError(
          fmt::format("agent '{}' chose {}, not in its hand", options_.agent,
                      daifugo::MeldText(meld)));
    }
    absl::Status s = conn_->WriteTable(MeldTable(meld, tracker.revolution()),
                                       options_.timeout);
    if (!s.ok()) return s;
    absl::StatusOr<uint32_t> reply =
        conn_->ReadInt(options_.timeout, "the reply");
    if (!reply.ok()) return reply.status();
    if (*reply != 8 && *reply != 9) {
      return Protocol(fmt::format("reply {} to a submission (8 or 9)", *reply));
    }
    if (*reply == 8 && !meld.IsPass()) {
      ++summary.rejected_plays;
      Log("game {}: the server rejected {}\n", tracker.game(),
          daifugo::MeldText(meld));
    }
    return absl::OkStatus();
  }

  const ClientOptions& options_;
  std::shared_ptr<const KernelGame<daifugo::Rules>> game_;
  std::unique_ptr<Agent> agent_;
  std::string log_error_;
  std::unique_ptr<Connection> conn_;
};

}  // namespace

absl::StatusOr<std::unique_ptr<Agent>> LoadUecdaAgent(const std::string& spec) {
  GAMEAI_ASSIGN_OR_RETURN(std::shared_ptr<const Game> game,
                          LoadGame(kServerGame));
  return LoadAgent(*game, spec);
}

absl::StatusOr<MatchSummary> PlayMatch(const ClientOptions& options) {
  Session session(options);
  return session.Run();
}

std::string SummaryText(const MatchSummary& summary) {
  std::string out;
  std::array<int, kPlayers> totals{};
  std::array<int, kPlayers> places{};
  for (const GameResult& g : summary.games) {
    for (int p = 0; p < kPlayers; ++p) {
      if (g.place[p] > 0) totals[p] += 6 - g.place[p];
    }
    const int mine = g.place[summary.player];
    if (mine > 0) ++places[mine - 1];
    out += fmt::format("game {}: places {}; points {}\n", g.game,
                       fmt::join(g.place, " "), fmt::join(totals, " "));
  }
  const int games = static_cast<int>(summary.games.size());
  const int mine = summary.points[summary.player];
  out += fmt::format(
      "player {}: {} games, {} points ({:.3f} per game), places 1..5: {}, "
      "rejected plays: {}\n",
      summary.player, games, mine,
      games ? static_cast<double>(mine) / games : 0.0, fmt::join(places, " "),
      summary.rejected_plays);
  return out;
}

}  // namespace gameai::uecda
