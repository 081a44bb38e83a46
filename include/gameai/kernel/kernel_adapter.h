// gameai/kernel/kernel_adapter.h: the one template adapter that turns a kernel
// (kernel.h) into the dynamic Game / State pair. A game writes no per-game
// code for the dynamic layer; it registers MakeKernelGame(name, params, R).
#ifndef GAMEAI_KERNEL_KERNEL_ADAPTER_H_
#define GAMEAI_KERNEL_KERNEL_ADAPTER_H_

#include <algorithm>
#include <array>
#include <bit>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "fmt/format.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/game.h"
#include "gameai/kernel/kernel.h"
#include "gameai/kernel/kernel_vector_env.h"
#include "gameai/kernel/move_list.h"

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

// ActionIterator<R>: kernel R's moves read as actions, so that
// vector::assign sizes its buffer once (a new vector: one allocation of the
// exact size) and widens the moves in one pass, without zeroing or a
// capacity test per element.
template <Kernel R>
class ActionIterator {
 public:
  using iterator_category = std::random_access_iterator_tag;
  using value_type = Action;
  using difference_type = std::ptrdiff_t;
  using pointer = const Action*;
  using Move = typename R::Move;
  using reference = Action;

  ActionIterator(const R* rules, const Move* move)
      : rules_(rules), move_(move) {}
  Action operator*() const { return rules_->ToAction(*move_); }
  Action operator[](difference_type i) const {
    return rules_->ToAction(move_[i]);
  }
  ActionIterator& operator++() {
    ++move_;
    return *this;
  }
  ActionIterator operator++(int) {
    ActionIterator before = *this;
    ++move_;
    return before;
  }
  ActionIterator& operator--() {
    --move_;
    return *this;
  }
  ActionIterator& operator+=(difference_type n) {
    move_ += n;
    return *this;
  }
  ActionIterator operator+(difference_type n) const {
    return ActionIterator(rules_, move_ + n);
  }
  difference_type operator-(const ActionIterator& other) const {
    return move_ - other.move_;
  }
  bool operator==(const ActionIterator& other) const {
    return move_ == other.move_;
  }
  auto operator<=>(const ActionIterator& other) const {
    return move_ <=> other.move_;
  }

 private:
  const R* rules_;
  const Move* move_;
};

// KernelState: a kernel state with its history. Undo keeps no copy per
// action: the state is saved every kCheckpointEvery transitions and an undo
// replays the history's actions from the last saved state (chance outcomes
// are in the history, so the replay is exact). A state that is never undone
// pays the kernel move, one history push and, every kCheckpointEvery moves,
// one state copy. Private moves (MoveVisibleTo) also record who saw the
// last one, for LastEventFor.
template <Kernel R>
class KernelState final : public State {
 public:
  using Position = typename R::Position;
  using Move = typename R::Move;

  // kCheckpointEvery: a power of two near sizeof(Position) / 4, so checkpoints
  // cost about 4 bytes per transition (a quarter of a history item) and an
  // undo at most kCheckpointEvery - 1 kernel moves.
  static constexpr size_t kCheckpointEvery =
      std::clamp<size_t>(std::bit_ceil(sizeof(Position) / 4), 8, 128);

  KernelState(std::shared_ptr<const KernelGame<R>> game, const Position& state)
      : State(game->rules().NumPlayers()),
        game_(std::move(game)),
        rules_(&game_->rules()),
        state_(state),
        start_(state) {
    set_current_player(rules_->CurrentPlayer(state_));
  }

  // kernel_state: the kernel value, for kernel-level agents and tests.
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
      WithScratchMoves([&](typename R::MoveList& moves) {
        rules_->LegalMoves(state_, moves);
        ToActions(moves, out);
      });
      SortActions(out);
      return;
    }
    out->clear();
    if constexpr (ChanceKernel<R>) {
      if (player == current && current == kChancePlayer) {
        const auto& list = KernelChanceOutcomes();
        out->reserve(list.size());
        for (const auto& o : list) out->push_back(rules_->ToAction(o.move));
        SortActions(out);
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
                : rules_->MoveVisibleTo(PositionAt(history.size() - 1),
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
      last_seen_by_ = SeenBy(state_, player, move);
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
  // DoUndo: History() has already dropped the undone items. The state
  // becomes the latest saved one at or before them, the rest replayed; the
  // states replayed through are kept (undo_cache_), so undoing step by step
  // or trying moves from one position costs one copy per undo.
  Player DoUndo() override {
    --transitions_;
    const size_t target = History().size();
    while (!undo_cache_.empty() && undo_cache_.back().items > target) {
      undo_cache_.pop_back();
    }
    while (!checkpoints_.empty() && checkpoints_.back().items > target) {
      checkpoints_.pop_back();
    }
    size_t from = 0;
    state_ = start_;
    last_seen_by_ = 0;
    const bool from_cache =
        !undo_cache_.empty() &&
        (checkpoints_.empty() ||
         undo_cache_.back().items >= checkpoints_.back().items);
    if (from_cache) {
      Restore(undo_cache_.back(), &from);
    } else {
      // The cache's states (if any) precede this checkpoint: superseded.
      undo_cache_.clear();
      if (!checkpoints_.empty()) Restore(checkpoints_.back(), &from);
    }
    // Taken again when the game passes this transition once more.
    if (!checkpoints_.empty() && checkpoints_.back().items == target) {
      checkpoints_.pop_back();
    }
    while (from < target) {
      from = ApplyItem(state_, from, &last_seen_by_);
      undo_cache_.push_back({from, last_seen_by_, state_});
    }
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
  // Checkpoint: the state after the first `items` history items, and
  // last_seen_by_ there.
  struct Checkpoint {
    size_t items;
    uint32_t seen_by;
    Position state;
  };

  void Restore(const Checkpoint& saved, size_t* items) {
    state_ = saved.state;
    last_seen_by_ = saved.seen_by;
    *items = saved.items;
  }

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

  // GrowHistory: called every kCheckpointEvery transitions. The first block
  // holds the whole game up to kSmallReserve items (1 KiB, the size malloc
  // serves from its per-thread cache), then the history grows
  // by doubling; a history past kHugeHistory items (a match of thousands of
  // deals) reserves its whole bound at once: the untouched pages of a block
  // that large are never resident, where a doubling would hold two copies.
  void GrowHistory() {
    constexpr size_t kSmallReserve = 64;
    constexpr size_t kHugeHistory = size_t{1} << 16;
    const std::vector<HistoryItem>& history = History();
    if (history.capacity() == 0) {
      ReserveHistory(std::min(MaxHistoryItems(), kSmallReserve));
      checkpoints_.reserve(History().capacity() / kCheckpointEvery + 1);
    } else if (history.capacity() >= kHugeHistory &&
               history.capacity() - history.size() <
                   kCheckpointEvery * kMaxPlayers &&
               MaxHistoryItems() > history.capacity()) {
      ReserveHistory(MaxHistoryItems());
      checkpoints_.reserve(MaxHistoryItems() / kCheckpointEvery + 1);
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
        WithScratchMoves([&](typename R::MoveList& moves) {
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

  // WithScratchMoves: calls f with a move list to fill: a local one where
  // lists are small, else one per thread (a fresh large list is zeroed at
  // every construction: Daifugo's holds 2,605 moves, Lines' 4,096). The
  // per-thread list is on the heap: the C library's thread-locals must fit
  // the loader's small static TLS reserve (c_lib_self_contained.sh).
  template <class F>
  static void WithScratchMoves(F f) {
    using MoveList = typename R::MoveList;
    if constexpr (sizeof(MoveList) <= 512) {
      if constexpr (std::is_constructible_v<MoveList, UnfilledTag>) {
        MoveList moves(kUnfilled);  // not zeroed: Yacht's holds 88 bytes
        f(moves);
      } else {
        MoveList moves;
        f(moves);
      }
    } else {
      static thread_local const std::unique_ptr<typename R::MoveList> moves =
          std::make_unique<typename R::MoveList>();
      f(*moves);
    }
  }

  // ToActions: `moves` as actions into *out (its contents replaced).
  // assign writes them in place when the buffer holds them (no zeroing, as
  // resize would do) and else sizes one new block.
  void ToActions(const typename R::MoveList& moves,
                 std::vector<Action>* out) const {
    const Move* first = moves.begin();
    out->assign(ActionIterator<R>(rules_, first),
                ActionIterator<R>(rules_, first + moves.size()));
  }

  // SortActions: ascending, as LegalActions promises; a kernel that lists
  // its moves in ascending action order (kMovesAscending) is not checked.
  static void SortActions(std::vector<Action>* out) {
    if constexpr (!ListsMovesAscending<R>) {
      if (!std::is_sorted(out->begin(), out->end())) {
        std::sort(out->begin(), out->end());
      }
    }
  }

  void SimultaneousActions(Player player, std::vector<Action>* out) const {
    if constexpr (SimultaneousKernel<R>) {
      if (player < 0 || player >= rules_->NumPlayers()) {
        out->clear();
        return;
      }
      WithScratchMoves([&](typename R::MoveList& moves) {
        rules_->LegalMovesFor(state_, player, moves);
        ToActions(moves, out);
      });
      SortActions(out);
    } else {
      (void)player;
      out->clear();
    }
  }

  // MaybeCheckpoint: called before each transition; saves the state before
  // every kCheckpointEvery-th (the first is start_). The history is
  // reserved at the first move, so views and clones that never move do
  // not allocate it.
  void MaybeCheckpoint() {
    if (transitions_ % kCheckpointEvery == 0) [[unlikely]]
      SaveCheckpoint();
    ++transitions_;
  }
  void SaveCheckpoint() {
    if (transitions_ > 0) {
      checkpoints_.push_back({History().size(), last_seen_by_, state_});
    }
    GrowHistory();
  }

  // SeenBy: bit p set when seat p sees `move` made by `actor` in `before`
  // (the kernel's MoveSeenBy in one call where it has one).
  uint32_t SeenBy(const Position& before, Player actor,
                  Move move) const requires HiddenInformationKernel<R> {
    return rules_->MoveSeenBy(before, actor, move);
  }

  // ApplyItem: applies to `s` the transition whose items start at
  // History()[i]; returns the index after it. `seen_by` gets SeenBy of a
  // single action.
  size_t ApplyItem(Position& s, size_t i, uint32_t* seen_by) const {
    const std::vector<HistoryItem>& history = History();
    if (history[i].joint) {
      const size_t n = static_cast<size_t>(rules_->NumPlayers());
      if constexpr (SimultaneousKernel<R>) {
        std::array<Move, kMaxPlayers> joint{};
        for (size_t p = 0; p < n; ++p) {
          joint[p] = rules_->ToMove(history[i + p].action);
        }
        rules_->ApplyJoint(s, joint.data());
      }
      return i + n;
    }
    const Move move = rules_->ToMove(history[i].action);
    if constexpr (HiddenInformationKernel<R>) {
      *seen_by = SeenBy(s, history[i].player, move);
    }
    (void)seen_by;
    rules_->Apply(s, move);
    return i + 1;
  }

  // PositionAt: the state after the first `items` history items (a transition
  // boundary), rebuilt from the saved states.
  Position PositionAt(size_t items) const {
    Position s = start_;
    size_t from = 0;
    for (const std::vector<Checkpoint>* saved : {&undo_cache_, &checkpoints_}) {
      for (auto it = saved->rbegin(); it != saved->rend(); ++it) {
        if (it->items <= items && it->items >= from) {
          s = it->state;
          from = it->items;
          break;
        }
      }
    }
    uint32_t seen_by = 0;
    while (from < items) from = ApplyItem(s, from, &seen_by);
    return s;
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
  Position start_;  // the state this object began with (history empty)
  // The state before transitions kCheckpointEvery, 2 * kCheckpointEvery, ...
  std::vector<Checkpoint> checkpoints_;
  // States replayed by undos since the last checkpoint before them (at
  // most about kCheckpointEvery, all within the current history).
  std::vector<Checkpoint> undo_cache_;
  size_t transitions_ = 0;  // ApplyAction and ApplyJointAction calls in history
  // Kernels with private moves: bit p set when seat p saw the last single
  // action (LastEventFor).
  uint32_t last_seen_by_ = 0;
};

template <Kernel R>
std::unique_ptr<State> KernelGame<R>::NewInitialState() const {
  auto self = std::static_pointer_cast<const KernelGame<R>>(shared_from_this());
  return std::make_unique<KernelState<R>>(std::move(self),
                                          rules_.InitialPosition());
}

template <Kernel R>
absl::StatusOr<std::unique_ptr<State>> KernelGame<R>::DeserializeState(
    std::string_view text) const {
  absl::StatusOr<typename R::Position> state = rules_.Deserialize(text);
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
