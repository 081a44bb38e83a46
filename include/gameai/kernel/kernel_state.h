// gameai/kernel/kernel_state.h: KernelState<R>, the dynamic State of
// kernel R: the dynamic calls answered by the kernel's, its history undone
// through checkpoints.
#ifndef GAMEAI_KERNEL_KERNEL_STATE_H_
#define GAMEAI_KERNEL_KERNEL_STATE_H_

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "fmt/format.h"
#include "gameai/dynamic/game.h"
#include "gameai/kernel/kernel.h"
#include "gameai/kernel/kernel_game.h"
#include "gameai/kernel/move_actions.h"
#include "gameai/kernel/undo_checkpoints.h"

namespace gameai {

// KernelState: the dynamic State of kernel R: a Position with its history
// (undone through UndoCheckpoints, undo_checkpoints.h). Private moves
// (MoveVisibleTo) also record who saw the last one, for LastEventFor.
template <Kernel R>
class KernelState final : public State {
 public:
  using Position = typename R::Position;
  using Move = typename R::Move;

  KernelState(std::shared_ptr<const KernelGame<R>> game, const Position& state)
      : State(game->rules().NumPlayers()),
        game_(std::move(game)),
        rules_(&game_->rules()),
        state_(state),
        undo_(state) {
    set_current_player(rules_->CurrentPlayer(state_));
  }

  // position: the kernel value, for kernel-level agents and tests.
  const Position& position() const { return state_; }
  const R& rules() const { return *rules_; }

  const Game& GetGame() const override { return *game_; }

  using State::ChanceOutcomes;
  using State::LegalActions;
  void LegalActions(Player player, std::vector<Action>* out) const override {
    const Player current = CurrentPlayer();
    if (current == kSimultaneousPlayer) {
      SimultaneousActions(player, out);
      return;
    }
    if (player == current && current >= 0) {
      WithScratchMoves<R>([&](typename R::MoveList& moves) {
        rules_->LegalMoves(state_, moves);
        MovesToActions(*rules_, moves, out);
      });
      SortActions<R>(out);
      return;
    }
    out->clear();
    if constexpr (ChanceKernel<R>) {
      if (player == current && current == kChancePlayer) {
        const auto& list = KernelChanceOutcomes();
        out->reserve(list.size());
        for (const auto& o : list) out->push_back(rules_->ToAction(o.move));
        SortActions<R>(out);
      }
    }
  }

  std::optional<uint64_t> ChanceKey() const override {
    if constexpr (HasChanceKey<R>) {
      if (CurrentPlayer() == kChancePlayer) return rules_->ChanceKey(state_);
    }
    return std::nullopt;
  }
  void ChanceOutcomes(std::vector<ChanceOutcome>* out) const override {
    out->clear();
    if constexpr (HasActionChanceOutcomes<R>) {
      if (CurrentPlayer() == kChancePlayer)
        rules_->ChanceOutcomes(state_, *out);
    } else if constexpr (ChanceKernel<R>) {
      if (CurrentPlayer() == kChancePlayer) {
        const auto& list = KernelChanceOutcomes();
        out->reserve(list.size());
        for (const auto& o : list) {
          out->push_back({rules_->ToAction(o.move), o.probability});
        }
      }
    }
  }

  absl::StatusOr<Action> SampleChanceOutcome(Rng& rng) const override {
    if constexpr (ChanceKernel<R>) {
      if (CurrentPlayer() == kChancePlayer) {
        return rules_->ToAction(rules_->SampleChance(state_, rng));
      }
    }
    (void)rng;
    return absl::FailedPreconditionError(
        "not a chance node: no chance outcome to sample");
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
    if constexpr (HiddenInformationKernel<R>) {
      if (player >= 0 && player < rules_->NumPlayers()) {
        return std::make_unique<KernelState>(game_,
                                             rules_->Redact(state_, player));
      }
    }
    return std::make_unique<KernelState>(game_, state_);
  }

  absl::Status Validate() const override {
    return ValidatePosition(*rules_, state_);
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
      if constexpr (HiddenInformationKernel<R>) {
        const Move move = rules_->ToMove(last.action);
        const bool visible =
            observer >= 0 && observer < rules_->NumPlayers()
                ? (last_seen_by_ >> observer & 1) != 0
                : rules_->MoveVisibleTo(
                      undo_.PositionAt(*rules_, history, history.size() - 1),
                      last.player, move, observer);
        if (!visible) return event;  // hidden: no action
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
  Player DoApplyAction(Player player, Action action) override {
    if (action < 0 || action >= rules_->NumDistinctActions()) {
      return kInvalidPlayer;
    }
    const Move move = rules_->ToMove(action);
    const bool legal = player == kChancePlayer
                           ? IsLegalChance(move)
                           : IsLegalMove(*rules_, state_, move);
    if (!legal) return kInvalidPlayer;
    MaybeCheckpoint();
    if constexpr (HiddenInformationKernel<R>) {
      last_seen_by_ = rules_->MoveSeenBy(state_, player, move);
    }
    rules_->Apply(state_, move);
    return rules_->CurrentPlayer(state_);
  }
  Player DoApplyJointAction(absl::Span<const Action> actions,
                            Player* illegal_seat) override {
    // Reached only at simultaneous nodes, which only such kernels have.
    if constexpr (SimultaneousKernel<R>) {
      std::array<Move, kMaxPlayers> joint{};
      for (size_t p = 0; p < actions.size(); ++p) {
        const Player seat = static_cast<Player>(p);
        if (actions[p] < 0 || actions[p] >= rules_->NumDistinctActions() ||
            !IsLegalSimultaneous(seat, rules_->ToMove(actions[p]))) {
          *illegal_seat = seat;
          return kInvalidPlayer;
        }
        joint[p] = rules_->ToMove(actions[p]);
      }
      MaybeCheckpoint();
      rules_->ApplyJoint(state_, joint.data());
      return rules_->CurrentPlayer(state_);
    }
    *illegal_seat = 0;
    return kInvalidPlayer;
  }
  // DoUndo: History() has already dropped the undone items.
  Player DoUndo() override {
    undo_.Rewind(*rules_, History(), &state_, &last_seen_by_);
    return rules_->CurrentPlayer(state_);
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
  // MaxHistoryItems: the history's bound (a joint action takes one item
  // per seat).
  size_t MaxHistoryItems() const {
    const size_t per_transition =
        rules_->Type().dynamics == GameType::Dynamics::kSimultaneous
            ? static_cast<size_t>(rules_->NumPlayers())
            : 1;
    return static_cast<size_t>(std::max(rules_->MaxGameLength(), 0)) *
           per_transition;
  }

  // GrowHistory: called every UndoCheckpoints::kEvery transitions. The first
  // block holds the whole game up to kSmallReserve items (1 KiB, the size
  // malloc serves from its per-thread cache), then the history grows by
  // doubling; a history past kHugeHistory items (a match of thousands of deals)
  // reserves its whole bound at once: the untouched pages of a block that large
  // are never resident, where a doubling would hold two copies.
  void GrowHistory() {
    constexpr size_t kSmallReserve = 64;
    constexpr size_t kHugeHistory = size_t{1} << 16;
    const std::vector<HistoryItem>& history = History();
    if (history.capacity() == 0) {
      ReserveHistory(std::min(MaxHistoryItems(), kSmallReserve));
      undo_.Reserve(History().capacity());
    } else if (history.capacity() >= kHugeHistory &&
               history.capacity() - history.size() <
                   UndoCheckpoints<R>::kEvery * kMaxPlayers &&
               MaxHistoryItems() > history.capacity()) {
      ReserveHistory(MaxHistoryItems());
      undo_.Reserve(MaxHistoryItems());
    }
  }

  // KernelChanceOutcomes: the kernel's outcome list, in a buffer per thread
  // so listing them does not allocate (it is overwritten by the next call).
  const auto& KernelChanceOutcomes() const requires ChanceKernel<R> {
    static thread_local typename R::ChanceList list;
    rules_->ChanceOutcomes(state_, list);
    return list;
  }

  bool IsLegalChance(Move move) const {
    if constexpr (ChanceKernel<R>) {
      // A kernel's IsLegal covers its chance nodes too.
      if constexpr (HasFastIsLegal<R>) {
        return rules_->IsLegal(state_, move);
      } else {
        for (const auto& o : KernelChanceOutcomes()) {
          if (o.move == move) return true;
        }
      }
    }
    (void)move;
    return false;
  }

  bool IsLegalSimultaneous(Player player, Move move) const {
    if constexpr (SimultaneousKernel<R>) {
      if (player < 0 || player >= rules_->NumPlayers()) return false;
      if constexpr (HasFastIsLegal<R>) {
        return rules_->IsLegalFor(state_, player, move);
      } else {
        bool found = false;
        WithScratchMoves<R>([&](typename R::MoveList& moves) {
          rules_->LegalMovesFor(state_, player, moves);
          found = std::find(moves.begin(), moves.end(), move) != moves.end();
        });
        return found;
      }
    }
    (void)player;
    (void)move;
    return false;
  }

  void SimultaneousActions(Player player, std::vector<Action>* out) const {
    if constexpr (SimultaneousKernel<R>) {
      if (player < 0 || player >= rules_->NumPlayers()) {
        out->clear();
        return;
      }
      WithScratchMoves<R>([&](typename R::MoveList& moves) {
        rules_->LegalMovesFor(state_, player, moves);
        MovesToActions(*rules_, moves, out);
      });
      SortActions<R>(out);
    } else {
      (void)player;
      out->clear();
    }
  }

  // MaybeCheckpoint: called before each transition. The history is
  // reserved at the first move, so views and clones that never move do
  // not allocate it.
  void MaybeCheckpoint() {
    if (undo_.BeforeTransition(History().size(), last_seen_by_, state_))
        [[unlikely]] {
      GrowHistory();
    }
  }

  template <class F>
  std::vector<double> PerPlayer(F value) const {
    std::vector<double> out(rules_->NumPlayers());
    for (Player p = 0; p < rules_->NumPlayers(); ++p) out[p] = value(p);
    return out;
  }

  std::shared_ptr<const KernelGame<R>> game_;
  const R* rules_;
  Position state_;
  UndoCheckpoints<R> undo_;  // from the position this object began with
  // Kernels with private moves: bit p set when seat p saw the last single
  // action (LastEventFor).
  uint32_t last_seen_by_ = 0;
};

}  // namespace gameai

#endif  // GAMEAI_KERNEL_KERNEL_STATE_H_
