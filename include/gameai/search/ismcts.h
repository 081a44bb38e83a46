// gameai/search/ismcts.h: information-set Monte-Carlo tree search (single
// observer; Cowling, Powley and Whitehouse 2012) for kernels with hidden
// information that can sample the hidden part (HasDeterminize).
//
// Every simulation samples a full state consistent with the searching
// seat's view (Determinize), then descends one tree shared by all samples:
// edges are moves, a node's children those seen legal in some sample. Among
// the children legal in this sample it picks by UCB1 counting a child's
// availability (the times it was legal when its parent was visited) in
// place of the parent's visits; the first untried legal move is expanded.
// Chance outcomes are sampled and become children when first seen. Then
// uniformly random moves to the end, or to the kernel's search horizon
// (HasSearchHorizon: a Daifugo deal rather than the whole match), and each
// node on the path adds the return of the player who chose its move. The
// most visited root move is played.
#ifndef GAMEAI_SEARCH_ISMCTS_H_
#define GAMEAI_SEARCH_ISMCTS_H_

#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

#include "absl/status/statusor.h"
#include "gameai/base/random.h"
#include "gameai/base/stop_request.h"
#include "gameai/kernel/kernel.h"
#include "gameai/search/mcts_options.h"
#include "gameai/search/mcts_tree.h"

namespace gameai {

template <Kernel R>
requires HasDeterminize<R>
class Ismcts {
 public:
  using Position = typename R::Position;
  using Move = typename R::Move;

  using RootChild = MoveStat<Move>;  // mean return of the searching seat

  Ismcts(const R& rules, const MctsOptions& options)
      : rules_(rules), options_(options) {}

  // Search: the move for `seat`, to move in `view` (a view of that seat);
  // an error (NoMoveError) unless the seat has a legal move there.
  absl::StatusOr<Move> Search(const Position& view, Player seat, Rng& rng) {
    nodes_.clear();
    nodes_.push_back(Node{});
    typename R::MoveList moves;
    rules_.LegalMoves(view, moves);
    if (rules_.CurrentPlayer(view) != seat || moves.size() == 0) {
      return NoMoveError(/*at_root=*/true);
    }
    for (int i = 0; i < options_.simulations; ++i) {
      if (!Simulate(rules_.Determinize(view, seat, rng), rng)) {
        return NoMoveError(/*at_root=*/false);
      }
      // A caller's stop request, read every 256 simulations.
      if ((i & 255) == 255 && StopRequested()) break;
    }
    return nodes_[MostVisitedChild(nodes_, 0)].move;
  }

  std::vector<RootChild> RootStats(Player) const {
    return ChildStats(nodes_, 0);
  }

  // TreeSize: what the last search's tree holds (counted by max_nodes).
  int64_t TreeSize() const { return static_cast<int64_t>(nodes_.size()); }

 private:
  using Node = TreeNode<Move>;

  bool Stop(const Position& s) const {
    if constexpr (HasSearchHorizon<R>) {
      if (rules_.HorizonReached(s)) return true;
    }
    return rules_.CurrentPlayer(s) == kTerminalPlayer;
  }

  double ReturnOf(const Position& s, Player p) const {
    if constexpr (HasSearchHorizon<R>) {
      if (rules_.HorizonReached(s)) return rules_.HorizonReturn(s, p);
    }
    return rules_.Return(s, p);
  }

  int FindChild(int node, Move move) const {
    for (int c = nodes_[node].first_child; c >= 0; c = nodes_[c].next_sibling) {
      if (nodes_[c].move == move) return c;
    }
    return -1;
  }

  // Full: the tree holds its max_nodes.
  bool Full() const {
    return static_cast<int64_t>(nodes_.size()) >= options_.max_nodes;
  }

  int AddChild(int parent, Move move, Player mover) {
    const int index = static_cast<int>(nodes_.size());
    nodes_.push_back(Node{.move = move,
                          .mover = mover,
                          .next_sibling = nodes_[parent].first_child});
    nodes_[parent].first_child = index;
    return index;
  }

  // Step: the child to follow from `node` for this sample's legal moves;
  // `expanded` tells whether it was just created. kTreeFull: it would be new
  // and the tree is full; kNoMove: the sample has no legal move.
  static constexpr int kTreeFull = -1;
  static constexpr int kNoMove = -2;
  int Step(int node, const Position& s, Player player, bool& expanded) {
    typename R::MoveList moves;
    rules_.LegalMoves(s, moves);
    if (moves.size() == 0) return kNoMove;
    int best = -1;
    double best_score = -1e300;
    for (const auto& m : moves) {
      const int c = FindChild(node, m);
      if (c < 0) {
        if (Full()) return kTreeFull;
        expanded = true;
        return AddChild(node, m, player);
      }
      Node& n = nodes_[c];
      ++n.available;
      const double score =
          n.visits == 0 ? 1e300
                        : Ucb1(n.value, n.visits,
                               std::log(static_cast<double>(n.available)),
                               options_.exploration);
      if (score > best_score) {
        best_score = score;
        best = c;
      }
    }
    return best;
  }

  // Simulate: one simulation; false at a player's node without moves.
  bool Simulate(Position s, Rng& rng) {
    path_.clear();
    path_.push_back(0);
    int node = 0;
    while (!Stop(s)) {
      const Player player = rules_.CurrentPlayer(s);
      bool expanded = false;
      if (player == kChancePlayer) {
        if constexpr (ChanceKernel<R>) {
          const Move outcome = rules_.SampleChance(s, rng);
          node = FindChild(node, outcome);
          if (node < 0 && !Full()) {
            node = AddChild(path_.back(), outcome, kChancePlayer);
            expanded = true;
          }
        }
      } else {
        node = Step(node, s, player, expanded);
        if (node == kNoMove) return false;
      }
      if (node < 0) break;  // the tree is full: roll out from here
      rules_.Apply(s, nodes_[node].move);
      path_.push_back(node);
      if (expanded) break;
    }
    typename R::MoveList moves;
    while (!Stop(s)) {
      if constexpr (ChanceKernel<R>) {
        if (rules_.CurrentPlayer(s) == kChancePlayer) {
          rules_.Apply(s, rules_.SampleChance(s, rng));
          continue;
        }
      }
      const std::optional<Move> move = RandomLegalMove(rules_, s, rng, moves);
      if (!move) return false;
      rules_.Apply(s, *move);
    }
    std::array<double, kMaxPlayers> returns{};
    for (Player p = 0; p < rules_.NumPlayers(); ++p)
      returns[p] = ReturnOf(s, p);
    Backpropagate(nodes_, path_, returns.data());
    return true;
  }

  const R& rules_;
  MctsOptions options_;
  std::vector<Node> nodes_;  // capacity kept across searches
  std::vector<int> path_;
};

}  // namespace gameai

#endif  // GAMEAI_SEARCH_ISMCTS_H_
