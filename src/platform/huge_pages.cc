#include "platform/huge_pages.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>

#ifndef GAMEAI_HUGE_PAGES
#error "GAMEAI_HUGE_PAGES is set by src/platform/CMakeLists.txt"
#endif
#if GAMEAI_HUGE_PAGES && defined(_WIN32)
#include <windows.h>
#elif GAMEAI_HUGE_PAGES
#include <sys/mman.h>
#endif

namespace gameai::platform {

namespace {
constexpr size_t kHuge = size_t{2} << 20;
size_t Rounded(size_t bytes) {
  return std::max<size_t>(kHuge, (bytes + kHuge - 1) / kHuge * kHuge);
}
}  // namespace

#if GAMEAI_HUGE_PAGES && defined(_WIN32)

// Windows gives large pages only to accounts holding the "lock pages in
// memory" privilege, which a game's player rarely has: fresh committed
// pages, zeroed by the system when first touched, are the part that
// matters (no memset of a table of gigabytes).
void* HugeZeroed(size_t bytes) {
  return VirtualAlloc(nullptr, Rounded(bytes), MEM_RESERVE | MEM_COMMIT,
                      PAGE_READWRITE);
}

void HugeFree(void* p, size_t) {
  if (p != nullptr) VirtualFree(p, 0, MEM_RELEASE);
}

#elif GAMEAI_HUGE_PAGES

void* HugeZeroed(size_t bytes) {
  // One huge page more than asked, so that an aligned run of them fits.
  const size_t mapped = Rounded(bytes) + kHuge;
  void* p = mmap(nullptr, mapped, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) return nullptr;
  const uintptr_t start = reinterpret_cast<uintptr_t>(p);
  const uintptr_t aligned = (start + kHuge - 1) / kHuge * kHuge;
  // Unmap the unaligned head and the tail beyond the aligned run.
  if (aligned > start) munmap(p, aligned - start);
  const size_t tail = (start + mapped) - (aligned + Rounded(bytes));
  if (tail > 0) munmap(reinterpret_cast<void*>(aligned + Rounded(bytes)), tail);
  void* run = reinterpret_cast<void*>(aligned);
#ifdef MADV_HUGEPAGE  // Linux's; other systems (macOS) promote on their own
  madvise(run, Rounded(bytes), MADV_HUGEPAGE);  // a hint: failure costs speed
#endif
  return run;
}

void HugeFree(void* p, size_t bytes) {
  if (p != nullptr) munmap(p, Rounded(bytes));
}

#else  // plain zeroed heap memory

void* HugeZeroed(size_t bytes) { return std::calloc(Rounded(bytes), 1); }

void HugeFree(void* p, size_t) { std::free(p); }

#endif

}  // namespace gameai::platform
