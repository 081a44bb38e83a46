// Yacht's observation tensor (layout in docs/yacht.md): the dice and the
// turn, then every scorecard from the observing seat round the table.
#include <algorithm>
#include <vector>

#include "absl/types/span.h"
#include "gameai/yacht/dice.h"
#include "gameai/yacht/yacht.h"

namespace gameai::yacht {
namespace {

constexpr int kTurnEntries = 11;  // 6 face counts, rolled, 3 rerolls, round
constexpr int kSeatEntries = kNumCategories + 4;

}  // namespace

std::vector<int> Rules::ObservationTensorShape() const {
  return {kTurnEntries + kSeatEntries * options_.players};
}

void Rules::ObservationTensor(const Position& s, Player p,
                              absl::Span<float> out) const {
  std::fill(out.begin(), out.end(), 0.0f);
  const DiceTables& dice = DiceTables::Get();
  for (int face = 1; face <= kFaces; ++face) {
    out[face - 1] = static_cast<float>(dice.count(s.dice, face));
  }
  out[6] = s.phase == kDecide ? 1.0f : 0.0f;
  if (s.phase != kOver) out[7 + std::min<int>(s.rolls_left, 2)] = 1.0f;
  out[10] = s.round;
  const Player mover = CurrentPlayer(s);
  for (int k = 0; k < options_.players; ++k) {
    const Player seat = (p + k) % options_.players;
    const Scorecard& card = s.cards[seat];
    float* block = out.data() + kTurnEntries + k * kSeatEntries;
    for (int c = 0; c < kNumCategories; ++c) {
      block[c] = (card.open >> c) & 1 ? 1.0f : 0.0f;
    }
    block[kNumCategories] = card.upper;
    block[kNumCategories + 1] = card.total;
    block[kNumCategories + 2] = card.yacht50;
    block[kNumCategories + 3] =
        s.phase != kOver && s.player == seat && mover != kTerminalPlayer
            ? 1.0f
            : 0.0f;
  }
}

}  // namespace gameai::yacht
