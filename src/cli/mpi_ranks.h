// mpi_ranks.h: what the CLI's commands under mpirun share (docs/mpi.md):
// MPI started and ended around one command, every rank's bytes gathered
// on rank 0, errors carried as payloads so that every rank reaches the
// gather whatever failed.
#ifndef GAMEAI_CLI_MPI_RANKS_H_
#define GAMEAI_CLI_MPI_RANKS_H_

#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace gameai::cli {

// LaunchedUnderMpi: true when the process was started by an MPI launcher
// (its environment names the process's rank); without one, `gameai`
// never initializes MPI and runs as a plain program.
bool LaunchedUnderMpi();
// LaunchedAsOtherRank: launched under MPI as a rank other than 0 (from the
// launcher's environment, before MPI starts): such a rank prints nothing,
// so that an error in the arguments, the same on every rank, shows once.
bool LaunchedAsOtherRank();

// A rank's payload: kPart then its bytes, or an error (ErrorPayload).
inline constexpr char kPart = 'P';
std::string ErrorPayload(const absl::Status& status);
// PayloadError: the status an error payload carries, named by rank when
// there are several.
absl::Status PayloadError(const std::string& payload, int rank, int ranks);
// FirstError: the error of the first rank whose payload is not a part (the
// same error on every rank needs no rank named), or OK.
absl::Status FirstError(const std::vector<std::string>& payloads);

#ifdef GAMEAI_HAVE_MPI
// MpiRanks: MPI for the life of one command (only the main thread calls
// MPI; the games' threads never do).
class MpiRanks {
 public:
  MpiRanks();
  ~MpiRanks();
  MpiRanks(const MpiRanks&) = delete;
  MpiRanks& operator=(const MpiRanks&) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }
  // Gather: every rank's payload on rank 0, in rank order (empty on the
  // others). Collective: every rank must call it.
  absl::StatusOr<std::vector<std::string>> Gather(
      const std::string& payload) const;

 private:
  int rank_ = 0, size_ = 1;
};
#endif

// WithoutMpiError: what a command launched under MPI says in a build
// without it.
absl::Status WithoutMpiError(const std::string& command);

}  // namespace gameai::cli

#endif  // GAMEAI_CLI_MPI_RANKS_H_
