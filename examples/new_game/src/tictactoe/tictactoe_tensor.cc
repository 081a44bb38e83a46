// Tic-tac-toe's observation tensor (layout in docs/tictactoe.md): the grid
// from the observing seat's side, so that one learner can play X and O.
#include <vector>

#include "absl/types/span.h"
#include "gameai/tictactoe/tictactoe.h"

namespace gameai::tictactoe {

// Three planes of the 3x3 grid, row by row from the top left: p's marks,
// the opponent's marks, the empty cells; 1 where the plane's cells are,
// else 0.
std::vector<int> Rules::ObservationTensorShape() const { return {3, 3, 3}; }

void Rules::ObservationTensor(const Position& s, Player p,
                              absl::Span<float> out) const {
  const uint16_t planes[3] = {s.marks[p], s.marks[1 - p],
                              static_cast<uint16_t>(~Occupied(s) & kFullGrid)};
  for (int plane = 0; plane < 3; ++plane) {
    for (int cell = 0; cell < kCells; ++cell) {
      out[plane * kCells + cell] = (planes[plane] >> cell & 1) ? 1.0f : 0.0f;
    }
  }
}

}  // namespace gameai::tictactoe
