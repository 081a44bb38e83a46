// `gameai tournament` under mpirun: the tables spread over the MPI ranks
// (docs/mpi.md).
#ifndef GAMEAI_CLI_MPI_TOURNAMENT_H_
#define GAMEAI_CLI_MPI_TOURNAMENT_H_

#include "absl/status/statusor.h"
#include "gameai/workbench/tournament.h"

namespace gameai::cli {

struct RankedTournament {
  bool root = true;  // rank 0: prints the result or the error
  // On rank 0 the tournament (or the first error of any rank); on the
  // others this rank's status (the result then says nothing).
  absl::StatusOr<TournamentResult> result;
};

// RunTournamentOnRanks: starts MPI; rank r of R plays the tables t with
// t mod R = r, options.threads at once, each as PlayMatchSeries' one
// series; rank 0 gathers them and rates them, the same result as
// RunTournament for any R (no option is needed for that: a table is
// always one series). Without MPI in the build: FailedPrecondition.
RankedTournament RunTournamentOnRanks(const TournamentOptions& options);

}  // namespace gameai::cli

#endif  // GAMEAI_CLI_MPI_TOURNAMENT_H_
