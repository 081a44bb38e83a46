// gameai/kernel/kernel_vector_env.h: VectorEnv (vector_env.h) over a kernel's
// value states, so that stepping n games allocates nothing: the states,
// their Rngs and the move list are kept between calls, and the caller's
// buffers are written in place. Only opponents' agents see dynamic States
// (built per call, as the arena does).
#ifndef GAMEAI_KERNEL_KERNEL_VECTOR_ENV_H_
#define GAMEAI_KERNEL_KERNEL_VECTOR_ENV_H_

#include <algorithm>
#include <array>
#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "fmt/format.h"
#include "gameai/base/random.h"
#include "gameai/base/status_macros.h"
#include "gameai/dynamic/agent.h"
#include "gameai/dynamic/game.h"
#include "gameai/dynamic/vector_env.h"
#include "gameai/kernel/kernel.h"

namespace gameai {

template <Kernel R>
class KernelVectorEnv final : public VectorEnv {
 public:
  using Position = typename R::Position;
  using Move = typename R::Move;
  // MakeView: the dynamic state seat `viewer` may see of a kernel state.
  using MakeView =
      std::function<std::unique_ptr<State>(const Position&, Player viewer)>;

  // Create: REQUIRES options checked by NewVectorEnv.
  static absl::StatusOr<std::unique_ptr<VectorEnv>> Create(
      std::shared_ptr<const Game> game, const R& rules,
      const VectorEnvOptions& options, MakeView make_view) {
    auto env = std::unique_ptr<KernelVectorEnv>(new KernelVectorEnv(
        std::move(game), rules, options, std::move(make_view)));
    if (options.make_opponent) {
      for (Slot& slot : env->slots_) {
        slot.opponents.resize(rules.NumPlayers());
        for (Player q = 0; q < rules.NumPlayers(); ++q) {
          if (q == options.player) continue;
          GAMEAI_ASSIGN_OR_RETURN(std::unique_ptr<Agent> agent,
                                  options.make_opponent());
          slot.opponents[q] = std::move(agent);
        }
      }
    }
    return env;
  }

  const Game& game() const override { return *game_; }
  int num_envs() const override { return static_cast<int>(slots_.size()); }

  absl::Status Reset(const VectorEnvBuffers& out) override {
    GAMEAI_RETURN_IF_ERROR(CheckVectorEnvBuffers(*game_, num_envs(), out));
    for (int i = 0; i < num_envs(); ++i) {
      Slot& slot = slots_[i];
      slot.rng.Seed(DeriveSeed(options_.seed, i));
      slot.episode = 0;
      GAMEAI_RETURN_IF_ERROR(StartGame(slot));
      GAMEAI_RETURN_IF_ERROR(Advance(i, out));
      std::fill_n(out.rewards.begin() + i * players_, players_, 0.0f);
      out.done[i] = 0;
      Write(i, out);
    }
    return absl::OkStatus();
  }

  absl::Status Step(absl::Span<const int64_t> actions,
                    const VectorEnvBuffers& out) override {
    GAMEAI_RETURN_IF_ERROR(CheckVectorEnvBuffers(*game_, num_envs(), out));
    if (static_cast<int>(actions.size()) != num_envs()) {
      return absl::InvalidArgumentError(
          fmt::format("step: {} actions for {} games (one per game)",
                      actions.size(), num_envs()));
    }
    for (int i = 0; i < num_envs(); ++i) {
      if (!IsLegalHere(slots_[i], ToAct(slots_[i]), actions[i])) {
        return IllegalAction(i, actions[i]);
      }
    }
    for (int i = 0; i < num_envs(); ++i) {
      Slot& slot = slots_[i];
      std::fill_n(out.rewards.begin() + i * players_, players_, 0.0f);
      out.done[i] = 0;
      const Move move = rules_.ToMove(actions[i]);
      const Player seat = ToAct(slot);
      if (slot.sim_open) {
        slot.joint[seat] = move;
        GAMEAI_RETURN_IF_ERROR(NextSimultaneousSeat(slot, seat + 1));
      } else {
        GAMEAI_RETURN_IF_ERROR(Inform(slot, seat, move));
        rules_.Apply(slot.state, move);
      }
      GAMEAI_RETURN_IF_ERROR(Advance(i, out));
      Write(i, out);
    }
    return absl::OkStatus();
  }

 private:
  struct Slot {
    Position state;
    Rng rng;
    uint64_t episode = 0;
    std::array<Move, kMaxPlayers> joint{};
    Player sim_seat = 0;    // the seat choosing at an open simultaneous node
    bool sim_open = false;  // a simultaneous node's choices are under way
    std::vector<std::unique_ptr<Agent>> opponents;  // per seat, or null
  };

  KernelVectorEnv(std::shared_ptr<const Game> game, const R& rules,
                  const VectorEnvOptions& options, MakeView make_view)
      : game_(std::move(game)),
        rules_(rules),
        options_(options),
        make_view_(std::move(make_view)),
        players_(rules.NumPlayers()),
        obs_size_(game_->ObservationTensorSize()),
        num_actions_(rules.NumDistinctActions()),
        slots_(options.num_envs) {}

  bool Opponent(const Slot& slot, Player seat) const {
    return !slot.opponents.empty() && slot.opponents[seat] != nullptr;
  }

  Player ToAct(const Slot& slot) const {
    return slot.sim_open ? slot.sim_seat : rules_.CurrentPlayer(slot.state);
  }

  // ListMoves: the moves of `seat` (the one to act) into moves_.
  void ListMoves(const Slot& slot, Player seat) {
    if constexpr (SimultaneousKernel<R>) {
      if (slot.sim_open) {
        rules_.LegalMovesFor(slot.state, seat, moves_);
        return;
      }
    }
    (void)seat;
    rules_.LegalMoves(slot.state, moves_);
  }

  // IsLegalHere: `action` is one `seat` (the one to act, or at an open
  // simultaneous node any seat) may take in `slot`.
  bool IsLegalHere(const Slot& slot, Player seat, int64_t action) {
    if (action < 0 || action >= num_actions_) return false;
    const Move move = rules_.ToMove(action);
    if (!slot.sim_open) return IsLegalMove(rules_, slot.state, move);
    ListMoves(slot, seat);
    return std::find(moves_.begin(), moves_.end(), move) != moves_.end();
  }

  absl::Status IllegalAction(int i, int64_t action) {
    const Slot& slot = slots_[i];
    ListMoves(slot, ToAct(slot));
    std::vector<Action> legal;
    for (const auto& m : moves_) legal.push_back(rules_.ToAction(m));
    std::sort(legal.begin(), legal.end());
    return absl::InvalidArgumentError(fmt::format(
        "step: game {}: action {} is not legal for player {}; legal: {} "
        "(no game was stepped)",
        i, action, ToAct(slot), fmt::join(legal, ", ")));
  }

  absl::Status StartGame(Slot& slot) {
    slot.state = rules_.InitialPosition();
    slot.sim_open = false;
    const uint64_t game_seed = slot.rng();
    ++slot.episode;
    for (Player q = 0; q < static_cast<Player>(slot.opponents.size()); ++q) {
      if (slot.opponents[q] == nullptr) continue;
      if (absl::Status s =
              slot.opponents[q]->StartGame(*game_, q, DeriveSeed(game_seed, q));
          !s.ok()) {
        return s;
      }
    }
    return absl::OkStatus();
  }

  // Inform: tells every opponent of the transition about to be made from
  // slot.state (the kernel decides who sees it).
  absl::Status Inform(Slot& slot, Player actor, Move move) {
    if (slot.opponents.empty()) return absl::OkStatus();
    std::vector<Action> actions;
    if (actor == kSimultaneousPlayer) {
      for (Player q = 0; q < players_; ++q) {
        actions.push_back(rules_.ToAction(slot.joint[q]));
      }
    } else {
      actions.push_back(rules_.ToAction(move));
    }
    Position after = slot.state;
    if (actor == kSimultaneousPlayer) {
      if constexpr (SimultaneousKernel<R>) {
        rules_.ApplyJoint(after, slot.joint.data());
      }
    } else {
      rules_.Apply(after, move);
    }
    for (Player q = 0; q < players_; ++q) {
      if (!Opponent(slot, q)) continue;
      Event event{.actor = actor, .actions = actions};
      if constexpr (HiddenInformationKernel<R>) {
        if (actor != kSimultaneousPlayer &&
            !rules_.MoveVisibleTo(slot.state, actor, move, q)) {
          event.actions.clear();
        }
      }
      const std::unique_ptr<State> view = make_view_(after, q);
      GAMEAI_RETURN_IF_ERROR(slot.opponents[q]->Inform(*view, event));
    }
    return absl::OkStatus();
  }

  absl::StatusOr<Move> OpponentMove(Slot& slot, Player seat) {
    const std::unique_ptr<State> view = make_view_(slot.state, seat);
    GAMEAI_ASSIGN_OR_RETURN(Action action, slot.opponents[seat]->Step(*view));
    // Never applied unchecked: an agent's bug is an error, not a state no
    // game reaches.
    if (!IsLegalHere(slot, seat, action)) {
      return absl::InternalError(
          fmt::format("opponent '{}' at seat {} chose illegal action {}",
                      options_.opponents, seat, action));
    }
    return rules_.ToMove(action);
  }

  // NextSimultaneousSeat: moves the open simultaneous node on to the
  // caller's next seat from `from`, applying the joint action once every
  // seat has chosen.
  absl::Status NextSimultaneousSeat(Slot& slot, Player from) {
    Player seat = from;
    while (seat < players_ && Opponent(slot, seat)) ++seat;
    if (seat < players_) {
      slot.sim_seat = seat;
      return absl::OkStatus();
    }
    slot.sim_open = false;
    if constexpr (SimultaneousKernel<R>) {
      GAMEAI_RETURN_IF_ERROR(Inform(slot, kSimultaneousPlayer, Move{}));
      rules_.ApplyJoint(slot.state, slot.joint.data());
    }
    return absl::OkStatus();
  }

  // Advance: plays chance, opponents and finished games (restarted, their
  // returns in `rewards`) until a seat of the caller is to choose.
  absl::Status Advance(int i, const VectorEnvBuffers& out) {
    Slot& slot = slots_[i];
    while (!slot.sim_open) {
      const Player current = rules_.CurrentPlayer(slot.state);
      if (current == kTerminalPlayer) {
        for (Player q = 0; q < players_; ++q) {
          out.rewards[i * players_ + q] =
              static_cast<float>(rules_.Return(slot.state, q));
          if (!Opponent(slot, q)) continue;
          std::vector<double> returns(players_);
          for (Player r = 0; r < players_; ++r) {
            returns[r] = rules_.Return(slot.state, r);
          }
          GAMEAI_RETURN_IF_ERROR(
              slot.opponents[q]->EndGame(*make_view_(slot.state, q), returns));
        }
        out.done[i] = 1;
        GAMEAI_RETURN_IF_ERROR(StartGame(slot));
      } else if (current == kChancePlayer) {
        if constexpr (ChanceKernel<R>) {
          const Move move = rules_.SampleChance(slot.state, slot.rng);
          GAMEAI_RETURN_IF_ERROR(Inform(slot, kChancePlayer, move));
          rules_.Apply(slot.state, move);
        }
      } else if (current == kSimultaneousPlayer) {
        slot.sim_open = true;
        for (Player q = 0; q < players_; ++q) {
          if (!Opponent(slot, q)) continue;
          GAMEAI_ASSIGN_OR_RETURN(Move move, OpponentMove(slot, q));
          slot.joint[q] = move;
        }
        GAMEAI_RETURN_IF_ERROR(NextSimultaneousSeat(slot, 0));
      } else if (Opponent(slot, current)) {
        GAMEAI_ASSIGN_OR_RETURN(Move move, OpponentMove(slot, current));
        GAMEAI_RETURN_IF_ERROR(Inform(slot, current, move));
        rules_.Apply(slot.state, move);
      } else {
        return absl::OkStatus();
      }
    }
    return absl::OkStatus();
  }

  // Write: game i's row of observations, mask and current player.
  void Write(int i, const VectorEnvBuffers& out) {
    const Slot& slot = slots_[i];
    const Player seat = ToAct(slot);
    out.current_player[i] = seat;
    if constexpr (HasObservationTensor<R>) {
      rules_.ObservationTensor(
          slot.state, seat,
          out.observations.subspan(static_cast<size_t>(i) * obs_size_,
                                   obs_size_));
    }
    uint8_t* mask =
        out.legal_mask.data() + static_cast<size_t>(i) * num_actions_;
    std::fill_n(mask, num_actions_, uint8_t{0});
    ListMoves(slot, seat);
    for (const auto& m : moves_) mask[rules_.ToAction(m)] = 1;
  }

  std::shared_ptr<const Game> game_;
  const R& rules_;  // owned by game_
  VectorEnvOptions options_;
  MakeView make_view_;
  int players_;
  int obs_size_;
  Action num_actions_;
  std::vector<Slot> slots_;
  typename R::MoveList moves_;  // scratch
};

}  // namespace gameai

#endif  // GAMEAI_KERNEL_KERNEL_VECTOR_ENV_H_
