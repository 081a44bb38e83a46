#include "play_matches.h"

#include <algorithm>
#include <atomic>

#include "absl/synchronization/mutex.h"
#include "platform/threads.h"

namespace gameai::workbench_internal {

absl::Status PlayMatches(
    int64_t first, int64_t end, int threads,
    const std::function<MatchOptions(int64_t)>& options_of,
    const std::function<absl::Status(int64_t, MatchResult)>& take) {
  if (end <= first) return absl::OkStatus();
  std::atomic<int64_t> next{first};
  absl::Mutex mutex;
  absl::Status status;
  auto work = [&](int) {
    for (int64_t i; (i = next.fetch_add(1)) < end;) {
      {
        absl::MutexLock lock(&mutex);
        if (!status.ok()) return;
      }
      MatchOptions options = options_of(i);
      options.threads = 1;
      options.series = 1;
      absl::StatusOr<MatchResult> result = RunMatch(options);
      absl::MutexLock lock(&mutex);
      if (!status.ok()) return;
      status = result.ok() ? take(i, *std::move(result)) : result.status();
    }
  };
  platform::RunOnThreads(
      static_cast<int>(std::min<int64_t>(threads, end - first)), work);
  return status;
}

}  // namespace gameai::workbench_internal
