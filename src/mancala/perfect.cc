// `perfect`: plays a move of optimal margin, from the exact solver.
#include "gameai/mancala/perfect.h"

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/mancala/solver.h"

namespace gameai::mancala {
namespace {

class PerfectAgent final : public Agent {
 public:
  explicit PerfectAgent(std::unique_ptr<KalahSolver> solver)
      : solver_(std::move(solver)) {}

  std::string Explain() const override {
    if (!explained_) return {};
    return fmt::format(
        "perfect: pit {}, final margin {:+d} for player 0 with perfect play, "
        "{} nodes in {:.3f} s",
        last_.best_move + 1, last_.margin, last_.nodes, last_.seconds);
  }

 protected:
  absl::StatusOr<Action> DoStep(const gameai::State& view) override {
    GAMEAI_ASSIGN_OR_RETURN(const KernelState<Rules>* kernel,
                            KernelViewOf<Rules>(view, seat(), "perfect"));
    const Rules& rules = kernel->rules();
    last_ = solver_->Solve(kernel->position());
    explained_ = true;
    if (!last_.solved) {
      return absl::DeadlineExceededError(
          "perfect: the solve was stopped before it finished");
    }
    return rules.ToAction(last_.best_move);
  }

 private:
  // The table and the database, kept from move to move and game to game:
  // they speed later solves, never change their answers.
  std::unique_ptr<KalahSolver> solver_;
  SolveResult last_;
  bool explained_ = false;
};

}  // namespace

AgentEntry PerfectAgentEntry() {
  return {
      .name = "perfect",
      .help =
          "plays a move of optimal final margin, from the exact solver "
          "(boards of up to max_seeds seeds)",
      .params =
          {
              ParamDef::Int("max_seeds", kPerfectDefaultMaxSeeds, 2,
                            2 * kMaxPits * 8,
                            "the most seeds a board may hold (48: 6 pits x 4 "
                            "seeds, the first move solved in seconds; a larger "
                            "board can take hours)"),
              ParamDef::Int("mem_mb", 2048, 16, 1 << 20,
                            "memory for the solver's table and endgame "
                            "database, in MB"),
              ParamDef::String("db_file", "",
                               "a complete endgame database: loaded from this "
                               "file, or built once and saved there"),
          },
      .make = [](const Game& game, const Params& params)
          -> absl::StatusOr<std::unique_ptr<Agent>> {
        const auto* kernel_game = dynamic_cast<const KernelGame<Rules>*>(&game);
        if (kernel_game == nullptr) {
          return absl::InvalidArgumentError(
              fmt::format("perfect plays mancala, not {}", game.Spec()));
        }
        const Rules& rules = kernel_game->rules();
        const int64_t limit = params.GetInt("max_seeds");
        if (rules.TotalSeeds() > limit) {
          return absl::InvalidArgumentError(fmt::format(
              "perfect solves boards of at most max_seeds={} seeds; {} holds "
              "{} ({} pits x {} seeds a side): raise max_seeds to try it "
              "(6x5 takes the solver most of an hour)",
              limit, game.Spec(), rules.TotalSeeds(), rules.pits(),
              rules.TotalSeeds() / (2 * rules.pits())));
        }
        // Refused when made, before a match starts: a table and database
        // beyond the memory, a database file that cannot be used.
        GAMEAI_ASSIGN_OR_RETURN(
            std::unique_ptr<KalahSolver> solver,
            KalahSolver::Create(
                rules, {.db_file = params.GetString("db_file"),
                        .memory_bytes = params.GetInt("mem_mb") << 20}));
        return std::make_unique<PerfectAgent>(std::move(solver));
      },
  };
}

}  // namespace gameai::mancala
