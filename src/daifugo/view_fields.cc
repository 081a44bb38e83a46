// Daifugo's fields of a seat's view (its GameEntry's view_fields, the
// network protocol's "fields"). The view is already redacted
// (Rules::Redact): another seat's hand is null here, its size in
// "counts", and an exchange the seat took no part in is not shown.
#include <bit>

#include "gameai/daifugo/daifugo.h"
#include "gameai/daifugo/register.h"
#include "gameai/kernel/kernel_adapter.h"
#include "nlohmann/json.hpp"

namespace gameai::daifugo {
namespace {

using nlohmann::json;

// CardList: the cards' names ("S3", "HT", "JK"), by rank then suit.
json CardList(Cards cards) {
  json list = json::array();
  for (Cards c = cards; c != 0; c &= c - 1) {
    list.push_back(CardName(std::countr_zero(c)));
  }
  return list;
}

json Bits(uint8_t bits, int players) {
  json list = json::array();
  for (int p = 0; p < players; ++p) list.push_back((bits >> p & 1) != 0);
  return list;
}

}  // namespace

std::string ViewFields(const gameai::State& view, Player seat) {
  const auto& k = dynamic_cast<const KernelState<Rules>&>(view);
  const Rules& rules = k.rules();
  const Position& s = k.position();
  const Deal& d = s.deal;
  const int n = rules.NumPlayers();
  json hands = json::array(), counts = json::array(), places = json::array(),
       last_places = json::array(), points = json::array(),
       received = json::array(), order = json::array();
  for (int p = 0; p < n; ++p) {
    hands.push_back((s.hidden >> p & 1) ? json(nullptr) : CardList(d.hands[p]));
    counts.push_back(Rules::CardCount(s, p));
    places.push_back(d.place[p]);
    last_places.push_back(s.last_place[p]);
    points.push_back(s.points[p]);
    received.push_back(CardList(s.received[p]));
  }
  const bool seated = s.phase != Phase::kSeating;
  for (int i = 0; seated && i < n; ++i) order.push_back(s.table[i]);
  static constexpr const char* kPhases[] = {
      "seating", "first_seat", "dealing", "give_back", "play", "over"};
  static constexpr const char* kMeldTypes[] = {"pass", "single", "group",
                                               "sequence"};
  json field = nullptr;
  if (!d.field.IsPass()) {
    field = {{"cards", CardList(d.field.cards)},
             {"text", MeldText(d.field)},
             {"type", kMeldTypes[static_cast<int>(d.field.type)]},
             {"owner", d.field_owner}};
  }
  json lock = json::array();
  for (int suit = 0; suit < kSuits; ++suit) {
    if (d.lock >> suit & 1) lock.push_back(std::string(1, "SHDC"[suit]));
  }
  const bool in_play = s.phase == Phase::kPlay;
  return json{
      {"phase", kPhases[static_cast<int>(s.phase)]},
      {"hand", seat >= 0 && seat < n && !(s.hidden >> seat & 1)
                   ? CardList(d.hands[seat])
                   : json(nullptr)},
      {"hands", hands},
      {"counts", counts},
      {"field", field},
      {"to_move", in_play ? json(d.to_move) : json(nullptr)},
      {"passed", Bits(in_play ? d.passed : 0, n)},
      {"places", places},
      {"last_places", last_places},
      {"points", points},
      {"received", received},
      {"giver", s.phase == Phase::kGiveBack ? json(s.giver) : json(nullptr)},
      {"order", order},
      {"revolution", d.revolution},
      {"lock", lock},
      {"played", CardList(d.played)},
      {"games_done", s.games_done},
      {"games", rules.options().games},
      {"rules",
       {{"eight_cut", rules.options().eight_cut},
        {"revolution", rules.options().revolution},
        {"lock", rules.options().lock}}}}
      .dump();
}

}  // namespace gameai::daifugo
