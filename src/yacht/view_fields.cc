// Yacht's fields of a seat's view (its GameEntry's view_fields, the
// network protocol's "fields"): everything is public. A scorecard holds
// which boxes are open and the totals, not each box's points: a client
// that shows them keeps them from the events.
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/yacht/dice.h"
#include "gameai/yacht/register.h"
#include "gameai/yacht/yacht.h"
#include "nlohmann/json.hpp"

namespace gameai::yacht {

std::string ViewFields(const gameai::State& view, Player) {
  using nlohmann::json;
  const auto& k = dynamic_cast<const KernelState<Rules>&>(view);
  const Rules& rules = k.rules();
  const Position& s = k.position();
  const DiceTables& tables = DiceTables::Get();
  json dice = json::array();
  for (int i = 0; i < tables.size(s.dice); ++i) {
    dice.push_back(tables.faces(s.dice)[i]);
  }
  json categories = json::array();
  for (int c = 0; c < kNumCategories; ++c) {
    categories.push_back(std::string(CategoryName(c)));
  }
  json cards = json::array();
  for (int p = 0; p < rules.NumPlayers(); ++p) {
    const Scorecard& card = s.cards[p];
    json open = json::array();
    for (int c = 0; c < kNumCategories; ++c)
      open.push_back((card.open >> c & 1) != 0);
    cards.push_back({{"open", open},
                     {"total", card.total},
                     {"upper", card.upper},
                     {"yacht50", card.yacht50 != 0}});
  }
  // would_score: what writing the five dice into each box gives the
  // player to move now (bonuses included), null where it may not go.
  json would_score = nullptr;
  if (s.phase == kDecide) {
    would_score = json::array();
    for (int c = 0; c < kNumCategories; ++c) {
      const int points = rules.ScoreFor(s.cards[s.player], c, s.dice);
      would_score.push_back(points < 0 ? json(nullptr) : json(points));
    }
  }
  static constexpr const char* kPhases[] = {"roll", "decide", "over"};
  return json{{"phase", kPhases[s.phase]},
              {"dice", dice},
              {"rolls_left", s.rolls_left},
              {"player", s.player},
              {"round", s.round},
              {"rounds", kRounds},
              {"categories", categories},
              {"cards", cards},
              {"would_score", would_score},
              {"upper_bonus_threshold", kUpperBonusThreshold},
              {"upper_bonus", kUpperBonus},
              {"yahtzee_bonus", rules.options().yahtzee_bonus}}
      .dump();
}

}  // namespace gameai::yacht
