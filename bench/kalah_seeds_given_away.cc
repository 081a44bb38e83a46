// kalah_seeds_given_away: how many seeds agents give away against `perfect`.
//
//   kalah_seeds_given_away [--game SPEC] [--games N] [--opening K]
//                          [--seed S] [--db-file FILE] OPPONENT...
//
// Each game starts with K random plies (from --seed), then `perfect` and
// the opponent play it out, each seat in turn (N games per seat). What the
// opponent gave away is the exact value of the position after the opening
// for its seat, less its final margin: `perfect` never gives anything, so
// every seed lost against that value was the opponent's. Printed per
// opponent and seat: the mean with a 95% interval (normal), the games
// played without a loss, the worst game; and perfect's time per move.
// --db-file: a complete endgame database file for `perfect` and the
// referee's solver (built there once when missing).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "fmt/format.h"
#include "gameai/base/random.h"
#include "gameai/dynamic/registry.h"
#include "gameai/kernel/kernel_adapter.h"
#include "gameai/mancala/mancala.h"
#include "gameai/mancala/solver.h"

namespace {

using gameai::mancala::Position;
using gameai::mancala::Rules;

struct Sample {
  std::vector<double> lost;  // seeds given away per game
  void Add(double x) { lost.push_back(x); }
  std::string Summary() const {
    const double n = static_cast<double>(lost.size());
    double mean = 0, sq = 0;
    for (double x : lost) mean += x;
    mean /= n;
    for (double x : lost) sq += (x - mean) * (x - mean);
    const double half =
        n > 1 ? 1.96 * std::sqrt(sq / (n - 1)) / std::sqrt(n) : 0.0;
    const auto clean = std::count(lost.begin(), lost.end(), 0.0);
    return fmt::format("{:6.2f} [{:5.2f}, {:5.2f}]  {:3}/{:<3} {:4.0f}", mean,
                       mean - half, mean + half, clean, lost.size(),
                       *std::max_element(lost.begin(), lost.end()));
  }
};

const Position& PositionOf(const gameai::State& state) {
  return dynamic_cast<const gameai::KernelState<Rules>&>(state).position();
}

int Run(int argc, char** argv) {
  std::string spec = "mancala";
  int games = 20, opening = 4;
  uint64_t seed = 1;
  std::string db_file;
  std::vector<std::string> opponents;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        fmt::print(stderr, "{} needs a value\n", arg);
        std::exit(2);
      }
      return argv[++i];
    };
    if (arg == "--game") {
      spec = value();
    } else if (arg == "--games") {
      games = std::stoi(value());
    } else if (arg == "--opening") {
      opening = std::stoi(value());
    } else if (arg == "--seed") {
      seed = std::stoull(value());
    } else if (arg == "--db-file") {
      db_file = value();
    } else {
      opponents.push_back(arg);
    }
  }
  if (opponents.empty() || games < 1 || opening < 0) {
    fmt::print(stderr,
               "usage: kalah_seeds_given_away [--game SPEC] [--games N>=1] "
               "[--opening K>=0] [--seed S] [--db-file FILE] OPPONENT...\n");
    return 2;
  }
  auto game = gameai::LoadGame(spec);
  if (!game.ok()) {
    fmt::print(stderr, "{}\n", game.status().ToString());
    return 2;
  }
  const Rules& rules =
      dynamic_cast<const gameai::KernelGame<Rules>&>(**game).rules();
  auto referee =
      gameai::mancala::KalahSolver::Create(rules, {.db_file = db_file});
  auto perfect = gameai::LoadAgent(
      **game, db_file.empty() ? "perfect" : "perfect(db_file=" + db_file + ")");
  if (!referee.ok() || !perfect.ok()) {
    fmt::print(stderr, "{}\n",
               !referee.ok() ? referee.status().ToString()
                             : perfect.status().ToString());
    return 2;
  }
  fmt::print("{}, {} random plies, {} games per seat, seed {}\n",
             (*game)->Spec(), opening, games, seed);
  fmt::print("{:<22} {:>4}  {:^22}  {:^7} {:>4}\n", "opponent", "seat",
             "seeds given away, 95%", "clean", "max");
  double move_seconds = 0, slowest = 0;
  int64_t moves = 0;
  for (const std::string& name : opponents) {
    auto opponent = gameai::LoadAgent(**game, name);
    if (!opponent.ok()) {
      fmt::print(stderr, "{}\n", opponent.status().ToString());
      return 2;
    }
    Sample both, by_seat[2];
    for (int seat = 0; seat < 2; ++seat) {
      for (int g = 0; g < games; ++g) {
        // The same openings for both seats.
        const uint64_t game_seed = gameai::DeriveSeed(seed, g);
        gameai::Rng rng(game_seed);
        std::unique_ptr<gameai::State> state = (*game)->NewInitialState();
        std::vector<gameai::Action> legal;
        for (int ply = 0; ply < opening && !state->IsTerminal(); ++ply) {
          state->LegalActions(&legal);
          if (!state->ApplyAction(legal[rng.Below(legal.size())]).ok())
            return 1;
        }
        const int sign = seat == 0 ? 1 : -1;
        const int value = sign * (*referee)->Solve(PositionOf(*state)).margin;
        gameai::Agent* players[2] = {perfect->get(), opponent->get()};
        if (seat == 0) std::swap(players[0], players[1]);
        for (int p = 0; p < 2; ++p) {
          if (!players[p]->StartGame(**game, p, game_seed).ok()) return 1;
        }
        while (!state->IsTerminal()) {
          gameai::Agent* mover = players[state->CurrentPlayer()];
          const auto start = std::chrono::steady_clock::now();
          absl::StatusOr<gameai::Action> action = mover->StepLegal(*state);
          const double seconds = std::chrono::duration<double>(
                                     std::chrono::steady_clock::now() - start)
                                     .count();
          if (!action.ok()) {
            fmt::print(stderr, "{}\n", action.status().ToString());
            return 1;
          }
          if (mover == perfect->get()) {
            move_seconds += seconds;
            slowest = std::max(slowest, seconds);
            ++moves;
          }
          if (!state->ApplyAction(*action).ok()) return 1;
        }
        const Position& end = PositionOf(*state);
        const int final_margin =
            sign * (rules.Store(end, 0) - rules.Store(end, 1));
        by_seat[seat].Add(value - final_margin);
        both.Add(value - final_margin);
      }
      fmt::print("{:<22} {:>4}  {}\n", name, seat, by_seat[seat].Summary());
    }
    fmt::print("{:<22} {:>4}  {}\n", name, "both", both.Summary());
  }
  fmt::print(
      "perfect: {} moves, {:.3f} s a move on average, {:.2f} s the "
      "slowest\n",
      moves, move_seconds / std::max<int64_t>(moves, 1), slowest);
  return 0;
}

}  // namespace

int main(int argc, char** argv) { return Run(argc, argv); }
