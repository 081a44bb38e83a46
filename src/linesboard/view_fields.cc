// The Lines board's fields of a seat's view (its GameEntry's view_fields,
// the network protocol's "fields"): everything is public.
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/linesboard/linesboard.h"
#include "gameai/linesboard/register.h"
#include "nlohmann/json.hpp"

namespace gameai::linesboard {

std::string ViewFields(const gameai::State& view, Player) {
  using nlohmann::json;
  const auto& k = dynamic_cast<const KernelState<Rules>&>(view);
  const Options& o = k.rules().options();
  const Position& s = k.position();
  // board[row][col]: the color (0 = "A") of the ball there, or -1.
  json board = json::array();
  for (int r = 0; r < o.rows; ++r) {
    json row = json::array();
    for (int c = 0; c < o.cols; ++c) {
      const int bit = r * kLaneWidth + c;
      int color = -1;
      for (int i = 0; i < o.colors; ++i) {
        if ((s.balls[i] >> bit) & 1) color = i;
      }
      row.push_back(color);
    }
    board.push_back(row);
  }
  json preview = json::array();
  for (int i = 0; i < s.preview_size; ++i) preview.push_back(s.preview[i]);
  return json{{"rows", o.rows},
              {"cols", o.cols},
              {"colors", o.colors},
              {"min_line", o.min_line},
              {"board", board},
              {"preview", preview},
              {"score", {s.score[0], s.score[1]}},
              {"turns", s.turns},
              {"max_turns", o.max_turns},
              {"player", s.player},
              {"over", s.over != 0}}
      .dump();
}

}  // namespace gameai::linesboard
