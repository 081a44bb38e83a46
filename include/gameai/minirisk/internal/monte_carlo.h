// gameai/minirisk/internal/monte_carlo.h: the value of each bid by playing the
// rest of the game out many times.
#ifndef GAMEAI_MINIRISK_INTERNAL_MONTE_CARLO_H_
#define GAMEAI_MINIRISK_INTERNAL_MONTE_CARLO_H_

#include <array>
#include <bit>
#include <limits>
#include <string_view>

#include "absl/status/statusor.h"
#include "fmt/format.h"
#include "gameai/base/random.h"
#include "gameai/minirisk/internal/agents.h"
#include "gameai/minirisk/minirisk.h"

namespace gameai::minirisk {

// Outcome: what a playout is worth to `self`: its final score, or its
// margin over the opponents' mean score.
enum class Outcome { kScore, kMargin };

inline absl::StatusOr<Outcome> ParseOutcome(std::string_view name) {
  if (name == "score") return Outcome::kScore;
  if (name == "margin") return Outcome::kMargin;
  return absl::InvalidArgumentError(
      fmt::format("outcome '{}' is not known; accepted: score, margin", name));
}

inline double OutcomeOf(const Position& s, Player self, int players,
                        Outcome outcome) {
  if (outcome == Outcome::kScore) return s.scores[self];
  double others = 0;
  for (Player q = 0; q < players; ++q) {
    if (q != self) others += s.scores[q];
  }
  return s.scores[self] - others / (players - 1);
}

// BidValues: for each card `self` holds, the mean outcome over `rollouts`
// playouts in which it bids that card now, every opponent q bids
// now(s, q, rng), and every later bid is later(s, p, rng). Playout i uses
// the same random numbers for every card, so the cards are compared on the
// same futures. Cards not held get -infinity.
template <class Now, class Later>
std::array<double, kCards> BidValues(const Rules& rules, const Position& s,
                                     Player self, int rollouts, uint64_t seed,
                                     Outcome outcome, Now&& now,
                                     Later&& later) {
  std::array<double, kCards> values;
  values.fill(-std::numeric_limits<double>::infinity());
  std::array<Move, kMaxPlayers> joint{};
  for (uint32_t hand = s.hands[self]; hand != 0; hand &= hand - 1) {
    const int card = std::countr_zero(hand);
    double total = 0;
    for (int i = 0; i < rollouts; ++i) {
      Rng rng(DeriveSeed(seed, i));
      Position next = s;
      for (Player q = 0; q < rules.NumPlayers(); ++q) {
        joint[q] = q == self ? static_cast<Move>(card) : now(next, q, rng);
      }
      rules.ApplyJoint(next, joint.data());
      PlayOut(rules, next, rng, later);
      total += OutcomeOf(next, self, rules.NumPlayers(), outcome);
    }
    values[card] = total / rollouts;
  }
  return values;
}

// BestCard: the card of highest value (ties: the lower card).
inline Move BestCard(const std::array<double, kCards>& values) {
  int best = 0;
  for (int c = 1; c < kCards; ++c) {
    if (values[c] > values[best]) best = c;
  }
  return static_cast<Move>(best);
}

}  // namespace gameai::minirisk

#endif  // GAMEAI_MINIRISK_INTERNAL_MONTE_CARLO_H_
