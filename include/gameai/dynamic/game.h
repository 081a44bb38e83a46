// gameai/dynamic/game.h: the dynamic layer, one interface for every game.
//
// A Game is an immutable, shareable description (rules + parameters); a State
// is one position with its history. Every state-changing call validates its
// input and returns an absl::Status; on error the state is unchanged.
//
//   absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("mancala");
//   std::unique_ptr<State> state = (*game)->NewInitialState();
//   std::vector<Action> legal;  // reused: the loop does not allocate
//   while (!state->IsTerminal()) {
//     state->LegalActions(&legal);
//     if (absl::Status s = state->ApplyAction(legal[0]); !s.ok()) ...
//   }
//   std::vector<double> returns = state->Returns();
#ifndef GAMEAI_DYNAMIC_GAME_H_
#define GAMEAI_DYNAMIC_GAME_H_

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
#include "gameai/base/random.h"
#include "gameai/base/types.h"
#include "gameai/dynamic/params.h"

namespace gameai {

class State;
class VectorEnv;
struct VectorEnvOptions;

// Event: one transition as a seat sees it.
struct Event {
  Player actor = kInvalidPlayer;  // seat, kChancePlayer or kSimultaneousPlayer
  // The action (or one per seat for a joint action); empty when the action
  // is hidden from the observing seat.
  std::vector<Action> actions;
};

// SampleChanceOutcome: an outcome drawn by its probability with one
// rng.Uniform() (the last when rounding leaves the sum short of 1).
// REQUIRES: `outcomes` is not empty.
Action SampleChanceOutcome(const std::vector<ChanceOutcome>& outcomes,
                           Rng& rng);

class Game : public std::enable_shared_from_this<Game> {
 public:
  virtual ~Game() = default;

  // Name: the registry name ("mancala"). Spec: the canonical spec with every
  // parameter ("mancala(pits=6,seeds=4,first_player=0,empty_capture=false)").
  virtual std::string Name() const = 0;
  virtual std::string Spec() const = 0;
  virtual const Params& GetParams() const = 0;
  virtual GameType Type() const = 0;
  virtual int NumPlayers() const = 0;
  // NumDistinctActions: actions are in [0, NumDistinctActions()).
  virtual Action NumDistinctActions() const = 0;
  // MaxGameLength: an upper bound on the transitions of a game: ApplyAction
  // (chance included) and ApplyJointAction calls.
  virtual int MaxGameLength() const = 0;
  virtual std::unique_ptr<State> NewInitialState() const = 0;
  // TallyNames: counts a game keeps per seat beyond its score (Daifugo:
  // "place_1".. for the deals finished in each place); the arena sums each
  // agent's. Empty for most games.
  virtual std::vector<std::string> TallyNames() const { return {}; }
  // Units: what one game and its rounds are called in match reports
  // (Daifugo: a "match" of `games` "deal"s); "game" for most.
  virtual GameUnits Units() const { return {}; }
  // DeserializeState: the inverse of State::Serialize(); malformed or
  // inconsistent text is an InvalidArgument error naming the problem. A
  // state it returns passes State::Validate: every function can play on it.
  virtual absl::StatusOr<std::unique_ptr<State>> DeserializeState(
      std::string_view text) const = 0;
  // DeserializeView: the inverse of State::ViewFor(viewer)->Serialize() for
  // a seat `viewer`: text that is that seat's view of some playable state
  // (its own hidden information shown, the others' hidden the way ViewFor
  // hides them), as a remote client rebuilds the view it was sent. For
  // games of perfect information the same as DeserializeState. Errors are
  // InvalidArgument naming what is wrong (a viewer who is no seat, text
  // that shows what the seat may not see, hidden counts that add up to no
  // deal).
  virtual absl::StatusOr<std::unique_ptr<State>> DeserializeView(
      std::string_view text, Player viewer) const = 0;

  // Numeric observations for learners (docs/<game>.md lays each out).
  // ObservationTensorShape: the dimensions of State::ObservationTensor;
  // InformationStateTensorShape: of State::InformationStateTensor, empty
  // for games of perfect information (they have none). *Size: the product.
  virtual std::vector<int> ObservationTensorShape() const { return {}; }
  virtual std::vector<int> InformationStateTensorShape() const { return {}; }
  int ObservationTensorSize() const;
  int InformationStateTensorSize() const;
  // MakeVectorEnv: n games stepped together (vector_env.h; call
  // NewVectorEnv, which checks the options). Unimplemented by default.
  virtual absl::StatusOr<std::unique_ptr<VectorEnv>> MakeVectorEnv(
      const VectorEnvOptions& options) const;
};

// State: one position. The public state-changing calls are non-virtual: they
// validate, record history and call the Do* hooks of the implementation (the
// kernel adapter in kernel_adapter.h).
class State {
 public:
  // HistoryItem: one action. A joint action is recorded as one item per
  // seat, in seat order, each with `joint` set. (Ordered so an item takes
  // 16 bytes: the history of a long match is most of a state's memory.)
  struct HistoryItem {
    Action action;
    Player player;  // the seat that acted, or kChancePlayer
    bool joint;
  };

  virtual ~State() = default;

  virtual const Game& GetGame() const = 0;
  // CurrentPlayer: a seat, or kChancePlayer / kSimultaneousPlayer /
  // kTerminalPlayer. Kept up to date by the state-changing calls, so the
  // checks of a game loop cost no virtual call.
  Player CurrentPlayer() const { return current_player_; }
  bool IsTerminal() const { return CurrentPlayer() == kTerminalPlayer; }
  bool IsChanceNode() const { return CurrentPlayer() == kChancePlayer; }
  bool IsSimultaneousNode() const {
    return CurrentPlayer() == kSimultaneousPlayer;
  }

  // LegalActions(player, out): the legal actions of `player` into *out
  // (replacing its contents), ascending. Empty when `player` does not act
  // here (at chance nodes, LegalActions(kChancePlayer) lists the outcomes).
  // A loop that reuses one buffer allocates nothing once it is large enough.
  virtual void LegalActions(Player player, std::vector<Action>* out) const = 0;
  void LegalActions(std::vector<Action>* out) const {
    LegalActions(CurrentPlayer(), out);
  }
  // LegalActions(player) / LegalActions(): the same as a new vector.
  std::vector<Action> LegalActions(Player player) const {
    std::vector<Action> actions;
    LegalActions(player, &actions);
    return actions;
  }
  std::vector<Action> LegalActions() const {
    return LegalActions(CurrentPlayer());
  }
  // ChanceKey: at a chance node, a name of the event that is the same in
  // every game whatever the players chose before it (Yacht: the round, the
  // player and the roll of the turn), so that the arena can give paired
  // solitaire games the same roll for the same event; nullopt when the
  // game has none.
  virtual std::optional<uint64_t> ChanceKey() const { return std::nullopt; }
  // ChanceOutcomes(out): at a chance node the outcomes with exact
  // probabilities summing to 1 into *out (replacing its contents); empty
  // elsewhere. ChanceOutcomes(): the same as a new vector.
  virtual void ChanceOutcomes(std::vector<ChanceOutcome>* out) const = 0;
  std::vector<ChanceOutcome> ChanceOutcomes() const {
    std::vector<ChanceOutcome> outcomes;
    ChanceOutcomes(&outcomes);
    return outcomes;
  }
  // SampleChanceOutcome: at a chance node, an outcome drawn from `rng` with
  // its probability, without listing the outcomes (the kernel's sampler);
  // a FailedPrecondition error elsewhere. Not the same stream as sampling
  // ChanceOutcomes() with the same rng.
  virtual absl::StatusOr<Action> SampleChanceOutcome(Rng& rng) const = 0;

  // ApplyAction: at a player's or chance node. Errors: terminal state,
  // simultaneous node, illegal action (the message lists the legal ones).
  absl::Status ApplyAction(Action action);
  // ApplyJointAction: at a simultaneous node, one action per seat.
  absl::Status ApplyJointAction(absl::Span<const Action> actions);
  // UndoAction: takes back the last ApplyAction / ApplyJointAction, exactly
  // (chance outcomes included). Its cost is paid here, not by every move:
  // the state may be rebuilt from a checkpoint by replaying the history.
  absl::Status UndoAction();
  const std::vector<HistoryItem>& History() const { return history_; }
  // LastEventFor: the last transition as `observer` saw it (actions hidden
  // from that seat are left out). REQUIRES: a non-empty history.
  virtual Event LastEventFor(Player observer) const = 0;

  // Returns: one value per seat; all zero before the end of the game.
  virtual std::vector<double> Returns() const = 0;
  // Scores: the game's natural score per seat (Kalah: seeds in store).
  virtual std::vector<double> Scores() const = 0;
  // Tallies: `player`'s counts, one per Game::TallyNames().
  virtual std::vector<double> Tallies(Player player) const {
    (void)player;
    return {};
  }

  virtual std::unique_ptr<State> Clone() const = 0;
  // ViewFor: a copy holding only what `player` may know: other players'
  // hidden information is replaced by a canonical placeholder. For
  // perfect-information games it equals Clone() without the history.
  virtual std::unique_ptr<State> ViewFor(Player player) const = 0;

  // Validate: OK when the state keeps every invariant the rules rely on
  // (what DeserializeState accepts and what play reaches), else an error
  // naming the first broken one. Views hiding cards need not pass.
  virtual absl::Status Validate() const = 0;

  virtual std::string ToString() const = 0;
  virtual std::string Serialize() const = 0;
  virtual std::string ObservationString(Player player) const = 0;
  virtual std::string ActionToString(Player player, Action action) const = 0;
  // StringToAction: parses what ActionToString prints; errors name the input.
  virtual absl::StatusOr<Action> StringToAction(
      Player player, std::string_view text) const = 0;

  // Numbers for learners (state_tensors.cc). ObservationTensor: what seat
  // `player` sees now, Game::ObservationTensorSize() floats written into
  // `out` (row-major in Game::ObservationTensorShape()); computed from what
  // that seat may see only, so two states that differ in another seat's
  // hidden cards give equal tensors. InformationStateTensor: the same for
  // hidden-information games with what the seat remembers. Errors
  // (`out` untouched): InvalidArgument for a player who is no seat or an
  // `out` of another size, Unimplemented for a game without that tensor.
  absl::Status ObservationTensor(Player player, absl::Span<float> out) const;
  absl::Status InformationStateTensor(Player player,
                                      absl::Span<float> out) const;
  // LegalActionsMask: out[a] = 1 for every a in LegalActions(player), else
  // 0; `out` holds Game::NumDistinctActions() entries (InvalidArgument
  // otherwise).
  absl::Status LegalActionsMask(Player player, absl::Span<uint8_t> out) const;
  // Rewards: what each seat received with the last transition. Returns
  // are paid at the end of a game only, so Rewards is Returns() at a
  // terminal state and all zero before it.
  std::vector<double> Rewards() const;

 protected:
  // num_players: the game's seats, kept here so that a joint action's
  // checks cost no virtual call.
  explicit State(int num_players) : num_players_(num_players) {}
  State(const State&) = default;
  State& operator=(const State&) = default;

  // The implementation's constructor sets the player to act; each Do* hook
  // returns the player to act after it.
  void set_current_player(Player player) { current_player_ = player; }
  // DoApplyAction: `player` (the seat to act, or kChancePlayer) plays
  // `action` if it is legal; returns kInvalidPlayer, the state unchanged,
  // if it is not. One call checks and applies (a game loop's step costs one
  // virtual call here).
  virtual Player DoApplyAction(Player player, Action action) = 0;
  // DoApplyJointAction: the same at a simultaneous node, one action per
  // seat; on an illegal one sets *illegal_seat.
  virtual Player DoApplyJointAction(absl::Span<const Action> actions,
                                    Player* illegal_seat) = 0;
  // DoUndo: called once History() has dropped the undone items.
  virtual Player DoUndo() = 0;
  void ReserveHistory(size_t n) { history_.reserve(n); }
  // The tensor hooks: REQUIRES `player` a seat and `out` of the shape's
  // size; write every entry. Defaults: the game has no such tensor.
  virtual bool ProvidesObservationTensor() const { return false; }
  virtual bool ProvidesInformationStateTensor() const { return false; }
  virtual void DoObservationTensor(Player player, absl::Span<float> out) const {
    (void)player;
    (void)out;
  }
  virtual void DoInformationStateTensor(Player player,
                                        absl::Span<float> out) const {
    (void)player;
    (void)out;
  }
  // DescribeLegalActions: "b3-k7, b3-k8, ... (N in all)" (with `ids`:
  // "7 (b3-k7), ..."): the first few legal actions of `player` for error
  // messages, or "none".
  std::string DescribeLegalActions(Player player, bool ids) const;

 private:
  absl::Status IllegalActionError(Player player, Action action) const;
  // ApplyActionRefused: why no action applies at a terminal or
  // simultaneous node (out of line: ApplyAction's fast path is inline).
  absl::Status ApplyActionRefused() const;
  // JointActionRefused: why a joint action of `entries` actions does not
  // apply (not a simultaneous node, or not one action per seat).
  absl::Status JointActionRefused(size_t entries) const;
  Player current_player_ = kInvalidPlayer;
  int num_players_;
  std::vector<HistoryItem> history_;
};

// Inline: a game loop's step is these checks, one virtual call and the
// history's push.
inline absl::Status State::ApplyAction(Action action) {
  const Player player = CurrentPlayer();
  if (player == kTerminalPlayer || player == kSimultaneousPlayer) [[unlikely]] {
    return ApplyActionRefused();
  }
  const Player next = DoApplyAction(player, action);
  if (next == kInvalidPlayer) [[unlikely]] {
    return IllegalActionError(player, action);
  }
  current_player_ = next;
  history_.push_back({.action = action, .player = player, .joint = false});
  return absl::OkStatus();
}

inline absl::Status State::ApplyJointAction(absl::Span<const Action> actions) {
  const int n = num_players_;
  if (CurrentPlayer() != kSimultaneousPlayer ||
      static_cast<int>(actions.size()) != n) [[unlikely]] {
    return JointActionRefused(actions.size());
  }
  Player illegal = kInvalidPlayer;
  const Player next = DoApplyJointAction(actions, &illegal);
  if (next == kInvalidPlayer) [[unlikely]] {
    return IllegalActionError(illegal, actions[illegal]);
  }
  current_player_ = next;
  for (Player p = 0; p < n; ++p) {
    history_.push_back({.action = actions[p], .player = p, .joint = true});
  }
  return absl::OkStatus();
}

}  // namespace gameai

#endif  // GAMEAI_DYNAMIC_GAME_H_
