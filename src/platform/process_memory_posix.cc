#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <limits>

#include "platform/process_memory.h"

namespace gameai::platform {

int64_t PhysicalMemoryBytes() {
  const long pages = sysconf(_SC_PHYS_PAGES);
  const long page = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return std::numeric_limits<int64_t>::max();
  return static_cast<int64_t>(pages) * page;
}

int64_t MappedBytes() {
  std::FILE* f = std::fopen("/proc/self/statm", "r");  // VmSize first
  if (f == nullptr) return 0;
  long pages = 0;
  const int read = std::fscanf(f, "%ld", &pages);
  std::fclose(f);
  return read == 1 ? static_cast<int64_t>(pages) * sysconf(_SC_PAGE_SIZE) : 0;
}

int64_t AddressSpaceLimitBytes() {
  struct rlimit limit;
  if (getrlimit(RLIMIT_AS, &limit) != 0 || limit.rlim_cur == RLIM_INFINITY) {
    return -1;
  }
  return static_cast<int64_t>(limit.rlim_cur);
}

}  // namespace gameai::platform
