// kernel_reference.h: the kernel-alone loops the dynamic layer's benchmarks
// are compared with (dynamic_bench.cc explains each), for any kernel. A
// game's bench file registers them for its rules with
// RegisterKernelReferences<Rules>("game").
#ifndef GAMEAI_BENCH_KERNEL_REFERENCE_H_
#define GAMEAI_BENCH_KERNEL_REFERENCE_H_

#include <memory>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "benchmark/benchmark.h"
#include "gameai/base/random.h"
#include "gameai/dynamic/game.h"
#include "gameai/dynamic/registry.h"
#include "gameai/kernel/kernel_adapter.h"

namespace gameai::bench {

// Pick: a uniformly random entry of `list` (legal actions, or a kernel's
// move list).
template <class List>
inline auto Pick(const List& list, std::mt19937& gen) {
  const size_t i = std::uniform_int_distribution<size_t>(
      0, static_cast<size_t>(list.size()) - 1)(gen);
  return list[static_cast<decltype(list.size())>(i)];
}

// SampleListed: an outcome drawn by its probability (the last one when
// rounding leaves the sum short of 1).
inline Action SampleListed(const std::vector<ChanceOutcome>& outcomes,
                           std::mt19937& gen) {
  double u = std::uniform_real_distribution<double>(0.0, 1.0)(gen);
  for (const ChanceOutcome& o : outcomes) {
    if (u < o.probability) return o.action;
    u -= o.probability;
  }
  return outcomes.back().action;
}

inline void Report(benchmark::State& state, int64_t games, int64_t actions) {
  state.counters["games"] = benchmark::Counter(static_cast<double>(games),
                                               benchmark::Counter::kIsRate);
  state.counters["actions"] = benchmark::Counter(static_cast<double>(actions),
                                                 benchmark::Counter::kIsRate);
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
    typename R::Position s = rules.InitialPosition();
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
      [&](const typename R::Position& s) {
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
      [&](const typename R::Position& s) {
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
      : rules_(rules), state_(rules.InitialPosition()), moves_(moves) {
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
  typename R::Position state_;
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

// RegisterKernelReferences: BM_Kernel_RandomGameStdPick/<name>,
// BM_Kernel_RandomGameNewVectors/<name> and BM_Dynamic_ThinLayerFloor/<name>
// for the registered game `name` whose kernel is R.
template <Kernel R>
bool RegisterKernelReferences(const std::string& name) {
  benchmark::RegisterBenchmark(("BM_Kernel_RandomGameStdPick/" + name).c_str(),
                               BM_Kernel_RandomGameStdPick<R>, name);
  benchmark::RegisterBenchmark(
      ("BM_Kernel_RandomGameNewVectors/" + name).c_str(),
      BM_Kernel_RandomGameNewVectors<R>, name);
  benchmark::RegisterBenchmark(("BM_Dynamic_ThinLayerFloor/" + name).c_str(),
                               BM_Dynamic_ThinLayerFloor<R>, name);
  return true;
}

}  // namespace gameai::bench

#endif  // GAMEAI_BENCH_KERNEL_REFERENCE_H_
