// gameai/search/mcts_options.h: the options both MCTS variants share.
#ifndef GAMEAI_SEARCH_MCTS_OPTIONS_H_
#define GAMEAI_SEARCH_MCTS_OPTIONS_H_

#include <cmath>
#include <cstdint>

namespace gameai {

struct MctsOptions {
  int simulations = 1000;
  double exploration = 1.4;  // UCB1 constant c in mean + c*sqrt(ln N / n)
  uint64_t seed = 0;
  // max_nodes: the tree's memory budget. Once it holds this many nodes
  // (decoupled UCT: nodes plus per-player move statistics) it stops
  // growing (one expansion may pass it): simulations go on from its
  // leaves with rollouts.
  int64_t max_nodes = 4'000'000;
};

// kMctsMaxNodesLimit: the largest max_nodes accepted.
inline constexpr int64_t kMctsMaxNodesLimit = int64_t{1} << 31;

// Ucb1: the UCB1 score of a move with `visits` (> 0) visits and returns
// summing to `value`, under a parent of log(N + 1) = `log_parent`.
inline double Ucb1(double value, uint32_t visits, double log_parent,
                   double exploration) {
  return value / visits + exploration * std::sqrt(log_parent / visits);
}

}  // namespace gameai

#endif  // GAMEAI_SEARCH_MCTS_OPTIONS_H_
