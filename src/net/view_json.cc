#include "gameai/net/view_json.h"

#include <bit>

#include "gameai/core/kernel_adapter.h"
#include "gameai/minirisk/minirisk.h"

namespace gameai::net {
namespace {

using nlohmann::json;

json PlayerToJson(Player p) {
  if (p == kChancePlayer) return "chance";
  if (p == kSimultaneousPlayer) return "simultaneous";
  if (p == kTerminalPlayer) return "terminal";
  return p;
}

std::vector<int> Cards(uint16_t hand) {
  std::vector<int> cards;
  for (uint32_t h = hand; h != 0; h &= h - 1) {
    cards.push_back(std::countr_zero(h) + 1);
  }
  return cards;
}

// MiniRiskFields: everything in a MiniRisk state is public (the bids of
// the round being played are not in it yet).
json MiniRiskFields(const minirisk::State& s, int players, Player seat) {
  json f;
  f["round"] = s.round;  // rounds finished
  f["prize"] = s.revealed ? json(minirisk::PrizeValue(s.prizes[s.round]))
                          : json(nullptr);
  f["pot"] = s.pot;
  json pot_cards = json::array();
  for (int i = 0; i < minirisk::kCards; ++i) {
    if ((s.pot_cards >> i) & 1) pot_cards.push_back(minirisk::PrizeValue(i));
  }
  f["pot_cards"] = pot_cards;
  f["hand"] = seat >= 0 && seat < players ? json(Cards(s.hands[seat]))
                                          : json(nullptr);
  json hands = json::array(), scores = json::array();
  for (int p = 0; p < players; ++p) {
    hands.push_back(Cards(s.hands[p]));
    scores.push_back(s.scores[p]);
  }
  f["hands"] = hands;
  f["scores"] = scores;
  json prizes = json::array(), bids = json::array(), takers = json::array();
  for (int r = 0; r < s.round + s.revealed; ++r) {
    prizes.push_back(minirisk::PrizeValue(s.prizes[r]));
  }
  for (int r = 0; r < s.round; ++r) {
    bids.push_back(std::vector<int>(s.bids[r].begin(),
                                    s.bids[r].begin() + players));
    takers.push_back(s.taker[r]);
  }
  f["prizes"] = prizes;
  f["bids"] = bids;
  f["takers"] = takers;
  return f;
}

}  // namespace

json ViewToJson(const State& view, Player seat) {
  json v;
  v["seat"] = seat;
  v["current_player"] = PlayerToJson(view.CurrentPlayer());
  v["terminal"] = view.IsTerminal();
  v["state"] = view.Serialize();
  v["observation"] = view.ObservationString(seat);
  v["scores"] = view.Scores();
  using MiniRisk = KernelState<minirisk::Rules>;
  if (const auto* m = dynamic_cast<const MiniRisk*>(&view); m != nullptr) {
    v["fields"] = MiniRiskFields(m->kernel_state(), m->rules().NumPlayers(),
                                 seat);
  }
  return v;
}

json LegalActionsToJson(const State& view, Player seat) {
  json legal = json::array();
  for (Action a : view.LegalActions(seat)) {
    legal.push_back({{"id", a}, {"name", view.ActionToString(seat, a)}});
  }
  return legal;
}

json EventToJson(const State& view, Player seat, const Event& event) {
  json names = json::array();
  for (Action a : event.actions) names.push_back(view.ActionToString(seat, a));
  return {{"actor", PlayerToJson(event.actor)},
          {"actions", event.actions},
          {"names", names}};
}

}  // namespace gameai::net
