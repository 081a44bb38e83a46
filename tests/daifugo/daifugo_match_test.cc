// The daifugo match kernel: seating, dealing, the exchange, places and
// points, views, the determinizer, text.
#include <bit>
#include <set>

#include "daifugo_cards.h"
#include "gameai/daifugo/daifugo.h"
#include "gameai/daifugo/exchange.h"
#include "gameai/dynamic/registry.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gtest/gtest.h"

namespace gameai::daifugo {
namespace {

using testing::Hand;
using testing::MeldOf;
using testing::PlayRandomly;

Rules Make(const Options& options) {
  absl::StatusOr<Rules> rules = Rules::Create(options);
  EXPECT_TRUE(rules.ok()) << rules.status();
  return *rules;
}

Cards AllHands(const std::array<Cards, kMaxPlayers>& hands) {
  Cards all = 0;
  for (Cards h : hands) all |= h;
  return all;
}

// ExchangeState: the last card of the second deal is about to be dealt,
// after a first deal whose places are `places`.
Position ExchangeState(const Rules& rules,
                    const std::array<uint8_t, kMaxPlayers>& places,
                    const std::array<Cards, kMaxPlayers>& hands, int last_card,
                    int last_to) {
  Position s;
  for (int p = 0; p < rules.NumPlayers(); ++p) {
    s.table[p] = static_cast<uint8_t>(p);
  }
  s.deal.next = SeatingInOrder(rules.NumPlayers());
  s.deal.hands = hands;
  s.last_place = places;
  s.exchange_due = true;
  s.games_done = 1;
  s.phase = Phase::kDealing;
  s.dealing_to = static_cast<uint8_t>(last_to);
  EXPECT_EQ(AllHands(hands) | (Cards{1} << last_card), kFullDeck);
  return s;
}

TEST(DaifugoActions, EveryMeldIdIsAMeldAction) {
  // The meld ids end where the give actions begin.
  EXPECT_EQ(MeldIndex::Get().Size(), kMeldActions);
}

TEST(DaifugoActions, FourTwosAndTheJokerPlayAsAFiveCardGroup) {
  // The strongest meld, the last id, once collided with "give S3".
  const Rules rules = Make(Options{});
  absl::StatusOr<Position> s = rules.Deserialize(
      "phase=play games_done=0 exchange=0 seated=5 dealing_to=0 giver=0 "
      "give_left=0 hidden=0 table=0,1,2,3,4 last_place=0,0,0,0,0 "
      "points=0,0,0,0,0 place_counts=0,0,0,0,0/0,0,0,0,0/0,0,0,0,0/0,0,0,0,0/"
      "0,0,0,0,0 hands=C3.C5.S6.H6.H7.H8.S9.D9.HT.SA.HA,S3.D4.S7.C7.H9.SK.S2."
      "H2.D2.C2.JK,H3.S5.H5.D6.S8.ST.SJ.HJ.DK.DA,D3.H4.C6.D7.DT.DJ.CJ.HQ.HK."
      "CK.CA,S4.C4.D5.D8.C8.C9.CT.SQ.DQ.CQ received=-,-,-,-,- "
      "count=0,0,0,0,0 field=0 owner=0 to_move=1 passed=0 finished=0 lock=0 "
      "revolution=0 over=0 place=0,0,0,0,0 next=1,2,3,4,0 played=-");
  ASSERT_TRUE(s.ok()) << s.status();
  const std::optional<Move> five = rules.ParseMove(*s, "S2 H2 D2 C2 JK(2)");
  ASSERT_TRUE(five.has_value());
  EXPECT_LT(*five, kMeldActions);
  EXPECT_TRUE(rules.IsLegal(*s, *five));
  Position after = *s;
  rules.Apply(after, *five);
  EXPECT_EQ(std::popcount(after.deal.hands[1]), 6);
}

TEST(DaifugoMatch, BadOptionsAreRejected) {
  EXPECT_FALSE(Rules::Create({.players = 2}).ok());
  EXPECT_FALSE(Rules::Create({.players = 8}).ok());
  EXPECT_FALSE(Rules::Create({.games = 0}).ok());
  EXPECT_FALSE(Rules::Create({.reset_every = 0}).ok());
  EXPECT_FALSE(LoadGame("daifugo(players=9)").ok());
}

TEST(DaifugoMatch, ChanceSeatsEveryPlayerAndTurnsFollowTheTable) {
  const Rules rules = Make({.players = 5});
  Position s = rules.InitialPosition();
  ASSERT_EQ(s.phase, Phase::kSeating);
  Rules::ChanceList outcomes;
  rules.ChanceOutcomes(s, outcomes);
  EXPECT_EQ(outcomes.size(), 5u);
  for (int player : {3, 1, 4, 0}) {
    rules.Apply(s, static_cast<Move>(kSeatAction + player));
    rules.ChanceOutcomes(s, outcomes);
    for (const auto& o : outcomes) {
      EXPECT_NE(o.move, kSeatAction + player);  // a seated player is gone
      EXPECT_DOUBLE_EQ(o.probability, 1.0 / outcomes.size());
    }
  }
  EXPECT_FALSE(rules.IsLegal(s, static_cast<Move>(kSeatAction + 3)));
  rules.Apply(s, static_cast<Move>(kSeatAction + 2));
  // Table 3 1 4 0 2: each player's successor.
  EXPECT_EQ(s.deal.next[3], 1);
  EXPECT_EQ(s.deal.next[1], 4);
  EXPECT_EQ(s.deal.next[4], 0);
  EXPECT_EQ(s.deal.next[0], 2);
  EXPECT_EQ(s.deal.next[2], 3);
  // Nobody is 大富豪 yet: chance picks who is dealt first.
  EXPECT_EQ(s.phase, Phase::kFirstSeat);
  rules.ChanceOutcomes(s, outcomes);
  EXPECT_EQ(outcomes.size(), 5u);
}

TEST(DaifugoMatch, CardsAreDealtOneAtATimeAroundTheTableFromTheFirstSeat) {
  const Rules rules = Make({.players = 5, .shuffle_every = 0});
  Position s = rules.InitialPosition();
  ASSERT_EQ(s.phase, Phase::kFirstSeat);
  rules.Apply(s, static_cast<Move>(kFirstAction + 3));
  Rng rng(5);
  std::vector<int> receivers;
  while (s.phase == Phase::kDealing) {
    receivers.push_back(s.dealing_to);
    Rules::ChanceList outcomes;
    rules.ChanceOutcomes(s, outcomes);
    EXPECT_EQ(static_cast<int>(outcomes.size()),
              53 - (int)receivers.size() + 1);
    const Move card = rules.SampleChance(s, rng);
    // Only the receiver sees its card.
    for (int p = 0; p < 5; ++p) {
      EXPECT_EQ(rules.MoveVisibleTo(s, kChancePlayer, card, p),
                p == s.dealing_to);
    }
    rules.Apply(s, card);
  }
  ASSERT_EQ(receivers.size(), 53u);
  for (size_t i = 0; i < receivers.size(); ++i) {
    EXPECT_EQ(receivers[i], (3 + i) % 5);
  }
  // 53 = 5 x 10 + 3: players 3, 4, 0 were dealt an 11th card.
  const int counts[5] = {11, 10, 10, 11, 11};
  for (int p = 0; p < 5; ++p) EXPECT_EQ(Rules::CardCount(s, p), counts[p]);
  // No exchange in the first game: the holder of ♦3 leads.
  ASSERT_EQ(s.phase, Phase::kPlay);
  EXPECT_TRUE(s.deal.hands[s.deal.to_move] & Card(0, 2));
}

TEST(DaifugoMatch, TheExchangeTakesTheStrongestAndTheRichChooseWhatToGiveBack) {
  const Rules rules = Make({.players = 5, .shuffle_every = 0});
  // Last game: P2 大富豪, P0 富豪, P4 平民, P1 貧民, P3 大貧民.
  const std::array<uint8_t, kMaxPlayers> places = {2, 4, 1, 5, 3};
  std::array<Cards, kMaxPlayers> hands{};
  Cards rest = kFullDeck;
  auto give = [&](int p, const char* text) {
    hands[p] = Hand(text);
    rest &= ~hands[p];
  };
  give(3, "S4 H4 D5 C6 S7 H9 DT CJ SQ HK JK");  // 大貧民: JK, HK strongest
  give(1, "H3 C4 S5 H6 D7 C8 S9 HT DJ CQ");     // 貧民: CQ strongest
  give(2, "S3 C3 H5 D6 C7 S8 H8 S6 SJ HJ");     // 大富豪
  give(0, "D3 D4 C5 H7 D8 C9 ST HQ SK DK C2");  // 富豪, holds ♦3
  // P4 gets the rest but one card, dealt last.
  const int last = std::countr_zero(rest);
  hands[4] = rest & ~(Cards{1} << last);
  Position s = ExchangeState(rules, places, hands, last, 4);
  rules.Apply(s, static_cast<Move>(kDealAction + last));
  ASSERT_EQ(s.phase, Phase::kGiveBack);
  EXPECT_EQ(s.deal.hands[2], Hand("S3 C3 H5 D6 C7 S8 H8 S6 SJ HJ HK JK"));
  EXPECT_EQ(s.deal.hands[3], Hand("S4 H4 D5 C6 S7 H9 DT CJ SQ"));
  EXPECT_EQ(s.deal.hands[0], Hand("D3 D4 C5 H7 D8 C9 ST HQ SK DK C2 CQ"));
  EXPECT_EQ(s.deal.hands[1], Hand("H3 C4 S5 H6 D7 C8 S9 HT DJ"));
  EXPECT_EQ(s.received[2], Hand("HK JK"));
  EXPECT_EQ(s.received[0], Hand("CQ"));
  // 大富豪 gives back two cards of its choice, one action each.
  EXPECT_EQ(rules.CurrentPlayer(s), 2);
  MoveList moves;
  rules.LegalMoves(s, moves);
  EXPECT_EQ(moves.size(), 12);  // any card, the received ones too
  EXPECT_TRUE(rules.IsLegal(s, Rules::GiveMove(kJokerBit)));
  EXPECT_FALSE(rules.IsLegal(s, Rules::GiveMove(std::countr_zero(Hand("D3")))));
  const Move s3 = Rules::GiveMove(std::countr_zero(Hand("S3")));
  for (int p = 0; p < 5; ++p) {
    EXPECT_EQ(rules.MoveVisibleTo(s, 2, s3, p), p == 2 || p == 3) << p;
  }
  rules.Apply(s, s3);
  EXPECT_EQ(rules.CurrentPlayer(s), 2);
  rules.Apply(s, Rules::GiveMove(std::countr_zero(Hand("C3"))));
  EXPECT_EQ(s.deal.hands[3], Hand("S3 C3 S4 H4 D5 C6 S7 H9 DT CJ SQ"));
  EXPECT_EQ(s.received[3], Hand("S3 C3"));
  // Then 富豪 gives one.
  EXPECT_EQ(rules.CurrentPlayer(s), 0);
  rules.Apply(s, Rules::GiveMove(std::countr_zero(Hand("D4"))));
  EXPECT_EQ(s.deal.hands[1], Hand("H3 C4 D4 S5 H6 D7 C8 S9 HT DJ"));
  // Play starts from the holder of ♦3.
  ASSERT_EQ(s.phase, Phase::kPlay);
  EXPECT_EQ(s.deal.to_move, 0);
  const int counts[5] = {11, 10, 10, 11, 11};
  for (int p = 0; p < 5; ++p) EXPECT_EQ(Rules::CardCount(s, p), counts[p]);
}

TEST(DaifugoMatch, ThreePlayersExchangeOnlyBetweenTheFirstAndTheLast) {
  const Rules rules = Make({.players = 3, .shuffle_every = 0});
  Rng rng(3);
  Position s = rules.InitialPosition();
  PlayRandomly(rules, s, rng, [](const Position& x) { return x.games_done == 1; });
  ASSERT_TRUE(s.exchange_due);
  PlayRandomly(rules, s, rng,
               [](const Position& x) { return x.phase == Phase::kGiveBack; });
  const int rich = s.giver;
  EXPECT_EQ(s.last_place[rich], 1);
  EXPECT_EQ(std::popcount(s.received[rich]), 2);
  MoveList moves;
  for (int i = 0; i < 2; ++i) {
    rules.LegalMoves(s, moves);
    rules.Apply(s, moves[0]);
  }
  EXPECT_EQ(s.phase, Phase::kPlay);  // no 富豪 gives with three players
}

TEST(DaifugoMatch, PlacesGivePointsSeatsShuffleAndPlacesReset) {
  const Rules rules =
      Make({.players = 4, .games = 7, .reset_every = 4, .shuffle_every = 3});
  Rng rng(11);
  Position s = rules.InitialPosition();
  int seatings = 0, first_seats = 0, exchanges = 0;
  uint16_t games = 0;
  bool seating = false, first = false, exchange = false;
  MoveList moves;
  while (s.phase != Phase::kOver) {
    if (s.phase == Phase::kSeating && !seating) ++seatings;
    if (s.phase == Phase::kFirstSeat && !first) ++first_seats;
    if (s.phase == Phase::kGiveBack && !exchange) ++exchanges;
    seating = s.phase == Phase::kSeating;
    first = s.phase == Phase::kFirstSeat;
    exchange = s.phase == Phase::kGiveBack;
    if (s.games_done != games) {
      // A deal ended: its places, each once, became points.
      games = s.games_done;
      std::set<int> seen(s.last_place.begin(), s.last_place.begin() + 4);
      EXPECT_EQ(seen, (std::set<int>{1, 2, 3, 4}));
      // Games 4 (after the reset) and 0 start without an exchange.
      EXPECT_EQ(s.exchange_due, games != 4);
    }
    if (rules.CurrentPlayer(s) == kChancePlayer) {
      rules.Apply(s, rules.SampleChance(s, rng));
    } else {
      rules.LegalMoves(s, moves);
      rules.Apply(s, moves[static_cast<int>(rng.Below(moves.size()))]);
    }
  }
  EXPECT_EQ(s.games_done, 7);
  EXPECT_EQ(seatings, 3);     // before games 0, 3 and 6
  EXPECT_EQ(first_seats, 2);  // games 0 and 4
  EXPECT_EQ(exchanges, 5);    // games 1, 2, 3, 5, 6
  uint32_t total = 0;
  for (int p = 0; p < 4; ++p) {
    int deals = 0, points = 0;
    for (int k = 0; k < 4; ++k) {
      deals += s.place_count[p][k];
      points += s.place_count[p][k] * (4 - k);
    }
    EXPECT_EQ(deals, 7);
    EXPECT_EQ(static_cast<int>(s.points[p]), points);
    EXPECT_DOUBLE_EQ(rules.Score(s, p), points / 7.0);
    EXPECT_DOUBLE_EQ(rules.Return(s, p), points / 7.0 - 2.5);
    total += s.points[p];
  }
  EXPECT_EQ(total, 7u * 10);
}

TEST(DaifugoMatch, ViewsHideOtherHandsAndOthersExchanges) {
  const Rules rules = Make({.players = 5, .shuffle_every = 0});
  Rng rng(21);
  Position s = rules.InitialPosition();
  PlayRandomly(rules, s, rng, [](const Position& x) {
    return x.games_done == 1 && x.phase == Phase::kPlay;
  });
  for (int viewer = 0; viewer < 5; ++viewer) {
    const Position view = rules.Redact(s, viewer);
    EXPECT_EQ(view.deal.hands[viewer], s.deal.hands[viewer]);
    const int partner = rules.Partner(s, viewer);
    for (int q = 0; q < 5; ++q) {
      EXPECT_EQ(Rules::CardCount(view, q), Rules::CardCount(s, q));
      if (q == viewer) continue;
      EXPECT_EQ(view.deal.hands[q], 0u);
      EXPECT_EQ(view.received[q], q == partner ? s.received[q] : 0u);
    }
    // Swapping two other players' cards changes nothing the viewer sees.
    Position other = s;
    const int a = (viewer + 1) % 5, b = (viewer + 2) % 5;
    const Cards ca = other.deal.hands[a] & -other.deal.hands[a];
    const Cards cb = other.deal.hands[b] & -other.deal.hands[b];
    other.deal.hands[a] ^= ca | cb;
    other.deal.hands[b] ^= ca | cb;
    if (a != partner && b != partner) {
      EXPECT_EQ(rules.ObservationString(other, viewer),
                rules.ObservationString(s, viewer));
      EXPECT_EQ(rules.Serialize(rules.Redact(other, viewer)),
                rules.Serialize(view));
    }
    EXPECT_NE(rules.ObservationString(s, viewer).find(
                  CardsText(s.deal.hands[viewer])),
              std::string::npos);
  }
  // A spectator (no seat) sees no hand at all.
  const std::string spectator = rules.ObservationString(s, kChancePlayer);
  for (int q = 0; q < 5; ++q) {
    EXPECT_EQ(spectator.find(CardsText(s.deal.hands[q])), std::string::npos);
  }
  EXPECT_EQ(rules.Redact(s, kChancePlayer).hidden, 0x1F);
}

TEST(DaifugoMatch, DeterminizedDealsAgreeWithEverythingTheViewerSaw) {
  const Rules rules = Make({.players = 5, .shuffle_every = 0});
  Rng rng(8);
  for (int trial = 0; trial < 40; ++trial) {
    Position s = rules.InitialPosition();
    const int moves = 5 + static_cast<int>(rng.Below(30));
    int done = 0;
    PlayRandomly(rules, s, rng, [&](const Position& x) {
      return x.games_done >= 1 && x.phase == Phase::kPlay && done++ >= moves;
    });
    if (s.phase != Phase::kPlay) continue;
    const int viewer = s.deal.to_move;
    const Position view = rules.Redact(s, viewer);
    std::set<std::string> deals;
    for (int i = 0; i < 20; ++i) {
      const Position d = rules.Determinize(view, viewer, rng);
      EXPECT_EQ(d.hidden, 0);
      EXPECT_EQ(d.deal.hands[viewer], s.deal.hands[viewer]);
      EXPECT_EQ(d.deal.played, s.deal.played);
      Cards all = d.deal.played;
      for (int q = 0; q < 5; ++q) {
        EXPECT_EQ(std::popcount(d.deal.hands[q]), Rules::CardCount(s, q));
        EXPECT_EQ(all & d.deal.hands[q], 0u);
        all |= d.deal.hands[q];
      }
      EXPECT_EQ(all, kFullDeck);
      // What the viewer gave its partner is still there, unless played.
      const int partner = rules.Partner(s, viewer);
      if (partner >= 0) {
        const Cards known =
            s.received[partner] & ~s.deal.played & ~s.deal.hands[viewer];
        EXPECT_EQ(d.deal.hands[partner] & known, known);
      }
      deals.insert(rules.Serialize(d));
    }
    EXPECT_GT(deals.size(), 10u);  // the hidden hands vary
  }
}

TEST(DaifugoMatch, TextRoundTripsAndBadTextIsRejected) {
  const Rules rules = Make({.players = 5});
  Rng rng(2);
  Position s = rules.InitialPosition();
  PlayRandomly(rules, s, rng, [](const Position& x) {
    return x.games_done == 1 && x.phase == Phase::kPlay && x.deal.played;
  });
  const std::string text = rules.Serialize(s);
  absl::StatusOr<Position> back = rules.Deserialize(text);
  ASSERT_TRUE(back.ok()) << back.status();
  EXPECT_EQ(rules.Serialize(*back), text);
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string t = text;
    const size_t at = t.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return t.replace(at, from.size(), to);
  };
  const std::string hands = text.substr(text.find("hands="));
  const std::string first_card = hands.substr(6, 2);
  struct Case {
    std::string text;
    std::string message;
  };
  const std::vector<Case> cases = {
      {"", "missing"},
      {"phase", "not key=value"},
      {replaced("phase=play", "phase=dance"), "phase 'dance'"},
      {replaced("games_done=1", "games_done=x"), "games_done"},
      {replaced("games_done=1", "games_done=11"), "games_done"},
      {replaced("played=", "played=" + first_card + "."), "two places"},
      {replaced("hidden=0", "hidden=1"),
       "hidden=1 marks player 0's cards as hidden"},
      {replaced("exchange=1", "exchange=2"), "exchange"},
  };
  for (const Case& c : cases) {
    const absl::StatusOr<Position> bad = rules.Deserialize(c.text);
    ASSERT_FALSE(bad.ok()) << c.text;
    EXPECT_NE(bad.status().message().find(c.message), std::string::npos)
        << bad.status();
  }
}

TEST(DaifugoMatch, MovesHaveNamesAndNamesGiveMoves) {
  const Rules rules = Make({.players = 5});
  Position s;
  s.phase = Phase::kPlay;
  std::array<Cards, kMaxPlayers> hands{};
  hands[0] = Hand("D3 S4 S5 JK");
  hands[1] = Hand("H3 H4");
  s.deal = StartDeal(rules.deal_rules(), hands);
  MoveList moves;
  rules.LegalMoves(s, moves);
  std::set<std::string> names;
  for (Move m : moves) {
    names.insert(rules.MoveToString(s, m));
    EXPECT_EQ(rules.ParseMove(s, rules.MoveToString(s, m)), m);
  }
  EXPECT_TRUE(names.count("S4 S5 JK(S6)"));
  EXPECT_TRUE(names.count("S4 S5 JK(S3)"));
  EXPECT_TRUE(names.count("D3"));
  EXPECT_TRUE(names.count("JK"));
  EXPECT_EQ(rules.ParseMove(s, "give S3"),
            Rules::GiveMove(std::countr_zero(Hand("S3"))));
  EXPECT_EQ(rules.ParseMove(s, "seat P4"), kSeatAction + 4);
  EXPECT_EQ(rules.ParseMove(s, "seat P5"), std::nullopt);
  EXPECT_EQ(rules.ParseMove(s, "H3 H4"), std::nullopt);  // not P0's
  EXPECT_EQ(rules.ParseMove(s, "give XX"), std::nullopt);
  // The board names the lock's suits and the revolution.
  s.deal.lock = 0b0101;
  s.deal.revolution = true;
  EXPECT_NE(rules.ToString(s).find("revolution, locked to SD"),
            std::string::npos)
      << rules.ToString(s);
}

}  // namespace
}  // namespace gameai::daifugo

namespace gameai::daifugo {
namespace {

// Through the dynamic layer: a dealt card is an event only its receiver
// sees, and a seat's view never holds another hand.
TEST(DaifugoMatch, DealtCardsAreHiddenEventsAndViewsHoldOneHand) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("daifugo");
  ASSERT_TRUE(game.ok());
  std::unique_ptr<gameai::State> state = (*game)->NewInitialState();
  Rng rng(6);
  int dealt = 0;
  while (state->CurrentPlayer() == kChancePlayer) {
    const std::vector<ChanceOutcome> outcomes = state->ChanceOutcomes();
    const Action a = outcomes[rng.Below(outcomes.size())].action;
    ASSERT_TRUE(state->ApplyAction(a).ok());
    if (a < kDealAction || a >= kSeatAction) continue;
    ++dealt;
    int saw = 0;
    for (Player p = 0; p < 5; ++p) {
      const Event e = state->LastEventFor(p);
      EXPECT_EQ(e.actor, kChancePlayer);
      saw += !e.actions.empty();
      if (!e.actions.empty()) {
        EXPECT_EQ(e.actions[0], a);
      }
    }
    EXPECT_EQ(saw, 1);
  }
  EXPECT_EQ(dealt, 53);
  const auto& kernel = dynamic_cast<const KernelState<Rules>&>(*state);
  for (Player p = 0; p < 5; ++p) {
    const std::unique_ptr<gameai::State> seen = state->ViewFor(p);
    const auto& view = dynamic_cast<const KernelState<Rules>&>(*seen);
    for (Player q = 0; q < 5; ++q) {
      EXPECT_EQ(view.position().deal.hands[q],
                q == p ? kernel.position().deal.hands[q] : 0u);
    }
  }
}

}  // namespace
}  // namespace gameai::daifugo
