// huge_pages.h (internal): zeroed tables on 2 MB pages for the solver and
// the endgame database. Both are probed at random, and with 4 KB pages
// nearly every probe would also miss the TLB.
#ifndef GAMEAI_SRC_MANCALA_HUGE_PAGES_H_
#define GAMEAI_SRC_MANCALA_HUGE_PAGES_H_

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <type_traits>

namespace gameai::mancala {

// HugeZeroed: `bytes` zeroed bytes (rounded up to 2 MB) on huge pages where
// the system allows; nullptr without memory. Free with std::free.
void* HugeZeroed(size_t bytes);

struct FreeDeleter {
  void operator()(void* p) const { std::free(p); }
};
template <class T>
using ZeroedPtr = std::unique_ptr<T[], FreeDeleter>;

// ZeroedArray: n zero-filled elements on huge pages (nullptr without
// memory).
template <class T>
ZeroedPtr<T> ZeroedArray(size_t n) {
  static_assert(std::is_trivial_v<T>);
  return ZeroedPtr<T>(static_cast<T*>(HugeZeroed(n * sizeof(T))));
}

}  // namespace gameai::mancala

#endif  // GAMEAI_SRC_MANCALA_HUGE_PAGES_H_
