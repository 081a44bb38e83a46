// Mancala's observation tensor (layout in docs/mancala.md): the board from
// the observing seat's side, so one learner can play either seat.
#include <algorithm>
#include <vector>

#include "absl/types/span.h"
#include "gameai/mancala/mancala.h"

namespace gameai::mancala {

// [own pits 0..pits-1, own store, opponent's pits 0..pits-1, opponent's
// store, 1 if `p` is to move]: seed counts as they are.
std::vector<int> Rules::ObservationTensorShape() const {
  return {2 * options_.pits + 3};
}

void Rules::ObservationTensor(const Position& s, Player p,
                              absl::Span<float> out) const {
  const int pits = options_.pits;
  for (int side = 0; side < 2; ++side) {
    const Player owner = side == 0 ? p : 1 - p;
    float* block = out.data() + side * (pits + 1);
    for (int i = 0; i < pits; ++i) block[i] = s.board[PitIndex(owner, i)];
    block[pits] = s.board[StoreIndex(owner)];
  }
  out[2 * pits + 2] = CurrentPlayer(s) == p ? 1.0f : 0.0f;
}

}  // namespace gameai::mancala
