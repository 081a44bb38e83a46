// platform/process_memory.h (internal): what the operating system tells of
// the machine's and the process's memory, for the memory budgets
// (gameai/base/memory.h).
#ifndef GAMEAI_SRC_PLATFORM_PROCESS_MEMORY_H_
#define GAMEAI_SRC_PLATFORM_PROCESS_MEMORY_H_

#include <cstdint>

namespace gameai::platform {

// PhysicalMemoryBytes: the machine's memory; INT64_MAX when unknown.
int64_t PhysicalMemoryBytes();
// MappedBytes: the process's address space now; 0 when unknown.
int64_t MappedBytes();
// AddressSpaceLimitBytes: the limit on the process's address space
// (ulimit -v), or -1 when there is none.
int64_t AddressSpaceLimitBytes();

}  // namespace gameai::platform

#endif  // GAMEAI_SRC_PLATFORM_PROCESS_MEMORY_H_
