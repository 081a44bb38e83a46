// gameai/search/mcts_options.h: the options both MCTS variants share.
#ifndef GAMEAI_SEARCH_MCTS_OPTIONS_H_
#define GAMEAI_SEARCH_MCTS_OPTIONS_H_

#include <cstdint>

namespace gameai {

struct MctsOptions {
  int simulations = 1000;
  double exploration = 1.4;  // UCB1 constant c in mean + c*sqrt(ln N / n)
  uint64_t seed = 0;
};

}  // namespace gameai

#endif  // GAMEAI_SEARCH_MCTS_OPTIONS_H_
