#include "huge_pages.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstring>

namespace gameai::mancala {

void* HugeZeroed(size_t bytes) {
  constexpr size_t kHuge = size_t{2} << 20;
  bytes = std::max<size_t>(kHuge, (bytes + kHuge - 1) / kHuge * kHuge);
  void* p = std::aligned_alloc(kHuge, bytes);
  if (p == nullptr) return nullptr;
  madvise(p, bytes, MADV_HUGEPAGE);  // a hint: failure only costs speed
  std::memset(p, 0, bytes);
  return p;
}

}  // namespace gameai::mancala
