// The original game's fixed player, and the two bid rules other players share.
#include <algorithm>
#include <bit>
#include <cstdlib>

#include "absl/status/status.h"
#include "gameai/base/status_macros.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/minirisk/internal/agents.h"

namespace gameai::minirisk {

int FixedBid(int prize_value) {
  return prize_value > 0 ? prize_value + 5 : -prize_value;
}

Move BestReply(const Rules& rules, const Position& s, Player self,
               std::array<uint8_t, kMaxPlayers> bids, double card_cost) {
  Move best = 0;
  double best_value = -1e300;
  for (uint32_t hand = s.hands[self]; hand != 0; hand &= hand - 1) {
    const int card = std::countr_zero(hand);
    bids[self] = static_cast<uint8_t>(card + 1);
    const bool takes = Taker(s.pot, bids.data(), rules.NumPlayers()) == self;
    const double value = (takes ? s.pot : 0) - card_cost * (card + 1);
    if (value > best_value) {
      best_value = value;
      best = static_cast<Move>(card);
    }
  }
  return best;
}

double ExchangeRate(const Position& s, Player p) {
  int prizes = std::max<int>(s.pot, 0);
  for (uint32_t left = s.prizes_left; left != 0; left &= left - 1) {
    prizes += std::max(0, PrizeValue(std::countr_zero(left)));
  }
  int cards = 0;
  for (uint32_t hand = s.hands[p]; hand != 0; hand &= hand - 1) {
    cards += std::countr_zero(hand) + 1;
  }
  return cards == 0 ? 0.0 : static_cast<double>(prizes) / cards;
}

Move PlanBid(const Position& s, Player p) {
  const uint32_t hand = s.hands[p];
  if (s.pot < 0) return static_cast<Move>(std::countr_zero(hand));
  // The pot's rank among itself and the positive prizes still to come.
  int below = 0, total = 1;
  for (uint32_t left = s.prizes_left; left != 0; left &= left - 1) {
    const int value = PrizeValue(std::countr_zero(left));
    if (value < 0) continue;
    ++total;
    below += value < s.pot;
  }
  const int cards = std::popcount(hand);
  int k = below * cards / total;  // 0 .. cards - 1
  uint32_t h = hand;
  for (; k > 0; --k) h &= h - 1;
  return static_cast<Move>(std::countr_zero(h));
}

namespace {

class FixedAgent final : public Agent {
 protected:
  absl::StatusOr<Action> DoStep(const gameai::State& view) override {
    GAMEAI_ASSIGN_OR_RETURN(const KernelState<Rules>* kernel,
                            KernelViewOf<Rules>(view, seat(), "fixed"));
    const Position& s = kernel->position();
    const Move card = Rules::Bid(FixedBid(PrizeValue(s.prizes[s.round])));
    if (s.hands[seat()] >> card & 1) return card;  // always, from the start
    // A game it did not play from the start (a loaded position) may have
    // spent that card: the held card nearest to it, the lower on a tie.
    Move nearest = card;
    int distance = kCards;
    for (uint32_t hand = s.hands[seat()]; hand != 0; hand &= hand - 1) {
      const int held = std::countr_zero(hand);
      if (std::abs(held - card) < distance) {
        distance = std::abs(held - card);
        nearest = static_cast<Move>(held);
      }
    }
    return nearest;
  }
};

}  // namespace

AgentEntry FixedAgentEntry() {
  return {
      .name = "fixed",
      .help =
          "the original game's fixed strategy: prize 1..10 -> card 6..15, "
          "prize -1..-5 -> card 1..5",
      .params = {},
      .make = [](const Game&,
                 const Params&) -> absl::StatusOr<std::unique_ptr<Agent>> {
        return std::make_unique<FixedAgent>();
      },
  };
}

}  // namespace gameai::minirisk
