#include "mpi_ranks.h"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <thread>

#include "fmt/format.h"
#include "gameai/base/text.h"

#ifdef GAMEAI_HAVE_MPI
#include <mpi.h>
#endif

namespace gameai::cli {
namespace {
constexpr char kError = 'E';
}  // namespace

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

std::string ErrorPayload(const absl::Status& status) {
  // kError, the status code as one byte, then the message.
  return std::string(1, kError) +
         static_cast<char>(static_cast<int>(status.code())) +
         Str(status.message());
}

absl::Status PayloadError(const std::string& payload, int rank, int ranks) {
  const auto code = static_cast<absl::StatusCode>(
      static_cast<unsigned char>(payload.size() > 1 ? payload[1] : 2));
  const std::string message = payload.size() > 2 ? payload.substr(2) : "";
  return absl::Status(
      code, ranks > 1 ? fmt::format("rank {} of {}: {}", rank, ranks, message)
                      : message);
}

absl::Status FirstError(const std::vector<std::string>& payloads) {
  const int ranks = static_cast<int>(payloads.size());
  if (std::all_of(payloads.begin(), payloads.end(),
                  [&](const std::string& p) { return p == payloads[0]; }) &&
      !payloads[0].empty() && payloads[0][0] == kError) {
    return PayloadError(payloads[0], 0, 1);
  }
  for (int r = 0; r < ranks; ++r) {
    if (payloads[r].empty() || payloads[r][0] != kPart) {
      return PayloadError(payloads[r], r, ranks);
    }
  }
  return absl::OkStatus();
}

absl::Status WithoutMpiError(const std::string& command) {
  return absl::FailedPreconditionError(fmt::format(
      "gameai was started by an MPI launcher but built without MPI "
      "(configure with -DGAMEAI_MPI=ON and libopenmpi-dev installed), so "
      "every rank would play the whole {}",
      command));
}

#ifdef GAMEAI_HAVE_MPI
namespace {

// WaitForEveryRank: returns when every rank has called it, sleeping
// meanwhile: a rank that finished its games early must not spin in MPI's
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

}  // namespace

MpiRanks::MpiRanks() {
  int provided = 0;
  MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

MpiRanks::~MpiRanks() { MPI_Finalize(); }

absl::StatusOr<std::vector<std::string>> MpiRanks::Gather(
    const std::string& payload) const {
  // One all-gather of the sizes, so that every rank knows whether the
  // bytes fit one gather, then the gather of the bytes.
  WaitForEveryRank();
  const long long size = static_cast<long long>(payload.size());
  std::vector<long long> sizes(size_);
  MPI_Allgather(&size, 1, MPI_LONG_LONG, sizes.data(), 1, MPI_LONG_LONG,
                MPI_COMM_WORLD);
  long long total = 0;
  for (long long s : sizes) total += s;
  if (total > INT_MAX) {
    return absl::ResourceExhaustedError(fmt::format(
        "the {} ranks' results take {} bytes, more than one MPI gather "
        "carries (2 GiB): fewer games per rank or no game log",
        size_, total));
  }
  std::vector<int> counts(size_), offsets(size_);
  for (int r = 0, offset = 0; r < size_; ++r) {
    counts[r] = static_cast<int>(sizes[r]);
    offsets[r] = offset;
    offset += counts[r];
  }
  std::string all(rank_ == 0 ? static_cast<size_t>(total) : 0, '\0');
  MPI_Gatherv(payload.data(), static_cast<int>(size), MPI_CHAR, all.data(),
              counts.data(), offsets.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
  std::vector<std::string> payloads;
  if (rank_ != 0) return payloads;
  for (int r = 0; r < size_; ++r) {
    payloads.push_back(all.substr(offsets[r], counts[r]));
  }
  return payloads;
}
#endif  // GAMEAI_HAVE_MPI

}  // namespace gameai::cli
