// The original game's reactive learner: predicts each opponent's bid with a
// learned model and plays the best reply to the predictions.
#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/minirisk/internal/agents.h"
#include "gameai/minirisk/internal/opponent_model.h"

namespace gameai::minirisk {
namespace {

class RlAgent final : public Agent {
 public:
  RlAgent(double alpha, double card_cost)
      : model_(alpha, OpponentModel::Feature::kPotAndRound),
        card_cost_(card_cost) {}

  std::string Explain() const override { return explanation_; }
  bool HasMemory() const override { return true; }  // the opponent model

 protected:
  absl::StatusOr<Action> DoStep(const gameai::State& view) override {
    GAMEAI_ASSIGN_OR_RETURN(const KernelState<Rules>* kernel,
                            KernelViewOf<Rules>(view, seat(), "rl"));
    const Rules& rules = kernel->rules();
    const Position& s = kernel->position();
    model_.Observe(s);
    std::array<uint8_t, kMaxPlayers> predicted{};
    for (Player q = 0; q < rules.NumPlayers(); ++q) {
      if (q != seat()) predicted[q] = model_.MostLikely(s, q) + 1;
    }
    const Move bid = BestReply(rules, s, seat(), predicted,
                               card_cost_ * ExchangeRate(s, seat()));
    explanation_ = fmt::format("rl: pot {}, predicted bids", s.pot);
    for (Player q = 0; q < rules.NumPlayers(); ++q) {
      if (q != seat()) explanation_ += fmt::format(" {}", predicted[q]);
    }
    explanation_ += fmt::format(", reply {}", bid + 1);
    return rules.ToAction(bid);
  }

  void OnEndGame(const gameai::State& view, absl::Span<const double>) override {
    if (const auto* k = dynamic_cast<const KernelState<Rules>*>(&view)) {
      model_.Observe(k->position());  // the last round's bids
    }
  }

  void OnStartGame(const Game& game, uint64_t) override {
    model_.StartGame(table(), game.NumPlayers(), seat());
  }

 private:
  OpponentModel model_;
  double card_cost_;
  std::string explanation_;
};

}  // namespace

AgentEntry RlAgentEntry() {
  return {
      .name = "rl",
      .help =
          "the original game's reactive learner: learns every opponent's bids "
          "(kept across games), predicts them, plays the best reply",
      .params =
          {
              ParamDef::Double("alpha", 0.2, 0.001, 1,
                               "learning rate of the opponent model"),
              ParamDef::Double("card_cost", 0.5, 0, 10,
                               "a card of value v costs v * this * the "
                               "exchange rate (prizes left / cards left)"),
          },
      .make = [](const Game&, const Params& params)
          -> absl::StatusOr<std::unique_ptr<Agent>> {
        return std::make_unique<RlAgent>(params.GetDouble("alpha"),
                                         params.GetDouble("card_cost"));
      },
      .memory = "learns a bid model of each opponent from game to game",
  };
}

}  // namespace gameai::minirisk
