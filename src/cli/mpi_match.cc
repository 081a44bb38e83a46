#include "mpi_match.h"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "fmt/format.h"
#include "gameai/base/text.h"

#ifdef GAMEAI_HAVE_MPI
#include <mpi.h>
#endif

namespace gameai::cli {

bool LaunchedUnderMpi() {
  // Open MPI's mpirun, PMIx launchers (srun, prterun), MPICH's Hydra.
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"}) {
    if (std::getenv(name) != nullptr) return true;
  }
  return false;
}

bool LaunchedAsOtherRank() {
  for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"}) {
    const char* rank = std::getenv(name);
    if (rank != nullptr) return std::string(rank) != "0";
  }
  return false;
}

#ifndef GAMEAI_HAVE_MPI

RankedResult RunMatchOnRanks(const MatchOptions&) {
  return {.root = true,
          .result = absl::FailedPreconditionError(
              "gameai was started by an MPI launcher but built without MPI "
              "(configure with -DGAMEAI_MPI=ON and libopenmpi-dev "
              "installed), so every rank would play the whole match")};
}

#else

namespace {

// A rank's payload in the gather: kPart then PlayMatchSeries' bytes, or
// kError, the status code as one byte, then the message.
constexpr char kPart = 'P';
constexpr char kError = 'E';

std::string ErrorPayload(const absl::Status& status) {
  return std::string(1, kError) +
         static_cast<char>(static_cast<int>(status.code())) +
         Str(status.message());
}

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

// RankError: the status a rank's error payload carries, named by rank when
// there are several.
absl::Status RankError(const std::string& payload, int rank, int ranks) {
  const auto code = static_cast<absl::StatusCode>(
      static_cast<unsigned char>(payload.size() > 1 ? payload[1] : 2));
  const std::string message = payload.size() > 2 ? payload.substr(2) : "";
  return absl::Status(
      code, ranks > 1 ? fmt::format("rank {} of {}: {}", rank, ranks, message)
                      : message);
}

// WaitForEveryRank: returns when every rank has called it, sleeping
// meanwhile: a rank that finished its series early must not spin in MPI's
// busy wait on a core that the ranks still playing (or their threads) need.
void WaitForEveryRank() {
  MPI_Request request;
  MPI_Ibarrier(MPI_COMM_WORLD, &request);
  for (int done = 0;;) {
    MPI_Test(&request, &done, MPI_STATUS_IGNORE);
    if (done) return;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

// Gather: every rank's payload on rank 0, in rank order (one all-gather of
// the sizes, so that every rank knows whether the bytes fit one gather,
// then the gather of the bytes). Collective: every rank must call it.
absl::StatusOr<std::vector<std::string> > Gather(const std::string& payload,
                                                 int rank, int ranks) {
  WaitForEveryRank();
  const long long size = static_cast<long long>(payload.size());
  std::vector<long long> sizes(ranks);
  MPI_Allgather(&size, 1, MPI_LONG_LONG, sizes.data(), 1, MPI_LONG_LONG,
                MPI_COMM_WORLD);
  long long total = 0;
  for (long long s : sizes) total += s;
  if (total > INT_MAX) {
    return absl::ResourceExhaustedError(fmt::format(
        "the {} ranks' results take {} bytes, more than one MPI gather "
        "carries (2 GiB): fewer series per rank or no --game-log",
        ranks, total));
  }
  std::vector<int> counts(ranks), offsets(ranks);
  for (int r = 0, offset = 0; r < ranks; ++r) {
    counts[r] = static_cast<int>(sizes[r]);
    offsets[r] = offset;
    offset += counts[r];
  }
  std::string all(rank == 0 ? static_cast<size_t>(total) : 0, '\0');
  MPI_Gatherv(payload.data(), static_cast<int>(size), MPI_CHAR, all.data(),
              counts.data(), offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
  std::vector<std::string> payloads;
  if (rank != 0) return payloads;
  for (int r = 0; r < ranks; ++r) {
    payloads.push_back(all.substr(offsets[r], counts[r]));
  }
  return payloads;
}

// Merged: rank 0's result from every payload: the first rank's error, or
// the merge of the parts.
absl::StatusOr<MatchResult> Merged(const MatchOptions& options,
                                   const std::vector<std::string>& payloads) {
  const int ranks = static_cast<int>(payloads.size());
  // The same error on every rank (a bad spec) needs no rank named.
  if (std::all_of(payloads.begin(), payloads.end(),
                  [&](const std::string& p) { return p == payloads[0]; }) &&
      payloads[0][0] == kError) {
    return RankError(payloads[0], 0, 1);
  }
  std::vector<std::string> parts;
  for (int r = 0; r < ranks; ++r) {
    if (payloads[r].empty() || payloads[r][0] != kPart) {
      return RankError(payloads[r], r, ranks);
    }
    parts.push_back(payloads[r].substr(1));
  }
  absl::StatusOr<MatchResult> result = MergeMatchSeries(options, parts);
  if (result.ok()) result->ranks = ranks;
  return result;
}

}  // namespace

RankedResult RunMatchOnRanks(const MatchOptions& options) {
  int provided = 0;
  // Only the main thread calls MPI; the series' threads never do.
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  MatchOptions mine = options;
  if (rank != 0) mine.on_progress = nullptr;  // progress on rank 0 only
  const auto start = std::chrono::steady_clock::now();
  const std::string payload = RankPayload(mine, rank, ranks);
  absl::StatusOr<std::vector<std::string> > payloads =
      Gather(payload, rank, ranks);
  RankedResult out{.root = rank == 0, .result = MatchResult{}};
  if (!payloads.ok()) {
    out.result = payloads.status();
  } else if (rank == 0) {
    out.result = Merged(options, *payloads);
    if (out.result.ok()) {
      out.result->elapsed_seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                        start)
              .count();
    }
  } else {
    // The others exit with their own status; rank 0 prints.
    if (payload[0] == kPart) {
      out.result = MatchResult{};
    } else {
      out.result = RankError(payload, rank, ranks);
    }
  }
  MPI_Finalize();
  return out;
}

#endif  // GAMEAI_HAVE_MPI

}  // namespace gameai::cli
