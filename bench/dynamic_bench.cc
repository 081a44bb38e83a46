// Random games through the dynamic Game / State interface, the loop users of
// the Python module, the C API and the arena run, for every registered game
// with its default parameters. Each is compared with its kernel's random
// playout of the same game (games/s, one run of gameai_bench):
//   mancala     BM_Mancala_RandomPlayout
//   yacht       BM_Yacht_RandomPlayout
//   linesboard  BM_Lines_RandomPlayout_Listed (BM_Lines_RandomPlayout draws
//               each move by SampleMove without listing them)
//   minirisk    BM_MiniRisk_RandomPlayout/5
//   daifugo     BM_Daifugo_RandomMatch (whole 10-deal matches)
// What differs on purpose: the kernel playouts list the legal moves and
// draw with gameai::Rng (xoshiro256**, Lemire's Below, inlined); the
// dynamic loops draw with std::mt19937 through std::uniform_int_distribution
// as the reference loop (and OpenSpiel's) does, a few ns more per
// pick. Chance: the kernels sample (SampleChance), BM_Dynamic_RandomGame
// lists ChanceOutcomes() and walks it, BM_Dynamic_RandomGameBuffered
// samples through SampleChanceOutcome(rng) (the kernel's sampler behind
// one virtual call).
// BM_Kernel_RandomGameStdPick/<game> is the buffered loop's work without the
// dynamic layer: the kernel's moves, picked with the same std::mt19937 and
// distribution, chance by the same sampler. The buffered loop's rate over
// its rate is what the layer itself costs; the ratios docs/performance.md
// reports are over the kernel playouts above, whose cheaper picks count
// for the kernel. BM_Kernel_RandomGameNewVectors/<game> is the vector
// loop's work without the layer: the same picks, and a new vector for every
// listing and every chance node's outcomes: the ceiling of any layer whose
// LegalActions() and ChanceOutcomes() return new vectors.
// BM_Dynamic_ThinLayerFloor/<game> is the buffered loop behind the thinnest
// virtual interface (no checks, no history): the ceiling of any dynamic
// layer on that loop.
#include <array>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "gameai/core/game.h"
#include "gameai/core/kernel_adapter.h"
#include "gameai/core/random.h"
#include "gameai/core/registry.h"
#include "gameai/daifugo/daifugo.h"
#include "gameai/linesboard/linesboard.h"
#include "gameai/mancala/mancala.h"
#include "gameai/minirisk/minirisk.h"
#include "gameai/yacht/yacht.h"

namespace gameai {
namespace {

// Pick: a uniformly random entry of `list` (legal actions, or a kernel's
// move list).
template <class List>
auto Pick(const List& list, std::mt19937& gen) {
  const size_t i = std::uniform_int_distribution<size_t>(
      0, static_cast<size_t>(list.size()) - 1)(gen);
  return list[static_cast<decltype(list.size())>(i)];
}

// SampleListed: an outcome drawn by its probability (the last one when
// rounding leaves the sum short of 1).
Action SampleListed(const std::vector<ChanceOutcome>& outcomes,
                    std::mt19937& gen) {
  double u = std::uniform_real_distribution<double>(0.0, 1.0)(gen);
  for (const ChanceOutcome& o : outcomes) {
    if (u < o.probability) return o.action;
    u -= o.probability;
  }
  return outcomes.back().action;
}

void Report(benchmark::State& state, int64_t games, int64_t actions) {
  state.counters["games"] = benchmark::Counter(static_cast<double>(games),
                                               benchmark::Counter::kIsRate);
  state.counters["actions"] = benchmark::Counter(static_cast<double>(actions),
                                                 benchmark::Counter::kIsRate);
}

// The loop of OpenSpiel's random simulation, as a user writes it:
// NewInitialState, then until the end LegalActions() (a new vector) and a
// uniform pick with a std::mt19937, chance nodes sampled from
// ChanceOutcomes(), simultaneous nodes by LegalActions(p) per seat and
// ApplyJointAction. Measures the dynamic layer as users meet it.
void BM_Dynamic_RandomGame(benchmark::State& state, const std::string& spec) {
  const std::shared_ptr<const Game> game = *LoadGame(spec);
  std::mt19937 gen(1);
  std::vector<Action> joint(game->NumPlayers());
  int64_t games = 0, actions = 0;
  for (auto _ : state) {
    std::unique_ptr<State> s = game->NewInitialState();
    while (!s->IsTerminal()) {
      absl::Status status;
      if (s->IsChanceNode()) {
        status = s->ApplyAction(SampleListed(s->ChanceOutcomes(), gen));
      } else if (s->IsSimultaneousNode()) {
        for (Player p = 0; p < game->NumPlayers(); ++p) {
          joint[p] = Pick(s->LegalActions(p), gen);
        }
        status = s->ApplyJointAction(joint);
      } else {
        status = s->ApplyAction(Pick(s->LegalActions(), gen));
      }
      benchmark::DoNotOptimize(status);
      ++actions;
    }
    benchmark::DoNotOptimize(s->Returns());
    ++games;
  }
  Report(state, games, actions);
}

// The same loop through the allocation-free forms: LegalActions into one
// reused buffer, chance drawn by SampleChanceOutcome (the kernel's sampler,
// no outcome list). Measures what a careful dynamic-layer user gets.
void BM_Dynamic_RandomGameBuffered(benchmark::State& state,
                                   const std::string& spec) {
  const std::shared_ptr<const Game> game = *LoadGame(spec);
  std::mt19937 gen(1);
  Rng chance_rng(1);
  std::vector<Action> joint(game->NumPlayers());
  std::vector<Action> legal;
  int64_t games = 0, actions = 0;
  for (auto _ : state) {
    std::unique_ptr<State> s = game->NewInitialState();
    while (!s->IsTerminal()) {
      absl::Status status;
      if (s->IsChanceNode()) {
        status = s->ApplyAction(*s->SampleChanceOutcome(chance_rng));
      } else if (s->IsSimultaneousNode()) {
        for (Player p = 0; p < game->NumPlayers(); ++p) {
          s->LegalActions(p, &legal);
          joint[p] = Pick(legal, gen);
        }
        status = s->ApplyJointAction(joint);
      } else {
        s->LegalActions(&legal);
        status = s->ApplyAction(Pick(legal, gen));
      }
      benchmark::DoNotOptimize(status);
      ++actions;
    }
    benchmark::DoNotOptimize(s->Returns());
    ++games;
  }
  Report(state, games, actions);
}

// KernelGames: random games on the kernel `rules` alone, a value state
// per game and one move list: chance moves by chance(s), the others by
// pick(moves) from the listed moves; no virtual call, check or history.
template <Kernel R, class ChanceMove, class PickMove>
void KernelGames(benchmark::State& state, const R& rules, ChanceMove chance,
                 PickMove pick) {
  // On the heap: Daifugo's and Lines' lists are tens of KiB.
  const auto moves = std::make_unique<typename R::MoveList>();
  std::array<typename R::Move, kMaxPlayers> joint{};
  int64_t games = 0, actions = 0;
  for (auto _ : state) {
    typename R::State s = rules.InitialState();
    for (Player p = rules.CurrentPlayer(s); p != kTerminalPlayer;
         p = rules.CurrentPlayer(s)) {
      if (p == kChancePlayer) {
        if constexpr (ChanceKernel<R>) rules.Apply(s, chance(s));
      } else if (p == kSimultaneousPlayer) {
        if constexpr (SimultaneousKernel<R>) {
          for (Player seat = 0; seat < rules.NumPlayers(); ++seat) {
            rules.LegalMovesFor(s, seat, *moves);
            joint[seat] = pick(*moves);
          }
          rules.ApplyJoint(s, joint.data());
        }
      } else {
        rules.LegalMoves(s, *moves);
        rules.Apply(s, pick(*moves));
      }
      ++actions;
    }
    benchmark::DoNotOptimize(s);
    ++games;
  }
  Report(state, games, actions);
}

// The buffered loop's work on the kernel of the registered game `spec`
// (rules R) alone: the same std::mt19937 picks from the listed moves,
// chance by the kernel's sampler.
template <Kernel R>
void BM_Kernel_RandomGameStdPick(benchmark::State& state,
                                 const std::string& spec) {
  const std::shared_ptr<const Game> game = *LoadGame(spec);
  const R& rules = dynamic_cast<const KernelGame<R>&>(*game).rules();
  std::mt19937 gen(1);
  Rng chance_rng(1);
  KernelGames(
      state, rules,
      [&](const typename R::State& s) {
        if constexpr (ChanceKernel<R>) return rules.SampleChance(s, chance_rng);
        (void)s;
        return typename R::Move{};
      },
      [&](const typename R::MoveList& moves) { return Pick(moves, gen); });
}

// The vector loop's work on the kernel of the registered game `spec` alone:
// the same std::mt19937 picks, each listing copied into a new
// std::vector<Action> (built as LegalActions() builds it: one allocation
// of the exact size, one widening pass), each chance node's outcomes into
// a new std::vector<ChanceOutcome> walked by SampleListed. Its rate over
// the kernel playout's is the ceiling of any layer whose LegalActions()
// and ChanceOutcomes() return new vectors, the vector loop's calls.
template <Kernel R>
void BM_Kernel_RandomGameNewVectors(benchmark::State& state,
                                    const std::string& spec) {
  const std::shared_ptr<const Game> game = *LoadGame(spec);
  const R& rules = dynamic_cast<const KernelGame<R>&>(*game).rules();
  std::mt19937 gen(1);
  // The kernel's outcome list, reused (as the layer's per-thread one).
  [[maybe_unused]] auto kernel_outcomes = [] {
    if constexpr (ChanceKernel<R>) {
      return typename R::ChanceList();
    } else {
      return 0;
    }
  }();
  KernelGames(
      state, rules,
      [&](const typename R::State& s) {
        if constexpr (ChanceKernel<R>) {
          std::vector<ChanceOutcome> outcomes;
          if constexpr (HasActionChanceOutcomes<R>) {
            rules.ChanceOutcomes(s, outcomes);
          } else {
            rules.ChanceOutcomes(s, kernel_outcomes);
            outcomes.reserve(kernel_outcomes.size());
            for (const auto& o : kernel_outcomes) {
              outcomes.push_back({rules.ToAction(o.move), o.probability});
            }
          }
          return rules.ToMove(SampleListed(outcomes, gen));
        }
        (void)s;
        return typename R::Move{};
      },
      [&](const typename R::MoveList& moves) {
        const std::vector<Action> actions(
            ActionIterator<R>(&rules, moves.begin()),
            ActionIterator<R>(&rules, moves.end()));
        return rules.ToMove(Pick(actions, gen));
      });
}

// The thinnest dynamic interface over kernel R: one virtual call lists the
// moves (widened into a caller's array of NumDistinctActions() entries, the
// count returned) and one applies, with no legality check, no history (so
// no undo) and no status. Not a usable
// layer: its rate over the kernel playout's is the ceiling any dynamic
// layer can reach on the buffered loop, the price of the virtual calls
// and the widening alone.
class ThinState {
 public:
  virtual ~ThinState() = default;
  virtual int LegalActions(Player player, Action* out) const = 0;
  virtual void ApplyAction(Action action) = 0;
  virtual void ApplyJointAction(const Action* actions) = 0;
  virtual Action SampleChanceOutcome(Rng& rng) const = 0;
  Player current = kTerminalPlayer;  // a field, as in State
};

template <Kernel R>
class ThinKernelState final : public ThinState {
 public:
  // `moves`: the scratch list, one for the whole benchmark (as the real
  // layer's per-thread one).
  ThinKernelState(const R& rules, typename R::MoveList& moves)
      : rules_(rules), state_(rules.InitialState()), moves_(moves) {
    current = rules_.CurrentPlayer(state_);
  }
  int LegalActions(Player player, Action* out) const override {
    typename R::MoveList& moves = moves_;
    if constexpr (SimultaneousKernel<R>) {
      if (current == kSimultaneousPlayer) {
        rules_.LegalMovesFor(state_, player, moves);
      } else {
        rules_.LegalMoves(state_, moves);
      }
    } else {
      rules_.LegalMoves(state_, moves);
    }
    for (int i = 0; i < moves.size(); ++i) out[i] = rules_.ToAction(moves[i]);
    return moves.size();
  }
  void ApplyAction(Action action) override {
    rules_.Apply(state_, rules_.ToMove(action));
    current = rules_.CurrentPlayer(state_);
  }
  void ApplyJointAction(const Action* actions) override {
    if constexpr (SimultaneousKernel<R>) {
      std::array<typename R::Move, kMaxPlayers> joint{};
      for (Player p = 0; p < rules_.NumPlayers(); ++p) {
        joint[p] = rules_.ToMove(actions[p]);
      }
      rules_.ApplyJoint(state_, joint.data());
      current = rules_.CurrentPlayer(state_);
    }
    (void)actions;
  }
  Action SampleChanceOutcome(Rng& rng) const override {
    if constexpr (ChanceKernel<R>) {
      return rules_.ToAction(rules_.SampleChance(state_, rng));
    }
    (void)rng;
    return 0;
  }

 private:
  const R& rules_;
  typename R::State state_;
  typename R::MoveList& moves_;
};

// The buffered loop on ThinKernelState<R>: a new state object per game,
// std::mt19937 picks, chance by the kernel's sampler, the seats counted by
// game->NumPlayers() as the loop does.
template <Kernel R>
void BM_Dynamic_ThinLayerFloor(benchmark::State& state,
                               const std::string& spec) {
  const std::shared_ptr<const Game> game = *LoadGame(spec);
  const R& rules = dynamic_cast<const KernelGame<R>&>(*game).rules();
  std::mt19937 gen(1);
  Rng chance_rng(1);
  // On the heap: Daifugo's and Lines' lists are tens of KiB.
  const auto moves = std::make_unique<typename R::MoveList>();
  std::vector<Action> joint(rules.NumPlayers());
  std::vector<Action> legal(static_cast<size_t>(rules.NumDistinctActions()));
  const auto listed = [&](int n) {
    return std::span<const Action>(legal.data(), static_cast<size_t>(n));
  };
  int64_t games = 0, actions = 0;
  for (auto _ : state) {
    // Hidden from the optimizer, as NewInitialState hides a State's type:
    // else it sees the type made here and calls without the virtual calls.
    ThinState* made = new ThinKernelState<R>(rules, *moves);
    benchmark::DoNotOptimize(made);
    const std::unique_ptr<ThinState> s(made);
    while (s->current != kTerminalPlayer) {
      if (s->current == kChancePlayer) {
        s->ApplyAction(s->SampleChanceOutcome(chance_rng));
      } else if (s->current == kSimultaneousPlayer) {
        for (Player p = 0; p < game->NumPlayers(); ++p) {
          joint[p] = Pick(listed(s->LegalActions(p, legal.data())), gen);
        }
        s->ApplyJointAction(joint.data());
      } else {
        s->ApplyAction(
            Pick(listed(s->LegalActions(s->current, legal.data())), gen));
      }
      ++actions;
    }
    benchmark::DoNotOptimize(*s);
    ++games;
  }
  Report(state, games, actions);
}

// One pick by itself, from a list of 6 (Mancala's longest): std::mt19937
// through the distribution, as the dynamic loops draw, and gameai::Rng's
// Below, as the kernel playouts draw. The difference is part of every
// dynamic-over-kernel ratio and none of the layer's cost.
void BM_Pick_StdMt19937(benchmark::State& state) {
  std::mt19937 gen(1);
  const std::vector<Action> legal = {0, 1, 2, 3, 4, 5};
  for (auto _ : state) benchmark::DoNotOptimize(Pick(legal, gen));
  state.counters["picks"] = benchmark::Counter(
      static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Pick_StdMt19937);

void BM_Pick_Rng(benchmark::State& state) {
  Rng rng(1);
  const std::vector<Action> legal = {0, 1, 2, 3, 4, 5};
  for (auto _ : state) {
    benchmark::DoNotOptimize(legal[rng.Below(legal.size())]);
  }
  state.counters["picks"] = benchmark::Counter(
      static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_Pick_Rng);

// One benchmark of each loop per registered game, named by the game.
[[maybe_unused]] const bool kRegistered = [] {
  RegisterBuiltinGames();
  for (const GameEntry* entry : RegisteredGames()) {
    benchmark::RegisterBenchmark(
        ("BM_Dynamic_RandomGame/" + entry->name).c_str(), BM_Dynamic_RandomGame,
        entry->name);
    benchmark::RegisterBenchmark(
        ("BM_Dynamic_RandomGameBuffered/" + entry->name).c_str(),
        BM_Dynamic_RandomGameBuffered, entry->name);
  }
  // The kernel references, one per built-in game (a game registered from
  // elsewhere has no typed rules here).
  auto kernel = []<Kernel R>(const char* name, const R*) {
    benchmark::RegisterBenchmark(
        (std::string("BM_Kernel_RandomGameStdPick/") + name).c_str(),
        BM_Kernel_RandomGameStdPick<R>, std::string(name));
    benchmark::RegisterBenchmark(
        (std::string("BM_Kernel_RandomGameNewVectors/") + name).c_str(),
        BM_Kernel_RandomGameNewVectors<R>, std::string(name));
    benchmark::RegisterBenchmark(
        (std::string("BM_Dynamic_ThinLayerFloor/") + name).c_str(),
        BM_Dynamic_ThinLayerFloor<R>, std::string(name));
  };
  kernel("mancala", static_cast<const mancala::Rules*>(nullptr));
  kernel("yacht", static_cast<const yacht::Rules*>(nullptr));
  kernel("linesboard", static_cast<const linesboard::Rules*>(nullptr));
  kernel("minirisk", static_cast<const minirisk::Rules*>(nullptr));
  kernel("daifugo", static_cast<const daifugo::Rules*>(nullptr));
  return true;
}();

}  // namespace
}  // namespace gameai
