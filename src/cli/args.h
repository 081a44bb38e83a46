// Command-line parsing shared by the subcommands of `gameai`.
#ifndef GAMEAI_CLI_ARGS_H_
#define GAMEAI_CLI_ARGS_H_

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "dynamic/command_line.h"

namespace gameai::cli {

// Exit statuses: kExitUsage and kExitFailure (dynamic/command_line.h).
using gameai::kExitFailure;
using gameai::kExitUsage;

struct Args {
  std::vector<std::string> positional;
  std::map<std::string, std::string> values;  // --flag VALUE or --flag=VALUE
  std::set<std::string> switches;             // --flag

  // Int: the flag's value as an integer in [min, max], or `fallback`.
  absl::StatusOr<int64_t> Int(const std::string& flag, int64_t fallback,
                              int64_t min, int64_t max) const;
  // Seed: the flag's value as a seed, any integer in [0, 2^64), or
  // `fallback` (the library's seeds are 64-bit: every one reproducible).
  absl::StatusOr<uint64_t> Seed(const std::string& flag,
                                uint64_t fallback) const;
};

// ParseArgs: `value_flags` take a value, `switch_flags` none; anything else
// starting with "--" is an error naming the accepted flags, and so is a
// value flag given twice.
absl::StatusOr<Args> ParseArgs(const std::vector<std::string>& argv,
                               const std::set<std::string>& value_flags,
                               const std::set<std::string>& switch_flags);

// Fail: prints "gameai: <message>" to stderr and returns the exit code.
inline int Fail(const absl::Status& status) { return ReportFailure(status); }

int RunGames(const std::vector<std::string>& argv);
int RunAgents(const std::vector<std::string>& argv);
int RunMatchCommand(const std::vector<std::string>& argv);
int RunSolve(const std::vector<std::string>& argv);
int RunPlay(const std::vector<std::string>& argv);
int RunServe(const std::vector<std::string>& argv);
int RunConnect(const std::vector<std::string>& argv);

}  // namespace gameai::cli

#endif  // GAMEAI_CLI_ARGS_H_
