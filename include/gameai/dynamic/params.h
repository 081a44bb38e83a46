// gameai/dynamic/params.h: typed, range-checked parameters for games and
// agents.
//
// A game or agent declares its parameters as a list of ParamDef; ResolveParams
// checks a Spec against it (unknown keys, malformed values, out-of-range
// values are errors listing what is accepted) and fills in the defaults.
//
//   const std::vector<ParamDef> kDefs = {
//       ParamDef::Int("pits", 6, 1, 8, "pits per player"),
//       ParamDef::Bool("empty_capture", false, "capture from an empty pit")};
//   absl::StatusOr<Params> p = ResolveParams(spec, kDefs, "game 'mancala'");
//   int pits = p->GetInt("pits");
#ifndef GAMEAI_DYNAMIC_PARAMS_H_
#define GAMEAI_DYNAMIC_PARAMS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/status/statusor.h"
#include "gameai/dynamic/spec.h"

namespace gameai {

struct ParamDef {
  enum class Type { kInt, kDouble, kBool, kString };
  std::string name;
  Type type = Type::kInt;
  std::string default_value;  // in spec-string form
  double min = 0;             // inclusive range, numeric types only
  double max = 0;
  std::string help;
  // An int's range exactly (min and max round integers past 2^53).
  int64_t int_min = 0;
  int64_t int_max = 0;

  static ParamDef Int(std::string name, int64_t value, int64_t min, int64_t max,
                      std::string help);
  static ParamDef Double(std::string name, double value, double min, double max,
                         std::string help);
  static ParamDef Bool(std::string name, bool value, std::string help);
  static ParamDef String(std::string name, std::string value, std::string help);

  // Describe: "pits: int in [1, 8], default 6 (pits per player)".
  std::string Describe() const;
};

// Params: resolved values of every declared parameter. The getters REQUIRE a
// declared name of the matching type (a programming error otherwise).
class Params {
 public:
  int64_t GetInt(std::string_view name) const;
  double GetDouble(std::string_view name) const;
  bool GetBool(std::string_view name) const;
  const std::string& GetString(std::string_view name) const;
  // Canonical: "name(k=v,...)" with every parameter, in declaration order.
  std::string Canonical(std::string_view name) const;
  // Entries: every parameter as (name, value in spec form), in declaration
  // order.
  const std::vector<std::pair<std::string, std::string>>& Entries() const {
    return ordered_;
  }

 private:
  friend absl::StatusOr<Params> ResolveParams(const Spec&,
                                              const std::vector<ParamDef>&,
                                              std::string_view);
  std::vector<std::pair<std::string, std::string>> ordered_;
  absl::flat_hash_map<std::string, std::string> values_;
};

// ResolveParams: checks spec.args against `defs`; `what` names the owner in
// messages ("game 'mancala'").
absl::StatusOr<Params> ResolveParams(const Spec& spec,
                                     const std::vector<ParamDef>& defs,
                                     std::string_view what);

}  // namespace gameai

#endif  // GAMEAI_DYNAMIC_PARAMS_H_
