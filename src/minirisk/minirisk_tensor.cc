// MiniRisk's tensors (layout in docs/minirisk.md). Hands and earlier bids
// are public, so the observation holds them all; the information state
// adds the whole record, round by round. Seats count from the observer.
#include <algorithm>
#include <vector>

#include "absl/types/span.h"
#include "gameai/minirisk/minirisk.h"

namespace gameai::minirisk {
namespace {

void WriteBits(uint16_t bits, float* out) {
  for (int i = 0; i < kCards; ++i) out[i] = (bits >> i) & 1 ? 1.0f : 0.0f;
}

}  // namespace

std::vector<int> Rules::ObservationTensorShape() const {
  return {16 * options_.players + 47};
}

void Rules::ObservationTensor(const Position& s, Player p,
                              absl::Span<float> out) const {
  const int n = options_.players;
  std::fill(out.begin(), out.end(), 0.0f);
  float* at = out.data();
  for (int k = 0; k < n; ++k, at += kCards) WriteBits(s.hands[(p + k) % n], at);
  WriteBits(static_cast<uint16_t>(~s.prizes_left & kFullHand), at);
  at += kCards;
  if (s.revealed && s.round < kRounds) at[s.prizes[s.round]] = 1.0f;
  at += kCards;
  WriteBits(s.pot_cards, at);
  at += kCards;
  *at++ = s.pot;
  for (int k = 0; k < n; ++k) *at++ = s.scores[(p + k) % n];
  *at++ = s.round;
}

std::vector<int> Rules::InformationStateTensorShape() const {
  const int n = options_.players;
  return {16 * n + 47 + kRounds * (kCards + kCards * n + n)};
}

void Rules::InformationStateTensor(const Position& s, Player p,
                                   absl::Span<float> out) const {
  const int n = options_.players;
  const int observation = 16 * n + 47;
  ObservationTensor(s, p, out.subspan(0, observation));
  std::fill(out.begin() + observation, out.end(), 0.0f);
  float* at = out.data() + observation;
  for (int r = 0; r < kRounds; ++r) {
    if (r < s.round) {
      at[s.prizes[r]] = 1.0f;
      for (int k = 0; k < n; ++k) {
        const int card = s.bids[r][(p + k) % n];
        if (card > 0) at[kCards + k * kCards + card - 1] = 1.0f;
      }
      if (s.taker[r] >= 0) {
        at[kCards + kCards * n + (s.taker[r] - p + n) % n] = 1.0f;
      }
    }
    at += kCards + kCards * n + n;
  }
}

}  // namespace gameai::minirisk
