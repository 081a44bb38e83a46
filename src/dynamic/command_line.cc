#include "dynamic/command_line.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <system_error>

#include "CLI/CLI.hpp"
#include "fmt/format.h"
#include "gameai/base/text.h"

namespace gameai {

int ExitCodeFor(const absl::Status& status) {
  switch (status.code()) {
    case absl::StatusCode::kInvalidArgument:
    case absl::StatusCode::kNotFound:
    case absl::StatusCode::kUnimplemented:
    case absl::StatusCode::kOutOfRange:
      return kExitUsage;
    case absl::StatusCode::kCancelled:
      return kExitInterrupted;
    default:
      return kExitFailure;
  }
}

int ReportFailure(const absl::Status& status) {
  fmt::print(stderr, "gameai: {}\n", ErrorText(Str(status.message())));
  return ExitCodeFor(status);
}

CommandLine::CommandLine(const std::string& command,
                         const std::string& description)
    : command_(command),
      app_(std::make_unique<CLI::App>(description, "gameai " + command)) {
  app_->get_formatter()->column_width(28);
}

CommandLine::~CommandLine() = default;

void CommandLine::Positional(const std::string& name, std::string* value,
                             const std::string& help) {
  app_->add_option(name, *value, help)->required();
}

void CommandLine::OptionalPositional(const std::string& name,
                                     std::string* value,
                                     const std::string& help) {
  app_->add_option(name, *value, help);
}

void CommandLine::Text(const std::string& name, std::string* value,
                       const std::string& help, bool required) {
  CLI::Option* option = app_->add_option(name, *value, help);
  if (required) {
    option->required();
  } else if (!value->empty()) {
    option->capture_default_str();
  }
}

void CommandLine::Flag(const std::string& name, bool* value,
                       const std::string& help) {
  app_->add_flag(name, *value, help)
      ->multi_option_policy(CLI::MultiOptionPolicy::Throw);
}

void CommandLine::Integer(const std::string& name, int64_t* value, int64_t min,
                          int64_t max, const std::string& help) {
  app_->add_option_function<std::string>(
          name,
          [name, value, min, max](const std::string& text) {
            const std::optional<int64_t> v = ParseInt(text);
            if (!v || *v < min || *v > max) {
              throw CLI::ValidationError(
                  name, fmt::format("'{}' is not an integer in [{}, {}]",
                                    ErrorText(text), min, max));
            }
            *value = *v;
          },
          help)
      ->type_name("INT")
      ->default_str(std::to_string(*value));
}

void CommandLine::Number(const std::string& name, double* value, double min,
                         double max, const std::string& help, bool min_open,
                         bool max_open) {
  app_->add_option_function<std::string>(
          name,
          [=](const std::string& text) {
            const std::optional<double> v = ParseDouble(text);
            const bool inside = v && std::isfinite(*v) &&
                                (min_open ? *v > min : *v >= min) &&
                                (max_open ? *v < max : *v <= max);
            if (!inside) {
              throw CLI::ValidationError(
                  name, fmt::format("'{}' is not a number in {}{}, {}{}",
                                    ErrorText(text), min_open ? '(' : '[', min,
                                    max, max_open ? ')' : ']'));
            }
            *value = *v;
          },
          help)
      ->type_name("X")
      ->default_str(fmt::format("{}", *value));
}

void CommandLine::Seed(const std::string& name, uint64_t* value,
                       const std::string& help) {
  app_->add_option_function<std::string>(
          name,
          [name, value](const std::string& text) {
            uint64_t v = 0;
            const auto [end, error] =
                std::from_chars(text.data(), text.data() + text.size(), v);
            if (text.empty() || error != std::errc() ||
                end != text.data() + text.size()) {
              throw CLI::ValidationError(
                  name, fmt::format("'{}' is not an integer in [0, {}]",
                                    ErrorText(text),
                                    std::numeric_limits<uint64_t>::max()));
            }
            *value = v;
          },
          help)
      ->type_name("SEED")
      ->default_str(std::to_string(*value));
}

void CommandLine::Exclusive(const std::vector<std::string>& names) {
  for (size_t i = 0; i < names.size(); ++i) {
    for (size_t j = i + 1; j < names.size(); ++j) {
      app_->get_option(names[i])->excludes(app_->get_option(names[j]));
    }
  }
}

void CommandLine::Footer(const std::string& text) { app_->footer(text); }

void CommandLine::Footer(std::function<std::string()> text) {
  app_->footer(std::move(text));
}

std::optional<int> CommandLine::Parse(const std::vector<std::string>& argv,
                                      bool quiet) {
  try {
    // CLI11 takes a vector of arguments last first.
    std::vector<std::string> reversed(argv.rbegin(), argv.rend());
    app_->parse(reversed);
    return std::nullopt;
  } catch (const CLI::CallForHelp&) {
    if (!quiet) fmt::print("{}", app_->help());
    return 0;
  } catch (const CLI::ParseError& e) {
    if (!quiet) {
      // The usage line of the command's --help.
      const std::string help = app_->help();
      const size_t at = help.find("Usage: ");
      std::string usage =
          at == std::string::npos
              ? app_->get_name()
              : help.substr(at + 7, help.find('\n', at) - at - 7);
      fmt::print(stderr, "gameai: {}: {}\nusage: {} (gameai {} --help)\n",
                 command_, ErrorText(e.what()), usage, command_);
    }
    return kExitUsage;
  }
}

bool CommandLine::Given(const std::string& name) const {
  const CLI::Option* option = app_->get_option_no_throw(name);
  return option != nullptr && option->count() > 0;
}

}  // namespace gameai
