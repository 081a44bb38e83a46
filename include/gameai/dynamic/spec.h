// gameai/dynamic/spec.h: spec strings, `name(key=value,...)`, the way games and
// agents are named everywhere (CLI, registry, C API).
//
//   absl::StatusOr<Spec> spec = ParseSpec("mancala(pits=6,seeds=4)");
//   spec->name == "mancala"; spec->args[0] == {"pits", "6"}
#ifndef GAMEAI_DYNAMIC_SPEC_H_
#define GAMEAI_DYNAMIC_SPEC_H_

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "absl/status/statusor.h"

namespace gameai {

struct Spec {
  std::string name;
  // Arguments in the order written; keys are unique.
  std::vector<std::pair<std::string, std::string>> args;
};

// ParseSpec: `name` or `name(key=value,...)`. Names and keys are
// [A-Za-z0-9_]+; values are any text without ',', '(', ')', '=' or quotes,
// and may be empty (`db_file=`: the empty string, what a canonical spec
// writes for it). Whitespace around tokens is ignored. Duplicate keys are
// an error.
absl::StatusOr<Spec> ParseSpec(std::string_view text);

// SplitTopLevel: splits `text` at commas outside parentheses, so that
// "mcts(simulations=10,seed=1),greedy" gives two agent specs. Empty parts
// and unbalanced parentheses are errors.
absl::StatusOr<std::vector<std::string>> SplitTopLevel(std::string_view text);

}  // namespace gameai

#endif  // GAMEAI_DYNAMIC_SPEC_H_
