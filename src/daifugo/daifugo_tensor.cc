// Daifugo's tensors (layout in docs/daifugo.md). Both are computed from
// Redact(s, p), the state as seat p may see it, so no other seat's hidden
// card can reach them. Seats count from the observer round the table of
// player ids (p, p + 1, ...).
#include <algorithm>
#include <vector>

#include "absl/types/span.h"
#include "gameai/daifugo/daifugo.h"

namespace gameai::daifugo {
namespace {

constexpr int kCardBits = 53;
constexpr int kPhases = 6;

void WriteCards(Cards cards, float* out) {
  for (int c = 0; c < kCardBits; ++c) {
    out[c] = (cards >> c) & 1 ? 1.0f : 0.0f;
  }
}

int ObservationSize(int players) { return 4 * kCardBits + 15 + 5 * players; }

}  // namespace

std::vector<int> Rules::ObservationTensorShape() const {
  return {ObservationSize(options_.players)};
}

void Rules::ObservationTensor(const Position& s, Player p,
                              absl::Span<float> out) const {
  const int n = options_.players;
  const Position view = Redact(s, p);
  const Deal& deal = view.deal;
  std::fill(out.begin(), out.end(), 0.0f);
  float* at = out.data();
  const auto seat = [&](int k) { return (p + k) % n; };
  const auto relative = [&](int q) { return (q - p + n) % n; };
  WriteCards(deal.hands[p], at);
  WriteCards(deal.played, at + kCardBits);
  WriteCards(deal.field.cards, at + 2 * kCardBits);
  WriteCards(view.received[p], at + 3 * kCardBits);
  at += 4 * kCardBits;
  at[static_cast<int>(deal.field.type)] = 1.0f;  // pass (empty), single, ...
  at += 4;
  at[0] = deal.revolution ? 1.0f : 0.0f;
  for (int suit = 0; suit < kSuits; ++suit) {
    at[1 + suit] = (deal.lock >> suit) & 1 ? 1.0f : 0.0f;
  }
  at += 5;
  at[static_cast<int>(view.phase)] = 1.0f;
  at += kPhases;
  const Player mover = CurrentPlayer(view);
  for (int k = 0; k < n; ++k) {
    const Player q = seat(k);
    at[k] = static_cast<float>(CardCount(view, q));
    at[n + k] = deal.place[q];
    at[2 * n + k] = (deal.passed >> q) & 1 ? 1.0f : 0.0f;
    at[3 * n + k] = mover == q ? 1.0f : 0.0f;
  }
  if (!deal.field.IsPass()) at[4 * n + relative(deal.field_owner)] = 1.0f;
}

std::vector<int> Rules::InformationStateTensorShape() const {
  const int n = options_.players;
  return {ObservationSize(n) + (kCardBits + 2) * n + 2};
}

void Rules::InformationStateTensor(const Position& s, Player p,
                                   absl::Span<float> out) const {
  const int n = options_.players;
  const int observation = ObservationSize(n);
  ObservationTensor(s, p, out.subspan(0, observation));
  const Position view = Redact(s, p);
  float* at = out.data() + observation;
  for (int k = 0; k < n; ++k) {
    const Player q = (p + k) % n;
    WriteCards(view.received[q], at + k * kCardBits);
    at[n * kCardBits + k] = view.last_place[q];
    at[n * kCardBits + n + k] = static_cast<float>(view.points[q]);
  }
  at += n * (kCardBits + 2);
  at[0] = view.games_done;
  at[1] = view.exchange_due ? 1.0f : 0.0f;
}

}  // namespace gameai::daifugo
