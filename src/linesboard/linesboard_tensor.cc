// The Lines board's observation tensor (layout in docs/linesboard.md):
// one plane per colour over the board, then the preview and the scores.
#include <algorithm>
#include <vector>

#include "absl/types/span.h"
#include "gameai/linesboard/bitboard.h"
#include "gameai/linesboard/linesboard.h"

namespace gameai::linesboard {

std::vector<int> Rules::ObservationTensorShape() const {
  return {options_.colors * cells_ + options_.spawn * options_.colors + 4};
}

void Rules::ObservationTensor(const Position& s, Player p,
                              absl::Span<float> out) const {
  std::fill(out.begin(), out.end(), 0.0f);
  for (int c = 0; c < options_.colors; ++c) {
    float* plane = out.data() + c * cells_;
    ForEachBit(s.balls[c], [&](int bit) { plane[cell_of_bit_[bit]] = 1.0f; });
  }
  float* preview = out.data() + options_.colors * cells_;
  for (int k = 0; k < s.preview_size && k < options_.spawn; ++k) {
    preview[k * options_.colors + s.preview[k]] = 1.0f;
  }
  float* tail = preview + options_.spawn * options_.colors;
  tail[0] = static_cast<float>(s.score[p]);
  tail[1] = static_cast<float>(s.score[1 - p]);
  tail[2] = static_cast<float>(s.turns);
  tail[3] = CurrentPlayer(s) == p ? 1.0f : 0.0f;
}

}  // namespace gameai::linesboard
