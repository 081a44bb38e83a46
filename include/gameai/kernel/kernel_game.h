// gameai/kernel/kernel_game.h: KernelGame<R>, the dynamic Game of kernel R
// (its states are KernelState<R>, kernel_state.h; the members that make
// them are defined in kernel_adapter.h).
#ifndef GAMEAI_KERNEL_KERNEL_GAME_H_
#define GAMEAI_KERNEL_KERNEL_GAME_H_

#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"
#include "gameai/dynamic/game.h"
#include "gameai/dynamic/vector_env.h"
#include "gameai/kernel/kernel.h"

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
  absl::StatusOr<std::unique_ptr<State>> DeserializeView(
      std::string_view text, Player viewer) const override;
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

}  // namespace gameai

#endif  // GAMEAI_KERNEL_KERNEL_GAME_H_
