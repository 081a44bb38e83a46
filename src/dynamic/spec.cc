#include "gameai/dynamic/spec.h"

#include <cctype>

#include "absl/status/status.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"

namespace gameai {
namespace {

bool IsIdentifier(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  }
  return true;
}

absl::Status SpecError(std::string_view text, std::string_view problem) {
  return absl::InvalidArgumentError(
      fmt::format("bad spec '{}': {} (expected name or name(key=value,...))",
                  text, problem));
}

}  // namespace

absl::StatusOr<Spec> ParseSpec(std::string_view text) {
  const std::string_view trimmed = Trim(text);
  Spec spec;
  const size_t open = trimmed.find('(');
  if (open == std::string_view::npos) {
    if (trimmed.find(')') != std::string_view::npos) {
      return SpecError(text, "')' without '('");
    }
    spec.name = std::string(trimmed);
  } else {
    if (trimmed.back() != ')') return SpecError(text, "missing closing ')'");
    spec.name = std::string(Trim(trimmed.substr(0, open)));
    const std::string_view inside =
        trimmed.substr(open + 1, trimmed.size() - open - 2);
    if (inside.find_first_of("()") != std::string_view::npos) {
      return SpecError(text, "nested parentheses");
    }
    if (!Trim(inside).empty()) {
      for (std::string_view part : Split(inside, ',')) {
        const size_t eq = part.find('=');
        if (eq == std::string_view::npos) {
          return SpecError(text,
                           fmt::format("argument '{}' is not key=value", part));
        }
        std::string key(Trim(part.substr(0, eq)));
        std::string value(Trim(part.substr(eq + 1)));
        if (!IsIdentifier(key)) {
          return SpecError(text, fmt::format("bad key '{}'", key));
        }
        if (value.find('=') != std::string::npos) {
          return SpecError(text, fmt::format("bad value for key '{}'", key));
        }
        // Values are bare text: a quote would become part of a file name.
        if (value.find_first_of("\"'") != std::string::npos) {
          return SpecError(
              text, fmt::format("value of '{}' is quoted: values are written "
                                "without quotes (key= for an empty one)",
                                key));
        }
        for (const auto& [existing, unused] : spec.args) {
          if (existing == key) {
            return SpecError(text, fmt::format("key '{}' given twice", key));
          }
        }
        spec.args.emplace_back(std::move(key), std::move(value));
      }
    }
  }
  if (!IsIdentifier(spec.name)) {
    return SpecError(text, fmt::format("bad name '{}'", spec.name));
  }
  return spec;
}

absl::StatusOr<std::vector<std::string>> SplitTopLevel(std::string_view text) {
  std::vector<std::string> parts;
  int depth = 0;
  std::string current;
  auto flush = [&]() -> absl::Status {
    std::string part(Trim(current));
    if (part.empty()) {
      return absl::InvalidArgumentError(
          fmt::format("empty entry in list '{}'", text));
    }
    parts.push_back(std::move(part));
    current.clear();
    return absl::OkStatus();
  };
  for (char c : text) {
    if (c == '(') ++depth;
    if (c == ')' && --depth < 0) {
      return absl::InvalidArgumentError(
          fmt::format("unbalanced ')' in list '{}'", text));
    }
    if (c == ',' && depth == 0) {
      GAMEAI_RETURN_IF_ERROR(flush());
    } else {
      current.push_back(c);
    }
  }
  if (depth != 0) {
    return absl::InvalidArgumentError(
        fmt::format("unbalanced '(' in list '{}'", text));
  }
  GAMEAI_RETURN_IF_ERROR(flush());
  return parts;
}

}  // namespace gameai
