// gameai/kernel/kernel.h: the static layer's contract.
//
// A kernel is a rules type R: an immutable object holding the game's
// parameters, with value types and const member functions. Generic search
// (search/mcts.h) and the dynamic adapter (kernel_adapter.h) compile against
// this concept, with no virtual call and no allocation per node.
//
// Every kernel provides:
//   R::Position  trivially copyable, fixed size, no heap (copy-make undo)
//   R::Move      small integer-like move
//   R::MoveList  fixed-capacity list: size(), operator[], begin(), end()
//   Type(), NumPlayers(), NumDistinctActions(), MaxGameLength()
//   InitialPosition(), CurrentPlayer(s), LegalMoves(s, list), Apply(s, m),
//   Return(s, p), Score(s, p), ToAction(m), ToMove(a),
//   ToString(s), Serialize(s), Deserialize(text), ObservationString(s, p),
//   MoveToString(s, m)
// Contract: at a non-terminal player's node LegalMoves is never empty, at
// a chance node the outcomes sum to 1, and every listed move is legal
// (CheckPlayable below tests these on one state).
// Optional, detected with the concepts below. A kernel static_asserts
// every capability it means to have (static_assert(ChanceKernel<Rules>)
// beside its Rules), so that a slip in a signature is a compile error
// rather than a capability silently off:
//   Validate(s):   absl::Status naming the first broken invariant of `s`
//                  (what Deserialize accepts must pass it, and so must
//                  every state play reaches); Deserialize calls it
//   ChanceKernel:  ChanceOutcomes(s, list of {Move, probability}),
//                  SampleChance(s, rng)
//   ChanceOutcomes(s, std::vector<ChanceOutcome>&): the same outcomes with
//                  their actions (ToAction), written in one pass for the
//                  dynamic layer where the lists are long (dice, deals)
//   SimultaneousKernel: at kSimultaneousPlayer nodes
//                  LegalMovesFor(s, player, list), ApplyJoint(s, moves)
//                  with one move per player
//   HasFastIsLegal: IsLegal(s, m), a fast legality test at player and
//                  chance nodes (else LegalMoves, or ChanceOutcomes, is
//                  scanned), and at a simultaneous kernel IsLegalFor(s,
//                  player, m), the same for one seat
//                  (else LegalMovesFor is scanned)
//   SampleMove(s, rng): a uniformly random legal move without listing them
//                  (rollouts use it where move lists are long), nullopt
//                  when there is none
//   ParseMove(s, text): the move MoveToString would name `text`, or
//                  nullopt (so reading a move does not format every one)
//   HiddenInformationKernel: Redact(s, viewer), s with everything
//                  `viewer` may not see blanked (other players' private
//                  cards; agents get only this), and MoveVisibleTo and
//                  MoveSeenBy below
//   DeserializeView(text, viewer): the inverse of Serialize(Redact(s,
//                  viewer)) for a seat `viewer`, with the view's checks
//                  (for a Redact kernel whose Deserialize refuses views;
//                  without it a view is read by Deserialize)
//   MoveVisibleTo(before, actor, m, observer): whether `observer` sees
//                  move m made in state `before` (a private deal: only
//                  its receiver); events hide the rest
//   MoveSeenBy(before, actor, m): the same for every seat at once, bit p
//                  for seat p (the adapter asks at every move)
//   kMovesAscending: a static constexpr bool; true promises that
//                  LegalMoves, LegalMovesFor and ChanceOutcomes list moves
//                  in ascending ToAction order, so the dynamic layer need
//                  not sort them (CheckPlayable tests the promise)
//   Determinize(view, viewer, rng): a full state consistent with what
//                  `viewer` sees in `view` (information-set search)
//   HorizonReached(s), HorizonReturn(s, p): where searches stop short of
//                  the end, and the returns there (a deal of a match)
//   TallyNames(), Tallies(s, p): per-seat counts the arena sums
//                  (Game::TallyNames)
//   Units():       what a game and its rounds are called (Game::Units)
//   ChanceKey(s):  names the chance event at s the same way in every game
//                  whatever the players chose (State::ChanceKey)
//   ObservationTensorShape(), ObservationTensor(s, p, out): numbers for
//                  learners (State::ObservationTensor): what seat p may
//                  see of s, written into every entry of `out` (the
//                  shape's product of floats); REQUIRES p a seat
//   InformationStateTensorShape(), InformationStateTensor(s, p, out):
//                  the same for hidden-information games, with what seat
//                  p remembers of the game so far
#ifndef GAMEAI_KERNEL_KERNEL_H_
#define GAMEAI_KERNEL_KERNEL_H_

#include <cmath>
#include <concepts>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "fmt/format.h"
#include "gameai/base/random.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/types.h"

namespace gameai {

template <class R>
concept Kernel = requires(const R& rules, typename R::Position& state,
                          const typename R::Position& cstate,
                          typename R::Move move, typename R::MoveList& moves,
                          Player player, Action action, std::string_view text) {
  requires std::is_trivially_copyable_v<typename R::Position>;
  { rules.Type() } -> std::same_as<GameType>;
  { rules.NumPlayers() } -> std::convertible_to<int>;
  { rules.NumDistinctActions() } -> std::convertible_to<Action>;
  { rules.MaxGameLength() } -> std::convertible_to<int>;
  { rules.InitialPosition() } -> std::same_as<typename R::Position>;
  { rules.CurrentPlayer(cstate) } -> std::convertible_to<Player>;
  { rules.LegalMoves(cstate, moves) } -> std::same_as<void>;
  { rules.Apply(state, move) } -> std::same_as<void>;
  { rules.Return(cstate, player) } -> std::convertible_to<double>;
  { rules.Score(cstate, player) } -> std::convertible_to<double>;
  { rules.ToAction(move) } -> std::same_as<Action>;
  { rules.ToMove(action) } -> std::same_as<typename R::Move>;
  { rules.ToString(cstate) } -> std::same_as<std::string>;
  { rules.Serialize(cstate) } -> std::same_as<std::string>;
  {
    rules.Deserialize(text)
    } -> std::same_as<absl::StatusOr<typename R::Position>>;
  { rules.ObservationString(cstate, player) } -> std::same_as<std::string>;
  { rules.MoveToString(cstate, move) } -> std::same_as<std::string>;
  { moves.size() } -> std::convertible_to<int>;
  { moves[0] } -> std::convertible_to<typename R::Move>;
};

// ChanceOutcomeOf: a kernel chance outcome with its exact probability.
template <class Move>
struct KernelChanceOutcome {
  Move move;
  double probability;
};

template <class R>
concept ChanceKernel = Kernel<R> &&
    requires(const R& rules, const typename R::Position& cstate,
             typename R::ChanceList& outcomes, Rng& rng) {
  { rules.ChanceOutcomes(cstate, outcomes) } -> std::same_as<void>;
  { rules.SampleChance(cstate, rng) } -> std::same_as<typename R::Move>;
};

template <class R>
concept HasActionChanceOutcomes = ChanceKernel<R> &&
    requires(const R& rules, const typename R::Position& cstate,
             std::vector<ChanceOutcome>& outcomes) {
  { rules.ChanceOutcomes(cstate, outcomes) } -> std::same_as<void>;
};

template <class R>
concept SimultaneousKernel = Kernel<R> &&
    requires(const R& rules, typename R::Position& state,
             const typename R::Position& cstate, Player player,
             typename R::MoveList& moves, const typename R::Move* joint) {
  { rules.LegalMovesFor(cstate, player, moves) } -> std::same_as<void>;
  { rules.ApplyJoint(state, joint) } -> std::same_as<void>;
};

// HasFastIsLegal: a legality test faster than listing the moves: IsLegal
// at a player's node, and at a simultaneous kernel IsLegalFor(s, p, m) for
// each seat too.
template <class R>
concept HasFastIsLegal = requires(const R& rules,
                                  const typename R::Position& cstate,
                                  typename R::Move move, Player player) {
  { rules.IsLegal(cstate, move) } -> std::convertible_to<bool>;
}
&&(!SimultaneousKernel<R> ||
   requires(const R& rules, const typename R::Position& cstate,
            typename R::Move move, Player player) {
     { rules.IsLegalFor(cstate, player, move) } -> std::convertible_to<bool>;
   });

template <class R>
concept HasSampleMove = requires(const R& rules,
                                 const typename R::Position& cstate, Rng& rng) {
  {
    rules.SampleMove(cstate, rng)
    } -> std::same_as<std::optional<typename R::Move>>;
};

template <class R>
concept HasParseMove = requires(const R& rules, const typename R::Position& cstate,
                                std::string_view text) {
  {
    rules.ParseMove(cstate, text)
    } -> std::same_as<std::optional<typename R::Move>>;
};

// HiddenInformationKernel: what each seat may see: Redact(s, viewer) the
// state as `viewer` sees it, MoveVisibleTo(before, actor, m, observer)
// whether `observer` sees move m, and MoveSeenBy(before, actor, m) the
// same for every seat as one bit mask (the dynamic layer asks at every
// move).
template <class R>
concept HiddenInformationKernel = requires(const R& rules,
                                           const typename R::Position& cstate,
                                           Player player,
                                           typename R::Move move) {
  { rules.Redact(cstate, player) } -> std::same_as<typename R::Position>;
  { rules.MoveVisibleTo(cstate, player, move, player) } -> std::same_as<bool>;
  { rules.MoveSeenBy(cstate, player, move) } -> std::same_as<uint32_t>;
};

template <class R>
concept HasDeserializeView = requires(const R& rules, std::string_view text,
                                      Player viewer) {
  {
    rules.DeserializeView(text, viewer)
    } -> std::same_as<absl::StatusOr<typename R::Position>>;
};

template <class R>
concept ListsMovesAscending = R::kMovesAscending;

template <class R>
concept HasDeterminize = requires(const R& rules,
                                  const typename R::Position& cstate,
                                  Player player, Rng& rng) {
  { rules.Determinize(cstate, player, rng) } -> std::same_as<typename R::Position>;
};

template <class R>
concept HasSearchHorizon = requires(const R& rules,
                                    const typename R::Position& cstate,
                                    Player player) {
  { rules.HorizonReached(cstate) } -> std::convertible_to<bool>;
  { rules.HorizonReturn(cstate, player) } -> std::convertible_to<double>;
};

template <class R>
concept HasTallies = requires(const R& rules, const typename R::Position& cstate,
                              Player player) {
  { rules.TallyNames() } -> std::same_as<std::vector<std::string>>;
  { rules.Tallies(cstate, player) } -> std::same_as<std::vector<double>>;
};

template <class R>
concept HasValidate = requires(const R& rules,
                               const typename R::Position& cstate) {
  { rules.Validate(cstate) } -> std::same_as<absl::Status>;
};

template <class R>
concept HasUnits = requires(const R& rules) {
  { rules.Units() } -> std::same_as<GameUnits>;
};

template <class R>
concept HasChanceKey = requires(const R& rules,
                                const typename R::Position& cstate) {
  { rules.ChanceKey(cstate) } -> std::convertible_to<uint64_t>;
};

template <class R>
concept HasObservationTensor = requires(const R& rules,
                                        const typename R::Position& cstate,
                                        Player player, absl::Span<float> out) {
  { rules.ObservationTensorShape() } -> std::same_as<std::vector<int>>;
  { rules.ObservationTensor(cstate, player, out) } -> std::same_as<void>;
};

template <class R>
concept HasInformationStateTensor = requires(const R& rules,
                                             const typename R::Position& cstate,
                                             Player player,
                                             absl::Span<float> out) {
  { rules.InformationStateTensorShape() } -> std::same_as<std::vector<int>>;
  { rules.InformationStateTensor(cstate, player, out) } -> std::same_as<void>;
};

// RandomLegalMove: a uniformly random legal move for the player to move,
// or nullopt when there is none; `moves` is scratch space for kernels
// without SampleMove.
template <Kernel R>
std::optional<typename R::Move> RandomLegalMove(const R& rules,
                                                const typename R::Position& state,
                                                Rng& rng,
                                                typename R::MoveList& moves) {
  if constexpr (HasSampleMove<R>) {
    return rules.SampleMove(state, rng);
  } else {
    rules.LegalMoves(state, moves);
    if (moves.size() == 0) return std::nullopt;
    return moves[static_cast<int>(rng.Below(moves.size()))];
  }
}

// IsLegalMove: the kernel's IsLegal where it has one, else a scan.
template <Kernel R>
bool IsLegalMove(const R& rules, const typename R::Position& state,
                 typename R::Move move) {
  if constexpr (HasFastIsLegal<R>) {
    return rules.IsLegal(state, move);
  } else {
    typename R::MoveList moves;
    rules.LegalMoves(state, moves);
    for (const auto& m : moves) {
      if (m == move) return true;
    }
    return false;
  }
}

// CheckPlayable: the dynamic part of the contract on one state, as an
// error naming what is broken: a player node has a legal move and every
// listed move is legal (by IsLegal, where the kernel has one) and in the
// action range; a chance node has outcomes of positive probability summing
// to 1; at a simultaneous node every player has a move; the lists are in
// ascending action order where the kernel promises kMovesAscending.
// Kernels' Validate calls it after their own structural checks.
template <Kernel R>
absl::Status CheckPlayable(const R& rules, const typename R::Position& state) {
  const Player player = rules.CurrentPlayer(state);
  const auto in_range = [&](typename R::Move m) {
    const Action a = rules.ToAction(m);
    return a >= 0 && a < rules.NumDistinctActions();
  };
  // The kernel's kMovesAscending promise, where it makes one.
  const auto unordered = [&](const auto& list, auto move_of) {
    if constexpr (ListsMovesAscending<R>) {
      for (int i = 1; i < static_cast<int>(list.size()); ++i) {
        if (rules.ToAction(move_of(list[i - 1])) >=
            rules.ToAction(move_of(list[i]))) {
          return absl::InvalidArgumentError(fmt::format(
              "moves listed out of ascending order ({} before {}) by a "
              "kernel promising kMovesAscending",
              rules.ToAction(move_of(list[i - 1])),
              rules.ToAction(move_of(list[i]))));
        }
      }
    }
    (void)list;
    (void)move_of;
    return absl::OkStatus();
  };
  const auto itself = [](typename R::Move m) { return m; };
  if (player == kTerminalPlayer) return absl::OkStatus();
  if (player == kChancePlayer) {
    if constexpr (ChanceKernel<R>) {
      typename R::ChanceList outcomes;
      rules.ChanceOutcomes(state, outcomes);
      if (outcomes.empty()) {
        return absl::InvalidArgumentError("a chance node has no outcome");
      }
      if (absl::Status order =
              unordered(outcomes, [](const auto& o) { return o.move; });
          !order.ok()) {
        return order;
      }
      double total = 0;
      for (const auto& o : outcomes) {
        bool legal = o.probability > 0 && in_range(o.move);
        if constexpr (HasFastIsLegal<R>) {
          legal = legal && rules.IsLegal(state, o.move);
        }
        if (!legal) {
          return absl::InvalidArgumentError(fmt::format(
              "chance outcome {} (probability {}) is listed but not legal",
              rules.ToAction(o.move), o.probability));
        }
        total += o.probability;
      }
      if (!(std::abs(total - 1.0) <= 1e-9)) {
        return absl::InvalidArgumentError(fmt::format(
            "the chance outcomes' probabilities sum to {}, not 1", total));
      }
      return absl::OkStatus();
    } else {
      return absl::InvalidArgumentError(
          "a chance node in a game without chance");
    }
  }
  typename R::MoveList moves;
  if (player == kSimultaneousPlayer) {
    if constexpr (SimultaneousKernel<R>) {
      for (Player p = 0; p < rules.NumPlayers(); ++p) {
        rules.LegalMovesFor(state, p, moves);
        if (moves.size() == 0) {
          return absl::InvalidArgumentError(
              fmt::format("player {} has no move at a simultaneous node", p));
        }
        GAMEAI_RETURN_IF_ERROR(unordered(moves, itself));
        for (const auto& m : moves) {
          if (!in_range(m)) {
            return absl::InvalidArgumentError(fmt::format(
                "player {}'s move {} is out of range", p, rules.ToAction(m)));
          }
        }
      }
      return absl::OkStatus();
    } else {
      return absl::InvalidArgumentError(
          "a simultaneous node in a game without simultaneous moves");
    }
  }
  if (player < 0 || player >= rules.NumPlayers()) {
    return absl::InvalidArgumentError(
        fmt::format("the player to move, {}, is no seat", player));
  }
  rules.LegalMoves(state, moves);
  if (moves.size() == 0) {
    return absl::InvalidArgumentError(fmt::format(
        "player {} is to move but has no legal move (the game would be over)",
        player));
  }
  GAMEAI_RETURN_IF_ERROR(unordered(moves, itself));
  for (const auto& m : moves) {
    bool legal = in_range(m);
    if constexpr (HasFastIsLegal<R>) legal = legal && rules.IsLegal(state, m);
    if (!legal) {
      return absl::InvalidArgumentError(
          fmt::format("move '{}' is listed as legal but is not",
                      rules.MoveToString(state, m)));
    }
  }
  return absl::OkStatus();
}

// ValidatePosition: the kernel's Validate where it has one, else CheckPlayable.
template <Kernel R>
absl::Status ValidatePosition(const R& rules, const typename R::Position& state) {
  if constexpr (HasValidate<R>) {
    return rules.Validate(state);
  } else {
    return CheckPlayable(rules, state);
  }
}

}  // namespace gameai

#endif  // GAMEAI_KERNEL_KERNEL_H_
