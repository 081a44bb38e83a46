// WebAssembly: the module's memory is the machine. It grows up to the
// maximum the module was linked with (-sMAXIMUM_MEMORY), and what malloc
// has handed out is what is taken.
#include <emscripten/heap.h>
#include <malloc.h>
#include <unistd.h>

#include <cstdint>

#include "platform/process_memory.h"

namespace gameai::platform {

int64_t PhysicalMemoryBytes() {
  return static_cast<int64_t>(emscripten_get_heap_max());
}

int64_t MappedBytes() {
  // The heap's top (static data and stack below it) less what malloc holds
  // free for reuse.
  const auto top = reinterpret_cast<uintptr_t>(sbrk(0));
  return static_cast<int64_t>(top) - static_cast<int64_t>(mallinfo().fordblks);
}

int64_t AddressSpaceLimitBytes() {
  return static_cast<int64_t>(emscripten_get_heap_max());
}

}  // namespace gameai::platform
