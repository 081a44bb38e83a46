#include "gameai/linesboard/internal/greedy.h"

#include <memory>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/kernel/kernel_adapter.h"

namespace gameai::linesboard {

const MoveEvaluator::Lines& MoveEvaluator::LinesAt(const Rules& rules,
                                                   const Position& s, int target,
                                                   int color) {
  Lines& lines = lines_[target][color];
  if (lines.stamp == stamp_) return lines;
  const Geometry& geometry = rules.geometry();
  const Bits mine = s.balls[color];
  const int min_line = rules.options().min_line;
  Bits removed = 0, around = 0;
  int score = 0;
  for (int d = 0; d < kNumLineDirections; ++d) {
    Bits run = 0;
    for (Bits x = geometry.Forward(Bit(target), d) & mine; x != 0;
         x = geometry.Forward(x, d) & mine) {
      run |= x;
    }
    for (Bits x = geometry.Backward(Bit(target), d) & mine; x != 0;
         x = geometry.Backward(x, d) & mine) {
      run |= x;
    }
    around |= run;
    const int length = 1 + PopCount(run);
    if (length >= min_line) {
      score += length;
      removed |= run | Bit(target);
    }
  }
  lines = {.around = around,
           .score = static_cast<int16_t>(score),
           .removed = static_cast<int16_t>(PopCount(removed)),
           .stamp = stamp_};
  return lines;
}

GreedyChoice GreedyMove(const Rules& rules, const Position& s, Rng& rng,
                        MoveEvaluator& evaluator) {
  GreedyChoice choice;
  choice.score = -1;
  choice.removed = -1;
  // 8 KB, allocated once per thread: off the stack, and out of the
  // thread-local block, which libgameai_c.so must keep small (see
  // tests/c_lib_self_contained.sh).
  thread_local const std::unique_ptr<MoveList> list =
      std::make_unique<MoveList>();
  MoveList& tied = *list;
  tied.count = 0;
  choice.evaluated =
      evaluator.ForEachMove(rules, s, [&](Move m, int score, int removed) {
        if (score > choice.score ||
            (score == choice.score && removed > choice.removed)) {
          choice.score = score;
          choice.removed = removed;
          tied.count = 0;
        }
        if (score == choice.score && removed == choice.removed) {
          tied.push_back(m);
        }
      });
  choice.ties = tied.size();
  choice.move = tied[static_cast<int>(rng.Below(tied.size()))];
  return choice;
}

namespace {

class GreedyAgent final : public Agent {
 public:
  explicit GreedyAgent(uint64_t seed) : seed_(seed) {}

  std::string Explain() const override {
    if (last_text_.empty()) return {};
    return fmt::format(
        "greedy: {} scores {} and removes {} ({} of {} moves tie)", last_text_,
        last_.score, last_.removed, last_.ties, last_.evaluated);
  }

 protected:
  absl::StatusOr<Action> DoStep(const gameai::State& view) override {
    GAMEAI_ASSIGN_OR_RETURN(const KernelState<Rules>* kernel,
                            KernelViewOf<Rules>(view, seat(), "greedy"));
    const Rules& rules = kernel->rules();
    if (evaluator_ == nullptr) evaluator_ = std::make_unique<MoveEvaluator>();
    last_ = GreedyMove(rules, kernel->position(), rng_, *evaluator_);
    last_text_ = rules.MoveToString(kernel->position(), last_.move);
    return rules.ToAction(last_.move);
  }

  void OnStartGame(const Game&, uint64_t seed) override {
    rng_.Seed(DeriveSeed(seed_, seed));
  }

 private:
  uint64_t seed_;
  Rng rng_;
  std::unique_ptr<MoveEvaluator> evaluator_;  // 36 KB of cached lines
  GreedyChoice last_;
  std::string last_text_;
};

}  // namespace

AgentEntry GreedyAgentEntry() {
  return {
      .name = "greedy",
      .help =
          "the original game's computer player: the most points now, then the "
          "most cells removed, random among ties (random when nothing scores)",
      .params = {ParamDef::Int("seed", 0, 0, int64_t{1} << 53,
                               "mixed with each game's seed")},
      .make = [](const Game&, const Params& params)
          -> absl::StatusOr<std::unique_ptr<Agent>> {
        return std::make_unique<GreedyAgent>(params.GetInt("seed"));
      },
  };
}

}  // namespace gameai::linesboard
