// Kalah's fields of a seat's view (its GameEntry's view_fields, the
// network protocol's "fields"): everything is public.
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/mancala/mancala.h"
#include "gameai/mancala/register.h"
#include "nlohmann/json.hpp"

namespace gameai::mancala {

std::string ViewFields(const gameai::State& view, Player) {
  const auto& k = dynamic_cast<const KernelState<Rules>&>(view);
  const Rules& rules = k.rules();
  const Position& s = k.position();
  nlohmann::json pits = nlohmann::json::array(),
                 stores = nlohmann::json::array();
  for (Player p = 0; p < 2; ++p) {
    nlohmann::json row = nlohmann::json::array();
    for (int i = 0; i < rules.pits(); ++i) {
      row.push_back(s.board[rules.PitIndex(p, i)]);
    }
    pits.push_back(row);
    stores.push_back(s.board[rules.StoreIndex(p)]);
  }
  // pits[p][i]: player p's pit i, sown counter-clockwise from pit 0 to
  // the store.
  return nlohmann::json{{"pits", pits},
                        {"stores", stores},
                        {"to_move", s.to_move},
                        {"empty_capture", rules.options().empty_capture}}
      .dump();
}

}  // namespace gameai::mancala
