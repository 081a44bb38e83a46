#include "uecda_server.h"

#include <algorithm>
#include <bit>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"

namespace gameai::uecda::testing {
namespace {

using daifugo::Card;
using daifugo::kJoker;

constexpr int kEightCol = 6;

bool HasCards(int p, const std::array<Cards, kPlayers>& hands) {
  return hands[p] != 0;
}

}  // namespace

Submission Classify(const Table& t) {
  Submission s;
  int twos = 0, low = kCols, row = -1;
  for (int col = 0; col < kCols; ++col) {
    for (int r = 0; r <= 4; ++r) {
      const uint32_t v = t[r][col];
      if (v == 0) continue;
      const bool edge = col == 0 || col == kCols - 1;
      if (v > 2 || (v == 1 && (r == 4 || edge)) || (v == 2 && ++twos > 1)) {
        return {.type = Submission::kInvalid};
      }
      ++s.n;
      s.cards |= v == 2 ? kJoker : Card(col - 1, r);
      if (col < low) {
        low = col;
        row = r;
      }
    }
  }
  if (s.n == 0) return s;
  s.low = s.high = low;
  s.suits = 1 << row;
  if (s.n == 1) {
    s.type = t[row][low] == 2 ? Submission::kJoker : Submission::kSingle;
    return s;
  }
  if (low + 1 < kCols && t[row][low + 1] != 0) {
    int high = low;
    while (high + 1 < kCols && t[row][high + 1] != 0) ++high;
    if (high - low + 1 != s.n || s.n < 3 || row == 4) {
      return {.type = Submission::kInvalid};
    }
    s.type = Submission::kSequence;
    s.high = high;
    return s;
  }
  int rows = 0, in_column = 0;
  for (int r = 0; r <= 4; ++r) {
    if (t[r][low] != 0) {
      rows |= 1 << r;
      ++in_column;
    }
  }
  if (in_column != s.n || low == 0 || low == kCols - 1 ||
      ((rows & 16) && s.n != 5)) {
    return {.type = Submission::kInvalid};
  }
  s.type = Submission::kGroup;
  s.suits = rows;
  return s;
}

bool Accepts(const Field& field, const Submission& s, Cards hand) {
  if (s.type == Submission::kInvalid || s.type == Submission::kPass) {
    return false;
  }
  if ((s.cards & ~hand) != 0) return false;  // a 2 cell needs the joker
  const Submission& f = field.meld;
  if (f.type == Submission::kPass) return true;
  if (f.type == Submission::kJoker) {  // only the ♠3 answers it
    return s.type == Submission::kSingle && s.cards == Card(0, 0);
  }
  if (s.type == Submission::kJoker) return f.type == Submission::kSingle;
  if (s.type != f.type || s.n != f.n) return false;
  if (field.lock && s.suits != f.suits) return false;
  if (s.type == Submission::kGroup) {
    return field.revolution ? s.low < f.low : s.low > f.low;
  }
  return field.revolution ? s.high < f.low : s.low >= f.low + f.n;
}

Cards StrongestCards(Cards hand, int n) {
  Cards out = 0;
  if ((hand & kJoker) && n > 0) {
    out |= kJoker;
    --n;
  }
  for (int col = 13; col >= 1 && n > 0; --col) {
    for (int row = 0; row < 4 && n > 0; ++row) {
      if (hand & Card(col - 1, row)) {
        out |= Card(col - 1, row);
        --n;
      }
    }
  }
  return out;
}

Cards GiveBackCards(const Table& t, Cards hand, int n, bool* valid) {
  int twos = 0, cells = 0;
  Cards cards = 0;
  bool ok = true;
  for (int r = 0; r <= 4; ++r) {
    for (int col = 0; col < kCols; ++col) {
      const uint32_t v = t[r][col];
      if (v == 0) continue;
      ++cells;
      if (v > 2 || (v == 1 && (r == 4 || col == 0 || col == kCols - 1)) ||
          (v == 2 && ++twos > 1)) {
        ok = false;
        continue;
      }
      cards |= v == 2 ? kJoker : Card(col - 1, r);
    }
  }
  ok = ok && cells == n && (cards & ~hand) == 0;
  if (valid != nullptr) *valid = ok;
  return ok ? cards : StrongestCards(hand, n);
}

absl::StatusOr<std::unique_ptr<TestServer>> TestServer::Open(
    const ServerOptions& options) {
  if (options.games < 1 || options.reset_every < 2 ||
      options.shuffle_every < 1) {
    return absl::InvalidArgumentError(
        "test server: games >= 1, reset_every >= 2, shuffle_every >= 1");
  }
  GAMEAI_ASSIGN_OR_RETURN(std::unique_ptr<Listener> listener,
                          Listener::Open(0));
  std::unique_ptr<TestServer> server(new TestServer(options));
  server->listener_ = std::move(listener);
  server->rng_.Seed(options.seed);
  return server;
}

absl::Status TestServer::Send(int p, const Table& t) {
  if (report_.disconnected[p]) return absl::OkStatus();
  absl::Status s;
  if (options_.fragment > 0) {
    const TableBytes bytes = EncodeTable(t);
    for (size_t i = 0; i < bytes.size() && s.ok();
         i += static_cast<size_t>(options_.fragment)) {
      const size_t size = std::min<size_t>(options_.fragment, bytes.size() - i);
      s = clients_[p]->WriteBytes(bytes.data() + i, size, options_.timeout);
    }
  } else {
    s = clients_[p]->WriteTable(t, options_.timeout);
  }
  if (absl::IsUnavailable(s)) report_.disconnected[p] = true;  // as EPIPE
  return absl::IsUnavailable(s) ? absl::OkStatus() : s;
}

absl::Status TestServer::SendInt(int p, uint32_t v) {
  if (report_.disconnected[p]) return absl::OkStatus();
  absl::Status s = clients_[p]->WriteInt(v, options_.timeout);
  if (absl::IsUnavailable(s)) report_.disconnected[p] = true;
  return absl::IsUnavailable(s) ? absl::OkStatus() : s;
}

// Receive: a client's table; a closed connection reads as zeros (a pass),
// as on the real server.
Table TestServer::Receive(int p, absl::Status& status) {
  if (report_.disconnected[p]) return Table{};
  absl::StatusOr<Table> t = clients_[p]->ReadTable(
      options_.timeout, fmt::format("player {}'s table", p).c_str());
  if (t.ok()) return *t;
  if (absl::IsUnavailable(t.status())) {
    report_.disconnected[p] = true;
  } else {
    status = t.status();
  }
  return Table{};
}

absl::StatusOr<ServerReport> TestServer::Run() {
  for (int p = 0; p < kPlayers; ++p) {
    GAMEAI_ASSIGN_OR_RETURN(std::unique_ptr<Connection> c,
                            listener_->Accept(options_.timeout));
    clients_[p] = std::move(c);
    absl::StatusOr<Table> hello =
        clients_[p]->ReadTable(options_.timeout, "the handshake");
    if (!hello.ok()) return hello.status();
    if ((*hello)[0][0] != kProtocolVersion) {
      return absl::InvalidArgumentError(
          fmt::format("client {} speaks protocol {}; this server speaks {}", p,
                      (*hello)[0][0], kProtocolVersion));
    }
    for (int i = 0; i < 9 && (*hello)[1][i] != 0; ++i) {
      report_.names[p] += static_cast<char>((*hello)[1][i] & 0x7F);
    }
    GAMEAI_RETURN_IF_ERROR(SendInt(p, static_cast<uint32_t>(p)));
  }
  for (int s = 0; s < kPlayers; ++s) seat_[s] = s;
  for (int n = 1; n <= options_.games; ++n) {
    GAMEAI_RETURN_IF_ERROR(PlayGame(n));
  }
  for (auto& c : clients_) c->Close();
  return report_;
}

absl::Status TestServer::PlayGame(int n) {
  const int players = kPlayers;
  if (n % options_.shuffle_every == 1) {  // never for 1: n % 1 == 1 fails
    for (int i = players - 1; i > 0; --i) {
      std::swap(seat_[i], seat_[rng_.Below(i + 1)]);
    }
  }
  const bool reset = (n - 1) % options_.reset_every == 0;
  auto seat_of = [&](int p) {
    return static_cast<int>(std::find(seat_.begin(), seat_.end(), p) -
                            seat_.begin());
  };
  auto with_class = [&](int k) {
    return static_cast<int>(std::find(klass_.begin(), klass_.end(), k) -
                            klass_.begin());
  };
  // Deal one card at a time around the seats.
  std::array<int, 53> deck;
  for (int i = 0; i < 53; ++i) deck[i] = i;
  for (int i = 52; i > 0; --i) std::swap(deck[i], deck[rng_.Below(i + 1)]);
  std::array<Cards, kPlayers> hands{};
  int s =
      seat_of(reset ? static_cast<int>(rng_.Below(players)) : with_class(0));
  for (int card : deck) {
    hands[seat_[s]] |= Cards{1} << card;
    s = (s + 1) % players;
  }
  const std::array<Cards, kPlayers> before = hands;
  if (!reset) {
    const Cards two = StrongestCards(hands[with_class(4)], 2);
    hands[with_class(4)] &= ~two;
    hands[with_class(0)] |= two;
    const Cards one = StrongestCards(hands[with_class(3)], 1);
    hands[with_class(3)] &= ~one;
    hands[with_class(1)] |= one;
  }
  for (int p = 0; p < players; ++p) {
    const bool rich = !reset && klass_[p] <= 1;
    Table t = CardsTable(rich ? hands[p] : before[p]);
    t[5][0] = 1;
    t[5][1] = reset ? 0 : static_cast<uint32_t>(std::max(0, 2 - klass_[p]));
    t[5][3] = 6;
    for (int q = 0; q < players; ++q) {
      t[6][q] = static_cast<uint32_t>(std::popcount(before[q]));
      t[6][5 + q] = reset ? 0 : static_cast<uint32_t>(klass_[q]);
      t[6][10 + q] = static_cast<uint32_t>(seat_[q]);
    }
    GAMEAI_RETURN_IF_ERROR(Send(p, t));
  }
  absl::Status status;
  if (!reset) {
    for (int rich = 0; rich <= 1; ++rich) {
      const int giver = with_class(rich), taker = with_class(4 - rich);
      const Table t = Receive(giver, status);
      if (!status.ok()) return status;
      bool valid = false;
      const Cards given = GiveBackCards(t, hands[giver], 2 - rich, &valid);
      if (!valid) ++report_.invalid_give_backs[giver];
      hands[giver] &= ~given;
      hands[taker] |= given;
    }
  }
  // Turns.
  int cur = 0;
  for (int p = 0; p < players; ++p) {
    if (hands[p] & Card(0, 2)) cur = p;  // ♦3
  }
  Field field;
  Table field_table{};
  std::array<bool, kPlayers> passed{};
  std::array<int, kPlayers> place;
  place.fill(-1);
  int out = 0, refused = 0, last = cur;
  auto next_with_cards = [&](int p) {
    for (int i = 1; i <= players; ++i) {
      const int q = seat_[(seat_of(p) + i) % players];
      if (HasCards(q, hands)) return q;
    }
    return p;
  };
  auto state_rows = [&](Table& t) {
    t[5][4] = field.meld.type == Submission::kPass;
    t[5][6] = field.revolution;
    t[5][7] = field.lock;
    for (int q = 0; q < players; ++q) {
      t[6][q] = static_cast<uint32_t>(std::popcount(hands[q]));
      t[6][5 + q] = reset ? 0 : static_cast<uint32_t>(klass_[q]);
      t[6][10 + q] = static_cast<uint32_t>(seat_[q]);
    }
  };
  while (true) {
    for (int p = 0; p < players; ++p) {
      Table t = CardsTable(hands[p]);
      t[5][2] = p == cur;
      t[5][3] = static_cast<uint32_t>(cur);
      state_rows(t);
      GAMEAI_RETURN_IF_ERROR(Send(p, t));
    }
    Table sub_table = Receive(cur, status);
    if (!status.ok()) return status;
    for (int r = 5; r < kRows; ++r) sub_table[r] = {};
    const Submission sub = Classify(sub_table);
    bool accepted = Accepts(field, sub, hands[cur]);
    if (cur == options_.refuse_player) accepted = false;
    const bool pass_on_empty =
        sub.type == Submission::kPass && field.meld.type == Submission::kPass;
    GAMEAI_RETURN_IF_ERROR(SendInt(cur, accepted || pass_on_empty ? 9 : 8));
    bool clear = false;
    if (accepted) {
      const Submission was = field.meld;
      if (sub.type == Submission::kJoker) {
        field.lock = false;
      } else if (was.type != Submission::kPass &&
                 was.type != Submission::kJoker && sub.suits == was.suits) {
        field.lock = true;
      }
      if ((sub.type == Submission::kGroup && sub.n >= 4) ||
          (sub.type == Submission::kSequence && sub.n >= 5)) {
        field.revolution = !field.revolution;
      }
      const bool eight =
          (sub.type == Submission::kSingle || sub.type == Submission::kGroup)
              ? sub.low == kEightCol
              : sub.type == Submission::kSequence && sub.low <= kEightCol &&
                    kEightCol <= sub.high;
      clear = eight || was.type == Submission::kJoker;
      field.meld = sub;
      field_table = sub_table;
      hands[cur] &= ~sub.cards;
      last = cur;
      refused = 0;
      if (hands[cur] == 0) place[cur] = out++;
    } else {
      if (sub.type != Submission::kPass) ++report_.rejected[cur];
      passed[cur] = true;
      ++refused;
    }
    for (int p = 0; p < players; ++p) {
      Table t = field_table;
      for (int r = 5; r < kRows; ++r) t[r] = {};
      t[5][3] = static_cast<uint32_t>(cur);
      state_rows(t);
      GAMEAI_RETURN_IF_ERROR(Send(p, t));
    }
    bool over = out >= players - 1;
    if (!over && refused >= 20) {  // the rest placed at random
      std::vector<int> rest;
      for (int p = 0; p < players; ++p) {
        if (place[p] < 0) rest.push_back(p);
      }
      for (int i = static_cast<int>(rest.size()) - 1; i > 0; --i) {
        std::swap(rest[i], rest[rng_.Below(i + 1)]);
      }
      for (int p : rest) place[p] = out++;
      ++report_.random_endings;
      over = true;
    }
    if (over) {
      for (int p = 0; p < players; ++p) {
        if (place[p] < 0) place[p] = out++;
      }
      std::array<int, kPlayers> places{};
      for (int p = 0; p < players; ++p) {
        klass_[p] = place[p];
        places[p] = place[p] + 1;
        report_.points[p] += kPlayers - place[p];
      }
      report_.places.push_back(places);
      ++report_.games;
      for (int p = 0; p < players; ++p) {
        GAMEAI_RETURN_IF_ERROR(SendInt(p, n == options_.games ? 2 : 1));
      }
      return absl::OkStatus();
    }
    bool all_passed = true;
    for (int p = 0; p < players; ++p) {
      if (HasCards(p, hands) && !passed[p]) all_passed = false;
    }
    if (clear || all_passed) {
      const int leader = clear ? cur : last;
      field.meld = {};
      field.lock = false;
      field_table = {};
      passed = {};
      cur = HasCards(leader, hands) ? leader : next_with_cards(leader);
    } else {
      for (int i = 1; i <= players; ++i) {
        const int q = seat_[(seat_of(cur) + i) % players];
        if (HasCards(q, hands) && !passed[q]) {
          cur = q;
          break;
        }
      }
    }
    for (int p = 0; p < players; ++p) {
      GAMEAI_RETURN_IF_ERROR(SendInt(p, 0));
    }
  }
}

}  // namespace gameai::uecda::testing
