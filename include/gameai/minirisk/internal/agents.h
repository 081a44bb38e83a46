// gameai/minirisk/internal/agents.h: MiniRisk's computer players.
//
//   fixed     the original game's fixed strategy: a pre-set card for
//             each prize card
//   rl        the original game's reactive learner: an OpponentModel of
//             every opponent, their most likely bids, the best reply
//   naive_mc  the original game's naive Monte-Carlo player: every future bid,
//             its own and everyone else's, uniformly random
//   planner   Monte-Carlo rollouts of the rest of the game in which the
//             opponents bid by the learned model and it bids by a plan
// (`random` is the generic uniformly random agent.)
#ifndef GAMEAI_MINIRISK_INTERNAL_AGENTS_H_
#define GAMEAI_MINIRISK_INTERNAL_AGENTS_H_

#include <array>

#include "gameai/base/random.h"
#include "gameai/dynamic/registry.h"
#include "gameai/minirisk/minirisk.h"

namespace gameai::minirisk {

// FixedBid: the card `fixed` bids on prize card `value`: 6..15 for prizes
// 1..10 (the bigger the prize the bigger the bid), 1..5 for -1..-5 (cheap
// cards where losing is cheap, a middling one against -5). A bijection, so
// the card is always in hand.
int FixedBid(int prize_value);

// BestReply: the card of `self` maximizing (the pot if it takes it) minus
// card_cost * card, with the others' bids fixed at `bids` (entry self is
// ignored). Ties: the lower card.
Move BestReply(const Rules& rules, const Position& s, Player self,
               std::array<uint8_t, kMaxPlayers> bids, double card_cost);

// ExchangeRate: points per unit of bid card for player p: the positive
// prizes still to win (the pot included) over the sum of its cards. A
// card's value c costs about c * ExchangeRate in later rounds.
double ExchangeRate(const Position& s, Player p);

// PlanBid: a quick plan for a bid without search: for a pot >= 0 the card
// whose rank in the hand matches the pot's rank among the prizes still
// possible; for a negative pot the lowest card. Used inside rollouts.
Move PlanBid(const Position& s, Player p);

// PlayOut: plays `s` to the end; chance draws from `rng`, each player's bid
// from bid(s, player, rng).
template <class BidPolicy>
void PlayOut(const Rules& rules, Position& s, Rng& rng, BidPolicy&& bid) {
  std::array<Move, kMaxPlayers> joint{};
  while (s.round < kRounds) {
    if (!s.revealed) {
      rules.Apply(s, rules.SampleChance(s, rng));
      continue;
    }
    for (Player p = 0; p < rules.NumPlayers(); ++p) joint[p] = bid(s, p, rng);
    rules.ApplyJoint(s, joint.data());
  }
}

AgentEntry FixedAgentEntry();
AgentEntry RlAgentEntry();
AgentEntry NaiveMcAgentEntry();
AgentEntry PlannerAgentEntry();

}  // namespace gameai::minirisk

#endif  // GAMEAI_MINIRISK_INTERNAL_AGENTS_H_
