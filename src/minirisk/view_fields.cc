// MiniRisk's fields of a seat's view for the network protocol (its
// GameEntry's view_fields): everything in a MiniRisk state is public (the
// bids of the round being played are not in it yet).
#include <bit>
#include <vector>

#include "gameai/kernel/kernel_adapter.h"
#include "gameai/minirisk/minirisk.h"
#include "gameai/minirisk/register.h"
#include "nlohmann/json.hpp"

namespace gameai::minirisk {
namespace {

using nlohmann::json;

std::vector<int> Cards(uint16_t hand) {
  std::vector<int> cards;
  for (uint32_t h = hand; h != 0; h &= h - 1) {
    cards.push_back(std::countr_zero(h) + 1);
  }
  return cards;
}

json Fields(const Position& s, int players, Player seat) {
  json f;
  f["round"] = s.round;  // rounds finished
  f["prize"] = s.revealed ? json(PrizeValue(s.prizes[s.round])) : json(nullptr);
  f["pot"] = s.pot;
  json pot_cards = json::array();
  for (int i = 0; i < kCards; ++i) {
    if ((s.pot_cards >> i) & 1) pot_cards.push_back(PrizeValue(i));
  }
  f["pot_cards"] = pot_cards;
  f["hand"] =
      seat >= 0 && seat < players ? json(Cards(s.hands[seat])) : json(nullptr);
  json hands = json::array(), scores = json::array();
  for (int p = 0; p < players; ++p) {
    hands.push_back(Cards(s.hands[p]));
    scores.push_back(s.scores[p]);
  }
  f["hands"] = hands;
  f["scores"] = scores;
  json prizes = json::array(), bids = json::array(), takers = json::array();
  for (int r = 0; r < s.round + s.revealed; ++r) {
    prizes.push_back(PrizeValue(s.prizes[r]));
  }
  for (int r = 0; r < s.round; ++r) {
    bids.push_back(
        std::vector<int>(s.bids[r].begin(), s.bids[r].begin() + players));
    takers.push_back(s.taker[r]);
  }
  f["prizes"] = prizes;
  f["bids"] = bids;
  f["takers"] = takers;
  return f;
}

}  // namespace

std::string ViewFields(const gameai::State& view, Player seat) {
  const auto& k = dynamic_cast<const KernelState<Rules>&>(view);
  return Fields(k.position(), k.rules().NumPlayers(), seat).dump();
}

}  // namespace gameai::minirisk
