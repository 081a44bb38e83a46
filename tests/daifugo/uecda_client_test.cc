// The UECda client (uecda/client.h) against our test server
// (uecda_server.h) and against scripted servers that misbehave; the test
// server's own judging; the view the client rebuilds from the tables.
// Everything on 127.0.0.1 at ephemeral ports, every wait bounded.
#include <future>
#include <thread>

#include "daifugo_cards.h"
#include "gameai/daifugo/uecda/client.h"
#include "gtest/gtest.h"
#include "uecda_server.h"

namespace gameai::uecda {
namespace {

using daifugo::testing::Hand;
using daifugo::testing::MeldIn;
using testing::ServerOptions;
using testing::ServerReport;
using testing::TestServer;

constexpr Millis kWait{20'000};

struct MatchRun {
  absl::StatusOr<ServerReport> report;
  std::vector<absl::StatusOr<MatchSummary>> clients;
};

// RunMatch: the test server and one in-process client per agent spec.
MatchRun RunMatch(const ServerOptions& options,
                  const std::vector<std::string>& agents) {
  absl::StatusOr<std::unique_ptr<TestServer>> server =
      TestServer::Open(options);
  EXPECT_TRUE(server.ok()) << server.status();
  auto served =
      std::async(std::launch::async, [&] { return (*server)->Run(); });
  std::vector<std::future<absl::StatusOr<MatchSummary>>> clients;
  for (size_t i = 0; i < agents.size(); ++i) {
    ClientOptions c{.port = (*server)->port(),
                    .agent = agents[i],
                    .name = "c" + std::to_string(i),
                    .timeout = kWait};
    clients.push_back(
        std::async(std::launch::async, [c] { return PlayMatch(c); }));
  }
  MatchRun run{.report = served.get()};
  for (auto& c : clients) run.clients.push_back(c.get());
  return run;
}

TEST(UecdaClient, FiveClientsPlayAMatchWithoutARejectedMeld) {
  const MatchRun run =
      RunMatch({.games = 4, .seed = 3},
               {"heuristic", "mcts(simulations=30)", "montecarlo(playouts=8)",
                "heuristic", "random"});
  ASSERT_TRUE(run.report.ok()) << run.report.status();
  EXPECT_EQ(run.report->games, 4);
  EXPECT_EQ(run.report->rejected, (std::array<int, 5>{}));
  EXPECT_EQ(run.report->invalid_give_backs, (std::array<int, 5>{}));
  for (const auto& c : run.clients) {
    ASSERT_TRUE(c.ok()) << c.status();
    EXPECT_EQ(c->games.size(), 4u);
    EXPECT_EQ(c->points, run.report->points);  // every seat's, as the server's
    EXPECT_EQ(c->rejected_plays, 0);
  }
}

TEST(UecdaClient, MessagesArrivingInSmallPiecesAreAssembled) {
  const MatchRun run = RunMatch({.games = 2, .seed = 5, .fragment = 7},
                                std::vector<std::string>(5, "heuristic"));
  ASSERT_TRUE(run.report.ok()) << run.report.status();
  for (const auto& c : run.clients) {
    ASSERT_TRUE(c.ok()) << c.status();
    EXPECT_EQ(c->points, run.report->points);
  }
}

TEST(UecdaClient, RejectedMeldsCountAsPassesAndTheMatchGoesOn) {
  const MatchRun run = RunMatch({.games = 2, .seed = 8, .refuse_player = 0},
                                std::vector<std::string>(5, "heuristic"));
  ASSERT_TRUE(run.report.ok()) << run.report.status();
  EXPECT_GT(run.report->rejected[0], 0);
  for (const auto& c : run.clients) {
    ASSERT_TRUE(c.ok()) << c.status();
    EXPECT_EQ(c->rejected_plays, c->player == 0 ? run.report->rejected[0] : 0);
    EXPECT_EQ(c->points, run.report->points);
  }
}

TEST(UecdaClient, HandshakeInPiecesAndAPlayerWhoLeavesEarly) {
  absl::StatusOr<std::unique_ptr<TestServer>> server =
      TestServer::Open({.games = 2, .seed = 2, .timeout = kWait});
  ASSERT_TRUE(server.ok());
  auto served =
      std::async(std::launch::async, [&] { return (*server)->Run(); });
  absl::StatusOr<std::unique_ptr<Connection>> raw =
      Connection::Connect("127.0.0.1", (*server)->port(), kWait);
  ASSERT_TRUE(raw.ok()) << raw.status();
  Table hello{};
  hello[0][0] = kProtocolVersion;
  for (int i = 0; i < 12; ++i) hello[1][i] = "leaves-early"[i];
  const TableBytes bytes = EncodeTable(hello);
  ASSERT_TRUE((*raw)->WriteBytes(bytes.data(), 100, kWait).ok());
  std::this_thread::sleep_for(Millis(50));
  ASSERT_TRUE((*raw)->WriteBytes(bytes.data() + 100, 380, kWait).ok());
  absl::StatusOr<uint32_t> number = (*raw)->ReadInt(kWait, "the number");
  ASSERT_TRUE(number.ok());
  EXPECT_EQ(*number, 0u);
  (*raw)->Close();  // gone before the first deal: its turns are passes
  std::vector<std::future<absl::StatusOr<MatchSummary>>> clients;
  for (int i = 0; i < 4; ++i) {
    ClientOptions c{.port = (*server)->port(), .timeout = kWait};
    clients.push_back(
        std::async(std::launch::async, [c] { return PlayMatch(c); }));
  }
  for (auto& c : clients) EXPECT_TRUE(c.get().ok());
  absl::StatusOr<ServerReport> report = served.get();
  ASSERT_TRUE(report.ok()) << report.status();
  EXPECT_EQ(report->names[0], "leaves-ea");  // the server keeps 9 characters
  EXPECT_TRUE(report->disconnected[0]);
  EXPECT_EQ(report->games, 2);
  for (const auto& places : report->places) EXPECT_EQ(places[0], 5);
}

// Scripted: a fake server that accepts one client, answers its handshake
// with player 0 and then runs `script`.
template <class Script>
absl::StatusOr<MatchSummary> AgainstScript(Script script,
                                           Millis timeout = kWait) {
  absl::StatusOr<std::unique_ptr<Listener>> listener = Listener::Open(0);
  EXPECT_TRUE(listener.ok());
  auto fake = std::async(std::launch::async, [&] {
    absl::StatusOr<std::unique_ptr<Connection>> c = (*listener)->Accept(kWait);
    if (!c.ok()) return;
    if (!(*c)->ReadTable(kWait, "hello").ok()) return;
    if (!(*c)->WriteInt(0, kWait).ok()) return;
    script(**c);
  });
  absl::StatusOr<MatchSummary> summary =
      PlayMatch({.port = (*listener)->port(), .timeout = timeout});
  fake.get();
  return summary;
}

// DealTable: player 0 holds `hand`, 11 cards; no classes; seats in order.
Table DealTable(daifugo::Cards hand) {
  Table t = CardsTable(hand);
  t[5][0] = 1;
  t[5][3] = 6;
  const int counts[5] = {11, 11, 11, 10, 10};
  for (int p = 0; p < 5; ++p) {
    t[6][p] = static_cast<uint32_t>(counts[p]);
    t[6][10 + p] = static_cast<uint32_t>(p);
  }
  return t;
}

constexpr char kHand[] = "S3 H4 D5 C6 S7 H9 DT CJ SQ HK DA";

TEST(UecdaClient, AServerThatClosesEarlyIsAnError) {
  absl::StatusOr<MatchSummary> s =
      AgainstScript([](Connection& c) { c.Close(); });
  ASSERT_FALSE(s.ok());
  EXPECT_TRUE(absl::IsUnavailable(s.status())) << s.status();
  EXPECT_NE(s.status().message().find("closed"), std::string::npos);
}

TEST(UecdaClient, AGarbageTableIsAProtocolError) {
  absl::StatusOr<MatchSummary> s = AgainstScript([](Connection& c) {
    Table t = DealTable(Hand(kHand));
    t[0][1] = 7;
    (void)c.WriteTable(t, kWait);
    (void)c.ReadTable(kWait, "nothing");  // until the client hangs up
  });
  ASSERT_FALSE(s.ok());
  EXPECT_TRUE(absl::IsDataLoss(s.status())) << s.status();
  EXPECT_NE(s.status().message().find("[0][1] = 7"), std::string::npos);
}

TEST(UecdaClient, AnUnknownEndFlagIsAProtocolError) {
  absl::StatusOr<MatchSummary> s = AgainstScript([](Connection& c) {
    (void)c.WriteTable(DealTable(Hand(kHand)), kWait);
    Table hand = CardsTable(Hand(kHand));
    hand[5][3] = 1;  // player 1 to move
    hand[5][4] = 1;
    const int counts[5] = {11, 11, 11, 10, 10};
    for (int p = 0; p < 5; ++p) {
      hand[6][p] = static_cast<uint32_t>(counts[p]);
      hand[6][10 + p] = static_cast<uint32_t>(p);
    }
    (void)c.WriteTable(hand, kWait);
    Table field{};
    field[5][3] = 1;
    field[6] = hand[6];
    (void)c.WriteTable(field, kWait);  // player 1 passed
    (void)c.WriteInt(7, kWait);
    (void)c.ReadTable(kWait, "nothing");
  });
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.status().message().find("end flag 7"), std::string::npos)
      << s.status();
}

TEST(UecdaClient, ASilentServerTimesOut) {
  absl::StatusOr<MatchSummary> s = AgainstScript(
      [](Connection& c) { (void)c.ReadTable(kWait, "nothing"); }, Millis(300));
  ASSERT_FALSE(s.ok());
  EXPECT_TRUE(absl::IsDeadlineExceeded(s.status())) << s.status();
}

// A turn's tables for the tracker: counts, seats in order, flags.
Table TurnTable(daifugo::Cards cards, int current, std::array<int, 5> counts,
                bool empty, bool revolution, bool lock) {
  Table t = CardsTable(cards);
  t[5][3] = static_cast<uint32_t>(current);
  t[5][4] = empty;
  t[5][6] = revolution;
  t[5][7] = lock;
  for (int p = 0; p < 5; ++p) {
    t[6][p] = static_cast<uint32_t>(counts[p]);
    t[6][10 + p] = static_cast<uint32_t>(p);
  }
  return t;
}

TEST(UecdaTracker, TheViewHoldsFieldLockRevolutionPassesAndPlayedCards) {
  MatchTracker tracker(0);
  const daifugo::Cards mine = Hand(kHand);
  ASSERT_TRUE(tracker.OnDeal(DealTable(mine)).ok());
  std::string move;
  // Player 1 leads ♥5, player 2 locks hearts with ♥7, player 3 passes.
  ASSERT_TRUE(
      tracker
          .OnHand(TurnTable(mine, 1, {11, 11, 11, 10, 10}, true, false, false))
          .ok());
  ASSERT_TRUE(tracker
                  .OnField(TurnTable(Hand("H5"), 1, {11, 10, 11, 10, 10}, false,
                                     false, false),
                           move)
                  .ok());
  EXPECT_EQ(move, "player 1: H5");
  ASSERT_TRUE(
      tracker
          .OnHand(TurnTable(mine, 2, {11, 10, 11, 10, 10}, false, false, false))
          .ok());
  ASSERT_TRUE(tracker
                  .OnField(TurnTable(Hand("H7"), 2, {11, 10, 10, 10, 10}, false,
                                     false, true),
                           move)
                  .ok());
  ASSERT_TRUE(
      tracker
          .OnHand(TurnTable(mine, 3, {11, 10, 10, 10, 10}, false, false, true))
          .ok());
  ASSERT_TRUE(tracker
                  .OnField(TurnTable(Hand("H7"), 3, {11, 10, 10, 10, 10}, false,
                                     false, true),
                           move)
                  .ok());
  EXPECT_EQ(move, "player 3: pass");
  Table my_turn = TurnTable(mine, 0, {11, 10, 10, 10, 10}, false, true, true);
  my_turn[5][2] = 1;
  ASSERT_TRUE(tracker.OnHand(my_turn).ok());
  ASSERT_TRUE(tracker.my_turn());
  absl::StatusOr<daifugo::Position> view = tracker.TurnView();
  ASSERT_TRUE(view.ok()) << view.status();
  const daifugo::Deal& d = view->deal;
  EXPECT_EQ(d.field, MeldIn(Hand("H7"), "H7"));
  EXPECT_EQ(d.lock, 0b0010);
  EXPECT_TRUE(d.revolution);
  EXPECT_EQ(d.passed, 1 << 3);
  EXPECT_EQ(d.played, Hand("H5 H7"));
  EXPECT_EQ(d.field_owner, 2);
  EXPECT_EQ(d.hands[0], mine);
  EXPECT_EQ(view->count[1], 10);
  EXPECT_EQ(view->hidden, 0b11110);
}

TEST(UecdaTracker, AfterEveryonePassedTheOwnerMovesOnItsOwnMeld) {
  MatchTracker tracker(0);
  const daifugo::Cards mine = Hand(kHand);
  ASSERT_TRUE(tracker.OnDeal(DealTable(mine)).ok());
  std::string move;
  std::array<int, 5> counts = {11, 11, 11, 10, 10};
  Table lead = TurnTable(mine, 0, counts, true, false, false);
  lead[5][2] = 1;
  ASSERT_TRUE(tracker.OnHand(lead).ok());
  counts[0] = 10;
  ASSERT_TRUE(
      tracker
          .OnField(TurnTable(Hand("S3"), 0, counts, false, false, false), move)
          .ok());
  for (int p = 1; p < 5; ++p) {
    ASSERT_TRUE(tracker
                    .OnHand(TurnTable(mine & ~Hand("S3"), p, counts, false,
                                      false, false))
                    .ok());
    ASSERT_TRUE(
        tracker
            .OnField(TurnTable(Hand("S3"), p, counts, false, false, false),
                     move)
            .ok());
  }
  Table again = TurnTable(mine & ~Hand("S3"), 0, counts, false, false, false);
  again[5][2] = 1;
  ASSERT_TRUE(tracker.OnHand(again).ok());
  absl::StatusOr<daifugo::Position> view = tracker.TurnView();
  ASSERT_TRUE(view.ok()) << view.status();
  EXPECT_EQ(view->deal.field_owner, 0);
  EXPECT_EQ(view->deal.field, MeldIn(Hand("S3"), "S3"));
  EXPECT_EQ(view->deal.passed, 0b11110);
  const absl::StatusOr<daifugo::Rules> rules =
      daifugo::Rules::Create({.uecda = true});
  ASSERT_TRUE(rules.ok());
  EXPECT_TRUE(rules->IsLegal(*view, 0));  // it may pass, clearing the field
  EXPECT_TRUE(
      rules->IsLegal(*view, daifugo::Rules::PlayMove(MeldIn(mine, "H4"))));
}

TEST(UecdaTracker, YourTurnInAnotherPlayersTableIsAProtocolError) {
  MatchTracker tracker(0);
  ASSERT_TRUE(tracker.OnDeal(DealTable(Hand(kHand))).ok());
  Table t = TurnTable(Hand(kHand), 2, {11, 11, 11, 10, 10}, true, false, false);
  t[5][2] = 1;
  EXPECT_TRUE(absl::IsDataLoss(tracker.OnHand(t)));
}

TEST(UecdaTestServer, JudgesByTypeSizeStrengthLockAndTheLoneJoker) {
  auto sub = [](const char* text, bool revolution = false) {
    const daifugo::Cards cards = Hand(text);
    return testing::Classify(MeldTable(MeldIn(cards, text), revolution));
  };
  const daifugo::Cards all = daifugo::kFullDeck;
  testing::Field field{.meld = sub("H5")};
  EXPECT_TRUE(testing::Accepts(field, sub("S6"), all));
  EXPECT_FALSE(testing::Accepts(field, sub("S4"), all));
  EXPECT_FALSE(testing::Accepts(field, sub("S6"), Hand("S7")));  // not held
  EXPECT_FALSE(testing::Accepts(field, sub("S6 H6"), all));      // size
  field.lock = true;
  EXPECT_FALSE(testing::Accepts(field, sub("S6"), all));
  EXPECT_TRUE(testing::Accepts(field, sub("H6"), all));
  EXPECT_TRUE(testing::Accepts(field, sub("JK"), all));  // ignores the lock
  field.revolution = true;
  EXPECT_TRUE(testing::Accepts(field, sub("H4"), all));
  EXPECT_FALSE(testing::Accepts(field, sub("H6"), all));
  const testing::Field joker{.meld = sub("JK")};
  EXPECT_TRUE(testing::Accepts(joker, sub("S3"), all));
  EXPECT_FALSE(testing::Accepts(joker, sub("H3"), all));
  const testing::Field run{.meld = sub("S4 S5 S6")};  // beaten from ♠7 up
  EXPECT_FALSE(testing::Accepts(run, sub("H6 H7 H8"), all));
  EXPECT_TRUE(testing::Accepts(run, sub("H7 H8 H9"), all));
}

TEST(UecdaTestServer, AnInvalidGiveBackGivesTheStrongestCards) {
  const daifugo::Cards hand = Hand("S3 H4 D2 JK");
  bool valid = true;
  EXPECT_EQ(testing::GiveBackCards(CardsTable(Hand("S3 H4")), hand, 2, &valid),
            Hand("S3 H4"));
  EXPECT_TRUE(valid);
  EXPECT_EQ(testing::GiveBackCards(CardsTable(Hand("S3")), hand, 2, &valid),
            Hand("JK D2"));  // one card where two are due
  EXPECT_FALSE(valid);
  EXPECT_EQ(testing::GiveBackCards(CardsTable(Hand("S3 C5")), hand, 2, &valid),
            Hand("JK D2"));  // ♣5 is not held
  EXPECT_FALSE(valid);
}

}  // namespace
}  // namespace gameai::uecda
