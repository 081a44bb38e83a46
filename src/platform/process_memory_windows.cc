// The Windows implementation of platform/process_memory.h.
#include <windows.h>
// After windows.h; with PSAPI_VERSION 2 (Windows 7 on) in kernel32 itself.
#include <psapi.h>

#include <limits>

#include "platform/process_memory.h"

namespace gameai::platform {
namespace {

bool MemoryStatus(MEMORYSTATUSEX& status) {
  status.dwLength = sizeof(status);
  return GlobalMemoryStatusEx(&status) != 0;
}

}  // namespace

int64_t PhysicalMemoryBytes() {
  MEMORYSTATUSEX status;
  if (!MemoryStatus(status)) return std::numeric_limits<int64_t>::max();
  return static_cast<int64_t>(status.ullTotalPhys);
}

int64_t MappedBytes() {
  // The memory this process has committed: what a job object's limit
  // (below) counts, as Linux's ulimit -v counts VmSize.
  PROCESS_MEMORY_COUNTERS_EX counters{};
  if (!GetProcessMemoryInfo(
          GetCurrentProcess(),
          reinterpret_cast<PROCESS_MEMORY_COUNTERS*>(&counters),
          sizeof(counters))) {
    return 0;
  }
  return static_cast<int64_t>(counters.PrivateUsage);
}

int64_t AddressSpaceLimitBytes() {
  // Windows has no ulimit -v; the nearest is a job object's limit on the
  // memory a process commits (what a test harness or a container sets).
  JOBOBJECT_EXTENDED_LIMIT_INFORMATION job{};
  if (QueryInformationJobObject(nullptr, JobObjectExtendedLimitInformation,
                                &job, sizeof(job), nullptr) &&
      (job.BasicLimitInformation.LimitFlags &
       JOB_OBJECT_LIMIT_PROCESS_MEMORY) != 0) {
    return static_cast<int64_t>(job.ProcessMemoryLimit);
  }
  return -1;
}

}  // namespace gameai::platform
