// gameai/core/kernel_adapter.h: the one template adapter that turns a kernel
// (kernel.h) into the dynamic Game / State pair. A game writes no per-game
// code for the dynamic layer; it registers MakeKernelGame(name, params, R).
#ifndef GAMEAI_CORE_KERNEL_ADAPTER_H_
#define GAMEAI_CORE_KERNEL_ADAPTER_H_

#include <algorithm>
#include <array>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "fmt/format.h"
#include "gameai/core/game.h"
#include "gameai/core/kernel.h"
#include "gameai/core/kernel_vector_env.h"
#include "gameai/core/text.h"

namespace gameai {

template <Kernel R>
class KernelGame final : public Game {
 public:
  KernelGame(std::string name, Params params, R rules)
      : name_(std::move(name)),
        params_(std::move(params)),
        rules_(std::move(rules)) {}

  const R& rules() const { return rules_; }

  std::string Name() const override { return name_; }
  std::string Spec() const override { return params_.Canonical(name_); }
  const Params& GetParams() const override { return params_; }
  GameType Type() const override { return rules_.Type(); }
  int NumPlayers() const override { return rules_.NumPlayers(); }
  Action NumDistinctActions() const override {
    return rules_.NumDistinctActions();
  }
  int MaxGameLength() const override { return rules_.MaxGameLength(); }
  std::unique_ptr<State> NewInitialState() const override;
  std::vector<std::string> TallyNames() const override {
    if constexpr (HasTallies<R>) return rules_.TallyNames();
    return {};
  }
  GameUnits Units() const override {
    if constexpr (HasUnits<R>) return rules_.Units();
    return {};
  }
  absl::StatusOr<std::unique_ptr<State>> DeserializeState(
      std::string_view text) const override;
  std::vector<int> ObservationTensorShape() const override {
    if constexpr (HasObservationTensor<R>) {
      return rules_.ObservationTensorShape();
    }
    return {};
  }
  std::vector<int> InformationStateTensorShape() const override {
    if constexpr (HasInformationStateTensor<R>) {
      return rules_.InformationStateTensorShape();
    }
    return {};
  }
  absl::StatusOr<std::unique_ptr<VectorEnv>> MakeVectorEnv(
      const VectorEnvOptions& options) const override;

 private:
  std::string name_;
  Params params_;
  R rules_;
};

template <Kernel R>
class KernelState final : public State {
 public:
  using KState = typename R::State;
  using Move = typename R::Move;

  KernelState(std::shared_ptr<const KernelGame<R>> game, const KState& state)
      : game_(std::move(game)), rules_(&game_->rules()), state_(state) {
    undo_.reserve(64);
    ReserveHistory(64);
  }

  // kernel_state: the kernel value, for kernel-level agents and tests.
  const KState& kernel_state() const { return state_; }
  const R& rules() const { return *rules_; }

  const Game& GetGame() const override { return *game_; }
  Player CurrentPlayer() const override {
    return rules_->CurrentPlayer(state_);
  }

  // CurrentActions: the actions of the player (or chance) to act.
  std::vector<Action> CurrentActions(Player current) const {
    std::vector<Action> actions;
    if (current == kChancePlayer) {
      for (const ChanceOutcome& o : ChanceOutcomes()) {
        actions.push_back(o.action);
      }
    } else if (current >= 0) {
      typename R::MoveList moves;
      rules_->LegalMoves(state_, moves);
      actions.reserve(moves.size());
      for (const auto& m : moves) actions.push_back(rules_->ToAction(m));
    }
    return actions;
  }

  std::vector<Action> LegalActions(Player player) const override {
    const Player current = CurrentPlayer();
    if (current == kSimultaneousPlayer) return SimultaneousActions(player);
    if (player != current) return {};
    std::vector<Action> actions = CurrentActions(current);
    if (!std::is_sorted(actions.begin(), actions.end())) {
      std::sort(actions.begin(), actions.end());
    }
    return actions;
  }

  std::optional<uint64_t> ChanceKey() const override {
    if constexpr (HasChanceKey<R>) {
      if (CurrentPlayer() == kChancePlayer) return rules_->ChanceKey(state_);
    }
    return std::nullopt;
  }
  std::vector<ChanceOutcome> ChanceOutcomes() const override {
    std::vector<ChanceOutcome> outcomes;
    if constexpr (ChanceKernel<R>) {
      if (CurrentPlayer() == kChancePlayer) {
        typename R::ChanceList list;
        rules_->ChanceOutcomes(state_, list);
        for (const auto& o : list) {
          outcomes.push_back({rules_->ToAction(o.move), o.probability});
        }
      }
    }
    return outcomes;
  }

  std::vector<double> Returns() const override {
    return PerPlayer([&](Player p) { return rules_->Return(state_, p); });
  }
  std::vector<double> Scores() const override {
    return PerPlayer([&](Player p) { return rules_->Score(state_, p); });
  }
  std::vector<double> Tallies(Player player) const override {
    if constexpr (HasTallies<R>) {
      if (player >= 0 && player < rules_->NumPlayers()) {
        return rules_->Tallies(state_, player);
      }
    }
    (void)player;
    return {};
  }

  std::unique_ptr<State> Clone() const override {
    return std::make_unique<KernelState>(*this);
  }
  // ViewFor: the state as `player` sees it (Redact where the kernel hides
  // something), without the history (which may hold private deals).
  std::unique_ptr<State> ViewFor(Player player) const override {
    if constexpr (HasRedact<R>) {
      if (player >= 0 && player < rules_->NumPlayers()) {
        return std::make_unique<KernelState>(game_,
                                             rules_->Redact(state_, player));
      }
    }
    return std::make_unique<KernelState>(game_, state_);
  }

  absl::Status Validate() const override {
    return ValidateState(*rules_, state_);
  }
  std::string ToString() const override { return rules_->ToString(state_); }
  std::string Serialize() const override { return rules_->Serialize(state_); }
  std::string ObservationString(Player player) const override {
    return rules_->ObservationString(state_, player);
  }
  std::string ActionToString(Player player, Action action) const override {
    (void)player;
    if (action < 0 || action >= rules_->NumDistinctActions()) {
      return fmt::format("<invalid action {}>", action);
    }
    return rules_->MoveToString(state_, rules_->ToMove(action));
  }
  absl::StatusOr<Action> StringToAction(Player player,
                                        std::string_view text) const override {
    if constexpr (HasParseMove<R>) {
      const std::vector<Action> legal = LegalActions(player);
      if (std::optional<Move> move = rules_->ParseMove(state_, text);
          move && std::binary_search(legal.begin(), legal.end(),
                                     rules_->ToAction(*move))) {
        return rules_->ToAction(*move);
      }
    } else {
      for (Action a : LegalActions(player)) {
        if (ActionToString(player, a) == text) return a;
      }
    }
    return absl::InvalidArgumentError(
        fmt::format("'{}' is not a legal action here; legal: {}", text,
                    DescribeLegalActions(player, /*ids=*/false)));
  }

  Event LastEventFor(Player observer) const override {
    Event event;
    const std::vector<HistoryItem>& history = History();
    if (history.empty()) return event;
    const HistoryItem& last = history.back();
    if (!last.joint) {
      event.actor = last.player;
      if constexpr (HasMoveVisibility<R>) {
        // undo_.back() is the state the move was made in.
        if (!rules_->MoveVisibleTo(undo_.back(), last.player,
                                   rules_->ToMove(last.action), observer)) {
          return event;  // hidden: no action
        }
      }
      event.actions.push_back(last.action);
      return event;
    }
    event.actor = kSimultaneousPlayer;
    const size_t n = static_cast<size_t>(rules_->NumPlayers());
    for (size_t i = history.size() - n; i < history.size(); ++i) {
      event.actions.push_back(history[i].action);
    }
    return event;
  }

 protected:
  bool IsLegal(Player player, Action action) const override {
    if (action < 0 || action >= rules_->NumDistinctActions()) return false;
    if (player == kChancePlayer) {
      for (const ChanceOutcome& o : ChanceOutcomes()) {
        if (o.action == action) return true;
      }
      return false;
    }
    if (CurrentPlayer() == kSimultaneousPlayer) {
      const std::vector<Action> legal = SimultaneousActions(player);
      return std::binary_search(legal.begin(), legal.end(), action);
    }
    return IsLegalMove(*rules_, state_, rules_->ToMove(action));
  }
  void DoApplyAction(Action action) override {
    undo_.push_back(state_);
    rules_->Apply(state_, rules_->ToMove(action));
  }
  void DoApplyJointAction(absl::Span<const Action> actions) override {
    // Reached only at simultaneous nodes, which only such kernels have.
    if constexpr (SimultaneousKernel<R>) {
      std::array<Move, kMaxPlayers> joint{};
      for (size_t p = 0; p < actions.size(); ++p) {
        joint[p] = rules_->ToMove(actions[p]);
      }
      undo_.push_back(state_);
      rules_->ApplyJoint(state_, joint.data());
    }
  }
  void DoUndo() override {
    state_ = undo_.back();
    undo_.pop_back();
  }

  // Tensors: the kernel's, where it has them (game.h).
  bool ProvidesObservationTensor() const override {
    return gameai::HasObservationTensor<R>;
  }
  bool ProvidesInformationStateTensor() const override {
    return gameai::HasInformationStateTensor<R>;
  }
  void DoObservationTensor(Player player,
                           absl::Span<float> out) const override {
    if constexpr (gameai::HasObservationTensor<R>) {
      rules_->ObservationTensor(state_, player, out);
    }
    (void)player;
    (void)out;
  }
  void DoInformationStateTensor(Player player,
                                absl::Span<float> out) const override {
    if constexpr (gameai::HasInformationStateTensor<R>) {
      rules_->InformationStateTensor(state_, player, out);
    }
    (void)player;
    (void)out;
  }

 private:
  std::vector<Action> SimultaneousActions(Player player) const {
    std::vector<Action> actions;
    if constexpr (SimultaneousKernel<R>) {
      if (player < 0 || player >= rules_->NumPlayers()) return actions;
      typename R::MoveList moves;
      rules_->LegalMovesFor(state_, player, moves);
      for (const auto& m : moves) actions.push_back(rules_->ToAction(m));
      std::sort(actions.begin(), actions.end());
    }
    (void)player;
    return actions;
  }

  template <class F>
  std::vector<double> PerPlayer(F value) const {
    std::vector<double> out(rules_->NumPlayers());
    for (Player p = 0; p < rules_->NumPlayers(); ++p) out[p] = value(p);
    return out;
  }

  std::shared_ptr<const KernelGame<R>> game_;
  const R* rules_;
  KState state_;
  std::vector<KState> undo_;  // copy-make undo: the state before each action
};

template <Kernel R>
std::unique_ptr<State> KernelGame<R>::NewInitialState() const {
  auto self = std::static_pointer_cast<const KernelGame<R>>(shared_from_this());
  return std::make_unique<KernelState<R>>(std::move(self),
                                          rules_.InitialState());
}

template <Kernel R>
absl::StatusOr<std::unique_ptr<State>> KernelGame<R>::DeserializeState(
    std::string_view text) const {
  absl::StatusOr<typename R::State> state = rules_.Deserialize(text);
  if (!state.ok()) return state.status();
  if constexpr (!HasValidate<R>) {  // else Deserialize has validated it
    if (absl::Status valid = CheckPlayable(rules_, *state); !valid.ok()) {
      return absl::InvalidArgumentError(fmt::format(
          "{}: not a playable state: {}", name_, Str(valid.message())));
    }
  }
  auto self = std::static_pointer_cast<const KernelGame<R>>(shared_from_this());
  return std::make_unique<KernelState<R>>(std::move(self), *state);
}

template <Kernel R>
absl::StatusOr<std::unique_ptr<VectorEnv>> KernelGame<R>::MakeVectorEnv(
    const VectorEnvOptions& options) const {
  auto self = std::static_pointer_cast<const KernelGame<R>>(shared_from_this());
  auto make_view = [self](const typename R::State& s,
                          Player viewer) -> std::unique_ptr<State> {
    if constexpr (HasRedact<R>) {
      return std::make_unique<KernelState<R>>(self,
                                              self->rules().Redact(s, viewer));
    }
    (void)viewer;
    return std::make_unique<KernelState<R>>(self, s);
  };
  return KernelVectorEnv<R>::Create(self, rules_, options,
                                    std::move(make_view));
}

// MakeKernelGame: the dynamic Game for kernel `rules`.
template <Kernel R>
std::shared_ptr<const Game> MakeKernelGame(std::string name, Params params,
                                           R rules) {
  return std::make_shared<const KernelGame<R>>(
      std::move(name), std::move(params), std::move(rules));
}

// KernelViewOf: the kernel behind the view handed to agent `agent` seated at
// `seat`, or an error naming the mismatch: a state of another game, or a
// view where that seat is not to move (alone or at a simultaneous node).
template <Kernel R>
absl::StatusOr<const KernelState<R>*> KernelViewOf(const State& view,
                                                   Player seat,
                                                   std::string_view agent) {
  const auto* kernel_state = dynamic_cast<const KernelState<R>*>(&view);
  if (kernel_state == nullptr) {
    return absl::InvalidArgumentError(fmt::format(
        "{}: state of game '{}' is not a state of the game this agent was "
        "made for",
        agent, view.GetGame().Name()));
  }
  const Player current = view.CurrentPlayer();
  if (current != seat &&
      !(current == kSimultaneousPlayer && !view.LegalActions(seat).empty())) {
    return absl::FailedPreconditionError(
        fmt::format("{}: not this seat's turn", agent));
  }
  return kernel_state;
}

}  // namespace gameai

#endif  // GAMEAI_CORE_KERNEL_ADAPTER_H_
