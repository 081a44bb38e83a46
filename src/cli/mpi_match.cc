#include "mpi_match.h"

#include <chrono>
#include <string>
#include <vector>

#include "fmt/format.h"
#include "mpi_ranks.h"

namespace gameai::cli {

#ifndef GAMEAI_HAVE_MPI

RankedResult RunMatchOnRanks(const MatchOptions&) {
  return {.root = true, .result = WithoutMpiError("match")};
}

#else

namespace {

// RankPayload: this rank's share of the match.
std::string RankPayload(const MatchOptions& options, int rank, int ranks) {
  if (ranks > 1 && options.series == 0) {
    return ErrorPayload(absl::InvalidArgumentError(fmt::format(
        "under mpirun ({} ranks) give --series K: the games are split into K "
        "series whatever the number of ranks, so that the results do not "
        "depend on it",
        ranks)));
  }
  absl::StatusOr<int64_t> series = MatchSeriesCount(options);
  if (!series.ok()) return ErrorPayload(series.status());
  const int64_t first = *series * rank / ranks;
  const int64_t end = *series * (rank + 1) / ranks;
  absl::StatusOr<std::string> part = PlayMatchSeries(options, first, end);
  if (!part.ok()) return ErrorPayload(part.status());
  return kPart + *std::move(part);
}

// Merged: rank 0's result from every payload: the first rank's error, or
// the merge of the parts.
absl::StatusOr<MatchResult> Merged(const MatchOptions& options,
                                   const std::vector<std::string>& payloads) {
  if (absl::Status error = FirstError(payloads); !error.ok()) return error;
  std::vector<std::string> parts;
  for (const std::string& payload : payloads)
    parts.push_back(payload.substr(1));
  absl::StatusOr<MatchResult> result = MergeMatchSeries(options, parts);
  if (result.ok()) result->ranks = static_cast<int>(payloads.size());
  return result;
}

}  // namespace

RankedResult RunMatchOnRanks(const MatchOptions& options) {
  const MpiRanks mpi;
  MatchOptions mine = options;
  if (mpi.rank() != 0) mine.on_progress = nullptr;  // progress on rank 0 only
  const auto start = std::chrono::steady_clock::now();
  const std::string payload = RankPayload(mine, mpi.rank(), mpi.size());
  absl::StatusOr<std::vector<std::string> > payloads = mpi.Gather(payload);
  RankedResult out{.root = mpi.rank() == 0, .result = MatchResult{}};
  if (!payloads.ok()) {
    out.result = payloads.status();
  } else if (mpi.rank() == 0) {
    out.result = Merged(options, *payloads);
    if (out.result.ok()) {
      out.result->elapsed_seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                        start)
              .count();
    }
  } else if (payload[0] != kPart) {
    // The others exit with their own status; rank 0 prints.
    out.result = PayloadError(payload, mpi.rank(), mpi.size());
  }
  return out;
}

#endif  // GAMEAI_HAVE_MPI

}  // namespace gameai::cli
