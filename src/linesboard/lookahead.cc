#include "gameai/linesboard/internal/lookahead.h"

#include <algorithm>
#include <array>
#include <memory>
#include <vector>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/kernel/kernel_adapter.h"

namespace gameai::linesboard {

int Threats(const Rules& rules, const Position& s) {
  const Geometry& g = rules.geometry();
  const Bits empty = rules.Empty(s);
  const int length = rules.options().min_line;
  int total = 0;
  for (int c = 0; c < rules.options().colors; ++c) {
    const Bits mine = s.balls[c];
    if (PopCount(mine) < length - 1) continue;
    Bits completes = 0;
    for (int d = 0; d < kNumLineDirections; ++d) {
      // ahead[k]: cells whose next k cells along d hold this color;
      // behind[k] the same against d. A cell completes a line when the
      // runs on its two sides add up to length - 1.
      std::array<Bits, kMaxCols> ahead, behind;
      ahead[0] = behind[0] = g.cells();
      for (int k = 1; k < length; ++k) {
        ahead[k] = g.Backward(mine & ahead[k - 1], d);
        behind[k] = g.Forward(mine & behind[k - 1], d);
      }
      for (int a = 0; a < length; ++a) {
        completes |= ahead[a] & behind[length - 1 - a];
      }
    }
    completes &= empty;
    if (completes == 0) continue;
    const Bits reach = g.Flood(g.Dilate(mine) & empty, empty);
    total += PopCount(completes & reach);
  }
  return total;
}

int LookaheadPlanner::ChainValue(const Rules& rules, const Position& s, int depth,
                                 Move* first) {
  struct Scoring {
    Move move;
    int score, removed;
  };
  std::vector<Scoring> scoring;
  std::array<bool, kMaxBits * kMaxColors> seen{};  // (target, color) tried
  evaluator_.ForEachMove(rules, s, [&](Move m, int score, int removed) {
    if (score == 0) return;
    const int key =
        rules.TargetBit(m) * kMaxColors + Rules::ColorAt(s, rules.SourceBit(m));
    if (seen[key]) return;  // the same lines from another ball of the color
    seen[key] = true;
    scoring.push_back({m, score, removed});
  });
  if (scoring.empty()) return 0;
  std::stable_sort(
      scoring.begin(), scoring.end(), [](const Scoring& a, const Scoring& b) {
        return a.score != b.score ? a.score > b.score : a.removed > b.removed;
      });
  if (depth <= 1) {
    if (first != nullptr) *first = scoring[0].move;
    return scoring[0].score;
  }
  int best = -1;
  const int width =
      std::min<int>(options_.chain_width, static_cast<int>(scoring.size()));
  for (int i = 0; i < width; ++i) {
    Position next = s;
    rules.Apply(next, scoring[i].move);
    int value = scoring[i].score;
    if (rules.CurrentPlayer(next) == s.player) {
      value += ChainValue(rules, next, depth - 1);
    }
    if (value > best) {
      best = value;
      if (first != nullptr) *first = scoring[i].move;
    }
  }
  return best;
}

Move LookaheadPlanner::QuietMove(const Rules& rules, const Position& s, Rng& rng) {
  // Every move is quiet here: keep those leaving the fewest threats.
  // Allocated once per thread (see GreedyMove on thread-local move lists).
  thread_local const std::unique_ptr<MoveList> safest_list =
      std::make_unique<MoveList>();
  MoveList& safest = *safest_list;
  safest.count = 0;
  int fewest = 1 << 30;
  MoveList moves;
  rules.LegalMoves(s, moves);
  for (Move m : moves) {
    Position next = s;
    const int source = rules.SourceBit(m), target = rules.TargetBit(m);
    Bits& color = next.balls[Rules::ColorAt(s, source)];
    color = (color & ~Bit(source)) | Bit(target);
    const int threats = Threats(rules, next);
    if (threats < fewest) {
      fewest = threats;
      safest.count = 0;
    }
    if (threats == fewest) safest.push_back(m);
  }
  // A random sample of them, each judged by the threats left after the
  // spawns; the same sampled spawns (by seed) for every finalist.
  const int finalists = std::min(options_.finalists, safest.size());
  for (int i = 0; i < finalists; ++i) {
    std::swap(safest.moves[i], safest.moves[i + rng.Below(safest.size() - i)]);
  }
  const uint64_t spawn_seed = rng();
  Move best = safest[0];
  double best_expected = 1e300;
  for (int i = 0; i < finalists; ++i) {
    double total = 0;
    for (int k = 0; k < options_.spawn_samples; ++k) {
      Rng spawns(DeriveSeed(spawn_seed, k));
      Position next = s;
      rules.Apply(next, safest[i]);
      while (next.spawn_left > 0 && !next.over) {
        rules.Apply(next, rules.SampleChance(next, spawns));
      }
      if (!next.over) total += Threats(rules, next);
    }
    const double expected = total / std::max(1, options_.spawn_samples);
    if (expected < best_expected) {
      best_expected = expected;
      best = safest[i];
    }
  }
  explanation_ = fmt::format(
      "lookahead: quiet {} leaves {} threats, {:.2f} expected after the "
      "spawns ({} finalists of {} safest of {} moves)",
      rules.MoveToString(s, best), fewest, best_expected, finalists,
      safest.size(), moves.size());
  return best;
}

Move LookaheadPlanner::Choose(const Rules& rules, const Position& s, Rng& rng) {
  Move first = 0;
  const int chain = ChainValue(rules, s, options_.chain_depth, &first);
  if (chain > 0) {
    explanation_ = fmt::format("lookahead: {} starts a chain worth {}",
                               rules.MoveToString(s, first), chain);
    return first;
  }
  return QuietMove(rules, s, rng);
}

namespace {

class LookaheadAgent final : public Agent {
 public:
  LookaheadAgent(const LookaheadOptions& options, uint64_t seed)
      : planner_(options), seed_(seed) {}

  std::string Explain() const override { return planner_.explanation(); }

 protected:
  absl::StatusOr<Action> DoStep(const gameai::State& view) override {
    GAMEAI_ASSIGN_OR_RETURN(const KernelState<Rules>* kernel,
                            KernelViewOf<Rules>(view, seat(), "lookahead"));
    const Rules& rules = kernel->rules();
    return rules.ToAction(planner_.Choose(rules, kernel->position(), rng_));
  }

  void OnStartGame(const Game&, uint64_t seed) override {
    rng_.Seed(DeriveSeed(seed_, seed));
  }

 private:
  LookaheadPlanner planner_;
  uint64_t seed_;
  Rng rng_;
};

}  // namespace

AgentEntry LookaheadAgentEntry() {
  return {
      .name = "lookahead",
      .help =
          "plans its turn: the best chain of scoring moves, then the quiet "
          "move leaving the opponent the fewest scoring cells, expected over "
          "sampled spawns",
      .params =
          {
              ParamDef::Int("chain_depth", 3, 1, 8,
                            "scoring moves planned ahead in one turn"),
              ParamDef::Int("chain_width", 6, 1, 64,
                            "scoring moves tried at each step of a chain"),
              ParamDef::Int("finalists", 48, 1, 4096,
                            "safest quiet moves judged over spawns"),
              ParamDef::Int("spawn_samples", 8, 1, 1000,
                            "sampled spawns per finalist"),
              ParamDef::Int("seed", 0, 0, int64_t{1} << 53,
                            "mixed with each game's seed"),
          },
      .make = [](const Game&, const Params& params)
          -> absl::StatusOr<std::unique_ptr<Agent>> {
        return std::make_unique<LookaheadAgent>(
            LookaheadOptions{
                .chain_depth = static_cast<int>(params.GetInt("chain_depth")),
                .chain_width = static_cast<int>(params.GetInt("chain_width")),
                .finalists = static_cast<int>(params.GetInt("finalists")),
                .spawn_samples =
                    static_cast<int>(params.GetInt("spawn_samples")),
            },
            params.GetInt("seed"));
      },
  };
}

}  // namespace gameai::linesboard
