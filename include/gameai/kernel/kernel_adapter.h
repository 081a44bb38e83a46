// gameai/kernel/kernel_adapter.h: the one template adapter that turns a kernel
// (kernel.h) into the dynamic Game / State pair. A game writes no per-game
// code for the dynamic layer; it registers MakeKernelGame(name, params, R).
// KernelGame is in kernel_game.h, KernelState in kernel_state.h; this file
// makes the states and finds the kernel behind a view.
#ifndef GAMEAI_KERNEL_KERNEL_ADAPTER_H_
#define GAMEAI_KERNEL_KERNEL_ADAPTER_H_

#include <memory>
#include <string>
#include <string_view>
#include <utility>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/game.h"
#include "gameai/kernel/kernel.h"
#include "gameai/kernel/kernel_game.h"
#include "gameai/kernel/kernel_state.h"
#include "gameai/kernel/kernel_vector_env.h"

namespace gameai {

template <Kernel R>
std::unique_ptr<State> KernelGame<R>::NewInitialState() const {
  auto self = std::static_pointer_cast<const KernelGame<R>>(shared_from_this());
  return std::make_unique<KernelState<R>>(std::move(self),
                                          rules_.InitialPosition());
}

template <Kernel R>
absl::StatusOr<std::unique_ptr<State>> KernelGame<R>::DeserializeState(
    std::string_view text) const {
  GAMEAI_ASSIGN_OR_RETURN(typename R::Position state, rules_.Deserialize(text));
  if constexpr (!HasValidate<R>) {  // else Deserialize has validated it
    if (absl::Status valid = CheckPlayable(rules_, state); !valid.ok()) {
      return absl::InvalidArgumentError(fmt::format(
          "{}: not a playable state: {}", name_, Str(valid.message())));
    }
  }
  auto self = std::static_pointer_cast<const KernelGame<R>>(shared_from_this());
  return std::make_unique<KernelState<R>>(std::move(self), state);
}

template <Kernel R>
absl::StatusOr<std::unique_ptr<State>> KernelGame<R>::DeserializeView(
    std::string_view text, Player viewer) const {
  if (viewer < 0 || viewer >= rules_.NumPlayers()) {
    return absl::InvalidArgumentError(
        fmt::format("{}: viewer {} is not a seat (0..{})", name_, viewer,
                    rules_.NumPlayers() - 1));
  }
  if constexpr (!HiddenInformationKernel<R>) {
    return DeserializeState(text);  // nothing is hidden: the view is a state
  } else {
    absl::StatusOr<typename R::Position> view;
    if constexpr (HasDeserializeView<R>) {
      view = rules_.DeserializeView(text, viewer);
    } else {
      view = rules_.Deserialize(text);
    }
    if (!view.ok()) return view.status();
    // A view hides all that Redact hides: redacting it again changes nothing.
    if (rules_.Serialize(rules_.Redact(*view, viewer)) !=
        rules_.Serialize(*view)) {
      return absl::InvalidArgumentError(fmt::format(
          "{}: the text shows what seat {} may not see: not its view", name_,
          viewer));
    }
    auto self =
        std::static_pointer_cast<const KernelGame<R>>(shared_from_this());
    return std::make_unique<KernelState<R>>(std::move(self), *view);
  }
}

template <Kernel R>
absl::StatusOr<std::unique_ptr<VectorEnv>> KernelGame<R>::MakeVectorEnv(
    const VectorEnvOptions& options) const {
  auto self = std::static_pointer_cast<const KernelGame<R>>(shared_from_this());
  auto make_view = [self](const typename R::Position& s,
                          Player viewer) -> std::unique_ptr<State> {
    if constexpr (HiddenInformationKernel<R>) {
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

#endif  // GAMEAI_KERNEL_KERNEL_ADAPTER_H_
