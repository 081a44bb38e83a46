// gameai/workbench/reports.h: the workbench's outputs: JSON (the fields of
// docs/tournaments.md), a readable table, and a self-contained HTML page
// (inline SVG, no external request) drawn from the JSON alone, so that the
// JSON holds everything the page shows.
#ifndef GAMEAI_WORKBENCH_REPORTS_H_
#define GAMEAI_WORKBENCH_REPORTS_H_

#include <string>

#include "absl/status/statusor.h"
#include "gameai/arena/arena.h"
#include "gameai/workbench/sprt.h"
#include "gameai/workbench/tournament.h"

namespace gameai {

std::string TournamentResultToJson(const TournamentResult& result);
std::string TournamentResultToTable(const TournamentResult& result);
std::string SprtResultToJson(const SprtResult& result);
std::string SprtResultToTable(const SprtResult& result);

// ReportHtml: the page of a `tournament`, `sprt` or match report JSON
// (TournamentResultToJson, SprtResultToJson, MatchReportJson);
// InvalidArgument for any other text.
absl::StatusOr<std::string> ReportHtml(const std::string& json);

// MatchReportJson: one table's report in the tournament's form (its
// ratings, score curves, move times) from a match played with log_games
// and time_moves; FailedPrecondition unless each seat holds its own agent
// (a solitaire match compares its agents on the same dice).
absl::StatusOr<std::string> MatchReportJson(const MatchResult& match,
                                            const std::string& command);

// ReportVersions: the library's version, compiler and platform, as the
// reports name them.
std::string ReportVersions();

}  // namespace gameai

#endif  // GAMEAI_WORKBENCH_REPORTS_H_
