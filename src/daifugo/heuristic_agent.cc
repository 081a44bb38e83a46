// The original game's player on the match kernel, with our joker and exchange
// choices (agents.h).
#include <bit>
#include <memory>

#include "absl/status/status.h"
#include "gameai/base/status_macros.h"
#include "gameai/daifugo/internal/agents.h"
#include "gameai/daifugo/internal/heuristic.h"
#include "gameai/kernel/kernel_adapter.h"

namespace gameai::daifugo {
namespace {

// UsesJokerInMeld: the joker stands in a group or sequence.
bool UsesJokerInMeld(const Meld& m) {
  return (m.cards & kJoker) && !m.IsLoneJoker();
}

class HeuristicAgent final : public Agent {
 protected:
  absl::StatusOr<Action> DoStep(const gameai::State& view) override {
    GAMEAI_ASSIGN_OR_RETURN(const KernelState<Rules>* kernel,
                            KernelViewOf<Rules>(view, seat(), "heuristic"));
    return kernel->rules().ToAction(
        HeuristicMove(kernel->rules(), kernel->position()));
  }
};

}  // namespace

EvalContext ContextFor(const Rules& rules, const Position& s, Player p) {
  int players_in = 0;
  for (int q = 0; q < rules.NumPlayers(); ++q) {
    players_in += s.deal.place[q] == 0;
  }
  return {.enemy = kFullDeck & ~s.deal.hands[p] & ~s.deal.played,
          .revolution = s.deal.revolution,
          .players = rules.NumPlayers(),
          .players_in = players_in};
}

int GiveBackCard(Cards hand) {
  const EvalContext normal{.enemy = kFullDeck & ~hand};
  auto plain = [](int bit) {
    const int rank = bit / 4;
    return bit != kJokerBit && rank != kRanks - 1 && rank != kEightRank;
  };
  // The weakest single of the decomposition that is no joker, 2 or 8.
  int best = -1;
  for (const Meld& m : Decompose(hand, normal)) {
    if (m.type != MeldType::kSingle) continue;
    const int bit = std::countr_zero(m.cards);
    if (plain(bit) && (best < 0 || bit < best)) best = bit;
  }
  if (best >= 0) return best;
  for (Cards left = hand; left != 0; left &= left - 1) {
    if (plain(std::countr_zero(left))) return std::countr_zero(left);
  }
  const Cards no_joker = hand & ~kJoker;
  return no_joker ? std::countr_zero(no_joker) : kJokerBit;
}

Move HeuristicMove(const Rules& rules, const Position& s) {
  const Player p = rules.CurrentPlayer(s);
  const Cards hand = s.deal.hands[p];
  if (s.phase == Phase::kGiveBack) return Rules::GiveMove(GiveBackCard(hand));
  const EvalContext context = ContextFor(rules, s, p);
  const Deal& d = s.deal;
  if (d.field.IsPass()) return Rules::PlayMove(ChooseLead(hand, context));
  std::vector<Meld> legal;
  for (const Meld& m : LegalMelds(hand, FieldRulesOf(d))) {
    // The ♠3 on a lone joker clears the field: always taken.
    if (d.field.IsLoneJoker()) return Rules::PlayMove(m);
    if (UsesJokerInMeld(m) && !CanGoOut(hand & ~m.cards, context)) continue;
    legal.push_back(m);
  }
  return Rules::PlayMove(ChooseFollow(legal, d.field, hand, context));
}

AgentEntry HeuristicAgentEntry() {
  return {
      .name = "heuristic",
      .help =
          "the original game's player: meld values, hand decomposition and "
          "value, its leading priorities and following rules (our joker and "
          "exchange choices)",
      .params = {},
      .make = [](const Game&,
                 const Params&) -> absl::StatusOr<std::unique_ptr<Agent>> {
        return std::make_unique<HeuristicAgent>();
      },
  };
}

}  // namespace gameai::daifugo
