// The commands of `gameai` (each in its cmd_*.cc), and what they share.
// Every command declares its options through CommandLine
// (dynamic/command_line.h), which parses them and writes its --help.
#ifndef GAMEAI_CLI_ARGS_H_
#define GAMEAI_CLI_ARGS_H_

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "dynamic/command_line.h"

namespace gameai::cli {

// Fail: prints "gameai: <message>" to stderr and returns the exit code.
inline int Fail(const absl::Status& status) { return ReportFailure(status); }

int RunGames(const std::vector<std::string>& argv);
int RunAgents(const std::vector<std::string>& argv);
int RunMatchCommand(const std::vector<std::string>& argv);
int RunSolve(const std::vector<std::string>& argv);
int RunPlay(const std::vector<std::string>& argv);
int RunServe(const std::vector<std::string>& argv);
int RunConnect(const std::vector<std::string>& argv);
int RunTournament(const std::vector<std::string>& argv);
int RunSprt(const std::vector<std::string>& argv);

// CommandText: the command as a shell would take it back ("gameai match
// mancala --agents 'mcts(simulations=50)',random"), for the reports.
std::string CommandText(const std::string& command,
                        const std::vector<std::string>& argv);

// WriteReportPage: the page of a report's JSON (ReportHtml) as a new file
// at `path` (never replacing one).
absl::Status WriteReportPage(const std::string& path, const std::string& json);
// FinishReport: the page to `html_file` when given, then the JSON (`json`)
// or the table on stdout.
absl::Status FinishReport(const std::string& report_json,
                          const std::string& table, bool json,
                          const std::optional<std::string>& html_file);

}  // namespace gameai::cli

#endif  // GAMEAI_CLI_ARGS_H_
