#include "gameai/base/types.h"

#include "fmt/format.h"

namespace gameai {

std::string DescribeGameType(const GameType& type) {
  return fmt::format(
      "{}, {}, {} information{}",
      type.dynamics == GameType::Dynamics::kSequential ? "sequential"
                                                       : "simultaneous",
      type.chance == GameType::Chance::kDeterministic ? "deterministic"
                                                      : "stochastic",
      type.information == GameType::Information::kPerfect ? "perfect"
                                                          : "imperfect",
      type.zero_sum ? ", zero-sum" : "");
}

}  // namespace gameai
