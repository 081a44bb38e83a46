#include "platform/threads.h"

#include <algorithm>
#include <thread>
#include <vector>

#include "fmt/format.h"

namespace gameai::platform {

int HardwareThreads() {
  if constexpr (!kHasThreads) return 1;
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

absl::Status CheckThreadCount(int threads, std::string_view option) {
  if (kHasThreads || threads <= 1) return absl::OkStatus();
  return absl::UnimplementedError(fmt::format(
      "{}={}: this build of gameai (WebAssembly) is single-threaded; use "
      "{}=1",
      option, threads, option));
}

void RunOnThreads(int count, const std::function<void(int)>& work) {
  if constexpr (!kHasThreads) {
    for (int i = 0; i < count; ++i) work(i);
    return;
  }
  std::vector<std::thread> workers;
  for (int i = 1; i < count; ++i) workers.emplace_back(work, i);
  if (count > 0) work(0);
  for (std::thread& w : workers) w.join();
}

}  // namespace gameai::platform
