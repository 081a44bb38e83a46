// gameai/search/mcts_tree.h: the tree node UCT and information-set MCTS
// share, and what they report of a node's children.
#ifndef GAMEAI_SEARCH_MCTS_TREE_H_
#define GAMEAI_SEARCH_MCTS_TREE_H_

#include <cstdint>
#include <vector>

#include "absl/status/status.h"
#include "gameai/base/types.h"

namespace gameai {

// TreeNode: a move and its statistics; children are a linked list in one
// vector (indices, so the vector can grow).
template <class Move>
struct TreeNode {
  Move move{};
  Player mover = kInvalidPlayer;  // who chose `move` (or kChancePlayer)
  int32_t first_child = -1;
  int32_t next_sibling = -1;
  uint32_t visits = 0;
  uint32_t available = 0;  // ISMCTS: times legal when the parent was visited
  double value = 0;        // sum of the mover's returns
};

// NoMoveError: a search refuses a root where `seat` has no move, and stops
// at a state inside the tree where the player to move has none (which the
// kernel's contract, CheckPlayable, rules out): an error, never an index
// into an empty list.
inline absl::Status NoMoveError(bool at_root) {
  return absl::FailedPreconditionError(
      at_root ? "search: the seat has no legal move in this state"
              : "search: reached a state where the player to move has no "
                "legal move (the game's kernel broke its contract)");
}

// MoveStat: a child's move, visits and mean return for its mover.
template <class Move>
struct MoveStat {
  Move move;
  uint32_t visits;
  double mean_return;
};

// ChildStats: the statistics of `parent`'s children, in list order.
template <class Move>
std::vector<MoveStat<Move>> ChildStats(const std::vector<TreeNode<Move>>& nodes,
                                       int parent) {
  std::vector<MoveStat<Move>> out;
  if (nodes.empty()) return out;
  for (int c = nodes[parent].first_child; c >= 0; c = nodes[c].next_sibling) {
    const TreeNode<Move>& n = nodes[c];
    out.push_back({n.move, n.visits, n.visits ? n.value / n.visits : 0.0});
  }
  return out;
}

// MostVisitedChild: the child of `parent` with the most visits (the first
// in list order among equals).
template <class Move>
int MostVisitedChild(const std::vector<TreeNode<Move>>& nodes, int parent) {
  int best = -1;
  for (int c = nodes[parent].first_child; c >= 0; c = nodes[c].next_sibling) {
    if (best < 0 || nodes[c].visits > nodes[best].visits) best = c;
  }
  return best;
}

// Backpropagate: every node on `path` counts a visit and adds the return
// of its mover.
template <class Move>
void Backpropagate(std::vector<TreeNode<Move>>& nodes,
                   const std::vector<int>& path, const double* returns) {
  for (int index : path) {
    TreeNode<Move>& n = nodes[index];
    ++n.visits;
    if (n.mover >= 0) n.value += returns[n.mover];
  }
}

}  // namespace gameai

#endif  // GAMEAI_SEARCH_MCTS_TREE_H_
