#include "gameai/dynamic/params.h"

#include <cmath>
#include <cstdlib>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"

namespace gameai {
namespace {

const char* TypeName(ParamDef::Type type) {
  switch (type) {
    case ParamDef::Type::kInt:
      return "int";
    case ParamDef::Type::kDouble:
      return "double";
    case ParamDef::Type::kBool:
      return "bool";
    case ParamDef::Type::kString:
      return "string";
  }
  return "?";
}

// CheckValue: whether `value` is a valid `def`, with the reason if not.
absl::Status CheckValue(const ParamDef& def, const std::string& value,
                        std::string_view what) {
  auto error = [&](std::string_view problem) {
    return absl::InvalidArgumentError(fmt::format("{}: {}={} {}; accepted: {}",
                                                  what, def.name, value,
                                                  problem, def.Describe()));
  };
  switch (def.type) {
    case ParamDef::Type::kInt: {
      const std::optional<int64_t> v = ParseInt(value);
      if (!v) return error("is not an integer");
      if (*v < def.int_min || *v > def.int_max) return error("is out of range");
      break;
    }
    case ParamDef::Type::kDouble: {
      const std::optional<double> v = ParseDouble(value);
      if (!v) return error("is not a number");
      if (*v < def.min || *v > def.max) return error("is out of range");
      break;
    }
    case ParamDef::Type::kBool:
      if (value != "true" && value != "false") {
        return error("is not true or false");
      }
      break;
    case ParamDef::Type::kString:
      break;
  }
  return absl::OkStatus();
}

std::string JoinPairs(
    const std::vector<std::pair<std::string, std::string>>& pairs) {
  std::string out;
  for (const auto& [key, value] : pairs) {
    if (!out.empty()) out += ',';
    out += key + "=" + value;
  }
  return out;
}

}  // namespace

ParamDef ParamDef::Int(std::string name, int64_t value, int64_t min,
                       int64_t max, std::string help) {
  return {std::move(name),
          Type::kInt,
          std::to_string(value),
          static_cast<double>(min),
          static_cast<double>(max),
          std::move(help),
          min,
          max};
}

ParamDef ParamDef::Double(std::string name, double value, double min,
                          double max, std::string help) {
  return {std::move(name), Type::kDouble, fmt::format("{}", value), min, max,
          std::move(help)};
}

ParamDef ParamDef::Bool(std::string name, bool value, std::string help) {
  return {std::move(name), Type::kBool, value ? "true" : "false", 0, 0,
          std::move(help)};
}

ParamDef ParamDef::String(std::string name, std::string value,
                          std::string help) {
  return {std::move(name), Type::kString, std::move(value), 0, 0,
          std::move(help)};
}

std::string ParamDef::Describe() const {
  std::string range;
  if (type == Type::kInt) {
    range = fmt::format(" in [{}, {}]", int_min, int_max);
  } else if (type == Type::kDouble) {
    range = fmt::format(" in [{}, {}]", min, max);
  }
  return fmt::format("{}: {}{}, default {} ({})", name, TypeName(type), range,
                     default_value, help);
}

int64_t Params::GetInt(std::string_view name) const {
  return ParseInt(values_.at(std::string(name))).value_or(0);  // validated
}

double Params::GetDouble(std::string_view name) const {
  return ParseDouble(values_.at(std::string(name))).value_or(0);  // validated
}

bool Params::GetBool(std::string_view name) const {
  return values_.at(std::string(name)) == "true";
}

const std::string& Params::GetString(std::string_view name) const {
  return values_.at(std::string(name));
}

std::string Params::Canonical(std::string_view name) const {
  if (ordered_.empty()) return std::string(name);
  return fmt::format("{}({})", name, JoinPairs(ordered_));
}

absl::StatusOr<Params> ResolveParams(const Spec& spec,
                                     const std::vector<ParamDef>& defs,
                                     std::string_view what) {
  Params params;
  for (const auto& [key, value] : spec.args) {
    const ParamDef* def = nullptr;
    for (const ParamDef& d : defs) {
      if (d.name == key) def = &d;
    }
    if (def == nullptr) {
      std::vector<std::string> accepted, keys;
      for (const ParamDef& d : defs) {
        accepted.push_back(d.Describe());
        keys.push_back(d.name);
      }
      return absl::InvalidArgumentError(fmt::format(
          "{}: unknown parameter '{}';{} accepted: {}", what, key,
          DidYouMean(key, keys),
          accepted.empty() ? "none"
                           : fmt::format("{}", fmt::join(accepted, "; "))));
    }
    GAMEAI_RETURN_IF_ERROR(CheckValue(*def, value, what));
  }
  for (const ParamDef& def : defs) {
    std::string value = def.default_value;
    for (const auto& [key, given] : spec.args) {
      if (key == def.name) value = given;
    }
    // Normalize numbers so that canonical specs compare equal.
    if (def.type == ParamDef::Type::kInt) {
      if (const std::optional<int64_t> v = ParseInt(value)) {
        value = std::to_string(*v);
      }
    }
    params.values_[def.name] = value;
    params.ordered_.emplace_back(def.name, value);
  }
  return params;
}

}  // namespace gameai
