// platform/huge_pages.h (internal): zeroed tables on 2 MB pages, for
// tables probed at random (the Kalah solver's and its endgame database),
// where with 4 KB pages nearly every probe would also miss the TLB. Where
// the platform has no such pages (GAMEAI_HUGE_PAGES=OFF, or a system
// without mmap) the memory is plain zeroed heap memory.
#ifndef GAMEAI_SRC_PLATFORM_HUGE_PAGES_H_
#define GAMEAI_SRC_PLATFORM_HUGE_PAGES_H_

#include <cstddef>
#include <memory>
#include <type_traits>

namespace gameai::platform {

// HugeZeroed: `bytes` zeroed bytes (rounded up to 2 MB) mapped fresh from
// the system, on huge pages where it allows: zero without a memset, each
// page cleared by the kernel when first touched. nullptr without memory.
void* HugeZeroed(size_t bytes);
// HugeFree: returns what HugeZeroed(bytes) gave.
void HugeFree(void* p, size_t bytes);

struct HugeDeleter {
  size_t bytes = 0;
  void operator()(void* p) const { HugeFree(p, bytes); }
};
template <class T>
using ZeroedPtr = std::unique_ptr<T[], HugeDeleter>;

// ZeroedArray: n zero-filled elements on huge pages (nullptr without
// memory).
template <class T>
ZeroedPtr<T> ZeroedArray(size_t n) {
  static_assert(std::is_trivial_v<T>);
  return ZeroedPtr<T>(static_cast<T*>(HugeZeroed(n * sizeof(T))),
                      HugeDeleter{n * sizeof(T)});
}

}  // namespace gameai::platform

#endif  // GAMEAI_SRC_PLATFORM_HUGE_PAGES_H_
