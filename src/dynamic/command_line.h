// dynamic/command_line.h (internal): the one way a `gameai` command reads
// its arguments: options declared once (CLI11) give both the parsing and
// the command's --help, with the library's ranges and messages for
// integers and seeds; and the one mapping of a status to an exit status.
// The CLI's commands and the commands games bring (GameEntry::commands)
// use it alike. CLI11 stays behind it, in command_line.cc: its header
// costs seconds of compiling in every file that includes it.
#ifndef GAMEAI_SRC_DYNAMIC_COMMAND_LINE_H_
#define GAMEAI_SRC_DYNAMIC_COMMAND_LINE_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"

namespace CLI {
class App;
}  // namespace CLI

namespace gameai {

// Exit statuses of every command (docs/cli.md): 2 bad usage or spec, 1 a
// failure while running, 130 stopped by Ctrl-C (as a shell reports it).
inline constexpr int kExitUsage = 2;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitInterrupted = 130;

// ExitCodeFor: kExitUsage for errors in what the user wrote (invalid
// argument, not found, unimplemented, out of range), kExitInterrupted for
// Cancelled, else kExitFailure.
int ExitCodeFor(const absl::Status& status);
// ReportFailure: prints "gameai: <message>" to stderr; the exit status.
int ReportFailure(const absl::Status& status);

class CommandLine {
 public:
  // command: its name after "gameai" ("match"); description: the first
  // lines of its --help.
  CommandLine(const std::string& command, const std::string& description);
  ~CommandLine();

  // Positional: a required positional argument (GAME, HOST:PORT, ...).
  void Positional(const std::string& name, std::string* value,
                  const std::string& help);
  // OptionalPositional: a positional argument that may be left out.
  void OptionalPositional(const std::string& name, std::string* value,
                          const std::string& help);
  // Text: --name VALUE (required or with its default shown).
  void Text(const std::string& name, std::string* value,
            const std::string& help, bool required = false);
  // Flag: --name, at most once.
  void Flag(const std::string& name, bool* value, const std::string& help);
  // Integer: --name N with N in [min, max]; *value holds the default.
  void Integer(const std::string& name, int64_t* value, int64_t min,
               int64_t max, const std::string& help);
  // Number: --name X with X a finite number in [min, max] (min_open:
  // excluding min, max_open: excluding max); *value holds the default.
  void Number(const std::string& name, double* value, double min, double max,
              const std::string& help, bool min_open = false,
              bool max_open = false);
  // Seed: --name S, any integer in [0, 2^64) (every seed reproducible).
  void Seed(const std::string& name, uint64_t* value, const std::string& help);
  // Exclusive: options declared above of which at most one may be given.
  void Exclusive(const std::vector<std::string>& names);
  // Footer: text after the options in --help, fixed or made when --help
  // is printed (from the options parsed by then).
  void Footer(const std::string& text);
  void Footer(std::function<std::string()> text);

  // Parse: reads argv (the arguments after the command's name). nullopt
  // when the options are set; otherwise the command ends with the returned
  // exit status: 0 after --help, kExitUsage after an error (named on
  // stderr with the usage line). `quiet`: print nothing (MPI ranks other
  // than 0).
  std::optional<int> Parse(const std::vector<std::string>& argv,
                           bool quiet = false);
  // Given: whether the user gave option `name` ("--games").
  bool Given(const std::string& name) const;

 private:
  std::string command_;
  std::unique_ptr<CLI::App> app_;
};

}  // namespace gameai

#endif  // GAMEAI_SRC_DYNAMIC_COMMAND_LINE_H_
