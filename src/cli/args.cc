#include "args.h"

#include <charconv>
#include <limits>
#include <system_error>

#include "fmt/format.h"
#include "gameai/base/text.h"

namespace gameai::cli {

absl::StatusOr<int64_t> Args::Int(const std::string& flag, int64_t fallback,
                                  int64_t min, int64_t max) const {
  auto it = values.find(flag);
  if (it == values.end()) return fallback;
  const std::optional<int64_t> v = ParseInt(it->second);
  if (!v || *v < min || *v > max) {
    return absl::InvalidArgumentError(
        fmt::format("--{} {}: expected an integer in [{}, {}]", flag,
                    it->second, min, max));
  }
  return *v;
}

absl::StatusOr<uint64_t> Args::Seed(const std::string& flag,
                                    uint64_t fallback) const {
  auto it = values.find(flag);
  if (it == values.end()) return fallback;
  const std::string& text = it->second;
  uint64_t v = 0;
  const auto [end, error] =
      std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || error != std::errc() ||
      end != text.data() + text.size()) {
    return absl::InvalidArgumentError(
        fmt::format("--{} {}: expected an integer in [0, {}]", flag, text,
                    std::numeric_limits<uint64_t>::max()));
  }
  return v;
}

absl::StatusOr<Args> ParseArgs(const std::vector<std::string>& argv,
                               const std::set<std::string>& value_flags,
                               const std::set<std::string>& switch_flags) {
  Args args;
  auto accepted = [&] {
    std::vector<std::string> names;
    for (const auto& f : value_flags) names.push_back("--" + f + " VALUE");
    for (const auto& f : switch_flags) names.push_back("--" + f);
    return names.empty() ? std::string("none")
                         : fmt::format("{}", fmt::join(names, ", "));
  };
  for (size_t i = 0; i < argv.size(); ++i) {
    const std::string& arg = argv[i];
    if (arg.rfind("--", 0) != 0) {
      args.positional.push_back(arg);
      continue;
    }
    std::string name = arg.substr(2);
    std::string value;
    bool has_value = false;
    if (const size_t eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      has_value = true;
    }
    if (switch_flags.count(name) && !has_value) {
      if (!args.switches.insert(name).second) {
        return absl::InvalidArgumentError(
            fmt::format("--{} given twice: give it once", name));
      }
    } else if (value_flags.count(name)) {
      if (!has_value) {
        if (i + 1 >= argv.size()) {
          return absl::InvalidArgumentError(
              fmt::format("--{} needs a value", name));
        }
        value = argv[++i];
      }
      // A flag given twice is a mistake to name, not one to pick for.
      if (auto [it, added] = args.values.emplace(name, value); !added) {
        return absl::InvalidArgumentError(
            fmt::format("--{} given twice ('{}' and '{}'): give it once", name,
                        it->second, value));
      }
    } else {
      return absl::InvalidArgumentError(
          fmt::format("unknown option '{}'; accepted: {}", arg, accepted()));
    }
  }
  return args;
}

}  // namespace gameai::cli
