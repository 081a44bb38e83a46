#include "gameai/mancala/internal/greedy.h"

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/kernel/kernel_adapter.h"

namespace gameai::mancala {

int GreedyValue(const Rules& rules, const Position& s, Player player) {
  const int half = rules.TotalSeeds() / 2;
  const int own = rules.Store(s, player);
  const int other = rules.Store(s, 1 - player);
  if (own > half) return 5000;
  if (other > half) return -5000;
  if (own == half && other == half) return 0;
  return own - other;
}

GreedyChoice GreedyBestMove(const Rules& rules, const Position& s) {
  GreedyChoice choice;
  choice.pit_values.fill(-6000);
  const Player mover = s.to_move;
  MoveList moves;
  rules.LegalMoves(s, moves);
  for (Move m : moves) {
    Position copy = s;
    rules.Apply(copy, m);
    const bool extra_turn = !rules.IsOver(copy) && copy.to_move == mover;
    const int value = extra_turn ? GreedyBestMove(rules, copy).value
                                 : GreedyValue(rules, copy, mover);
    choice.pit_values[m] = value;
    if (value > choice.value) {  // strictly greater: ties keep the lower pit
      choice.value = value;
      choice.move = m;
    }
  }
  return choice;
}

namespace {

class GreedyAgent final : public Agent {
 public:
  std::string Explain() const override {
    if (pits_ == 0) return {};
    std::string out = fmt::format(
        "greedy: pit {} (value {}); pit values:", last_.move + 1, last_.value);
    for (int i = 0; i < pits_; ++i) {
      if (last_.pit_values[i] != -6000) {
        out += fmt::format(" {}:{}", i + 1, last_.pit_values[i]);
      }
    }
    return out;
  }

 protected:
  absl::StatusOr<Action> DoStep(const gameai::State& view) override {
    GAMEAI_ASSIGN_OR_RETURN(const KernelState<Rules>* kernel,
                            KernelViewOf<Rules>(view, seat(), "greedy"));
    const Rules& rules = kernel->rules();
    last_ = GreedyBestMove(rules, kernel->position());
    pits_ = rules.pits();
    return rules.ToAction(last_.move);
  }

 private:
  GreedyChoice last_;
  int pits_ = 0;
};

}  // namespace

AgentEntry GreedyAgentEntry() {
  return {
      .name = "greedy",
      .help =
          "the original game's beginner player: best store difference after "
          "its own move (and extra-turn chain), never the opponent's reply",
      .params = {},
      .make = [](const Game&,
                 const Params&) -> absl::StatusOr<std::unique_ptr<Agent>> {
        return std::make_unique<GreedyAgent>();
      },
  };
}

}  // namespace gameai::mancala
