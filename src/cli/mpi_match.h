// `gameai match` under mpirun: the match's series spread over the MPI
// ranks (docs/mpi.md).
#ifndef GAMEAI_CLI_MPI_MATCH_H_
#define GAMEAI_CLI_MPI_MATCH_H_

#include "absl/status/statusor.h"
#include "gameai/arena/arena.h"
#include "mpi_ranks.h"

namespace gameai::cli {

// RankedResult: what one rank of a distributed match ends with.
struct RankedResult {
  bool root = true;  // rank 0: prints the result or the error
  // result: on rank 0 the merged match (ranks and elapsed_seconds set) or
  // the first error of any rank; on the other ranks this rank's status.
  absl::StatusOr<MatchResult> result;
};

// RunMatchOnRanks: starts MPI (MpiRanks); rank r of R plays series
// [K r / R, K (r + 1) / R) on options.threads threads, every rank's totals
// (or its error) go to rank 0 in one gather, and rank 0 merges them into
// the result RunMatch gives for the same options. Every rank reaches the
// gather whatever failed, so an error on one rank ends all of them. Needs
// options.series when R > 1 (results must not depend on R). Without MPI in
// the build: FailedPrecondition.
RankedResult RunMatchOnRanks(const MatchOptions& options);

}  // namespace gameai::cli

#endif  // GAMEAI_CLI_MPI_MATCH_H_
