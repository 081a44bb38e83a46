// The four members of Debian's Abseil archives that cannot go into a shared
// library: they were compiled as position-independent executable code, and
// their thread_local variables use the local-exec TLS model, which the
// linker rejects in a shared object (R_X86_64_TPOFF32). libgameai_c.so
// defines their functions here instead, compiled -fPIC, so the linker never
// pulls those members from the archives; the rest of Abseil links as is.
// Each function keeps the contract of its Abseil header (and the archives'
// behaviour, read from their machine code), for Abseil 20220623 only: any
// other version is a compile error here, to be checked anew.
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <x86intrin.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <thread>

#include "absl/base/call_once.h"
#include "absl/base/config.h"
#include "absl/base/internal/raw_logging.h"
#include "absl/base/internal/sysinfo.h"
#include "absl/container/internal/raw_hash_set.h"
#include "absl/strings/internal/cordz_functions.h"

#if !defined(__x86_64__) || !defined(__linux__)
#error "absl_pic_replacements.cc is for Debian's x86-64 Abseil archives"
#endif
static_assert(ABSL_LTS_RELEASE_VERSION == 20220623,
              "absl_pic_replacements.cc replaces members of Abseil 20220623's "
              "archives; check the replaced functions against this version");

namespace absl {
ABSL_NAMESPACE_BEGIN

// ---- libabsl_raw_hash_set.a(raw_hash_set.cc.o)
namespace container_internal {

// The control bytes of an empty table: the sentinel, then empty slots.
alignas(16) ABSL_CONST_INIT ABSL_DLL const ctrl_t kEmptyGroup[16] = {
    ctrl_t::kSentinel, ctrl_t::kEmpty, ctrl_t::kEmpty, ctrl_t::kEmpty,
    ctrl_t::kEmpty,    ctrl_t::kEmpty, ctrl_t::kEmpty, ctrl_t::kEmpty,
    ctrl_t::kEmpty,    ctrl_t::kEmpty, ctrl_t::kEmpty, ctrl_t::kEmpty,
    ctrl_t::kEmpty,    ctrl_t::kEmpty, ctrl_t::kEmpty, ctrl_t::kEmpty};

namespace {
// A "random" per-thread value: a counter mixed with its own address.
size_t RandomSeed() {
  static thread_local size_t counter = 0;
  const size_t value = ++counter;
  return value ^ static_cast<size_t>(reinterpret_cast<uintptr_t>(&counter));
}
}  // namespace

bool ShouldInsertBackwards(size_t hash, const ctrl_t* ctrl) {
  return (H1(hash, ctrl) ^ RandomSeed()) % 13 > 6;
}

void ConvertDeletedToEmptyAndFullToDeleted(ctrl_t* ctrl, size_t capacity) {
  for (ctrl_t* pos = ctrl; pos < ctrl + capacity; pos += Group::kWidth) {
    Group{pos}.ConvertSpecialToEmptyAndFullToDeleted(pos);
  }
  // The cloned control bytes after the sentinel mirror the first ones.
  std::memcpy(ctrl + capacity + 1, ctrl, NumClonedBytes());
  ctrl[capacity] = ctrl_t::kSentinel;
}

void HashTableSizeOverflow() {
  ABSL_RAW_LOG(FATAL, "Hash table size overflow");
  __builtin_unreachable();
}

// The header declares this instantiation extern.
template FindInfo find_first_non_full(const ctrl_t*, size_t, size_t);

}  // namespace container_internal

// ---- libabsl_cordz_functions.a(cordz_functions.cc.o)
// Cordz samples cords for a profiler that nothing in this library attaches,
// so sampling is off: no cord is ever sampled.
namespace cord_internal {

ABSL_CONST_INIT thread_local int64_t cordz_next_sample = -1;

namespace {
ABSL_CONST_INIT std::atomic<int32_t> mean_interval(50000);
}  // namespace

int32_t get_cordz_mean_interval() {
  return mean_interval.load(std::memory_order_acquire);
}

void set_cordz_mean_interval(int32_t interval) {
  mean_interval.store(interval, std::memory_order_release);
}

bool cordz_should_profile_slow() {
  cordz_next_sample = int64_t{1} << 16;  // as Abseil does with sampling off
  return false;
}

void cordz_set_next_sample_for_testing(int64_t next_sample) {
  cordz_next_sample = next_sample;
}

}  // namespace cord_internal

// ---- libabsl_base.a(sysinfo.cc.o)
namespace base_internal {

namespace {
double MeasureTscFrequency() {
  // The time-stamp counter's ticks over 10 ms of the monotonic clock.
  timespec start{}, end{};
  clock_gettime(CLOCK_MONOTONIC_RAW, &start);
  const uint64_t tsc_start = __rdtsc();
  const timespec wait{0, 10'000'000};
  nanosleep(&wait, nullptr);
  clock_gettime(CLOCK_MONOTONIC_RAW, &end);
  const uint64_t tsc_end = __rdtsc();
  const double seconds = static_cast<double>(end.tv_sec - start.tv_sec) +
                         static_cast<double>(end.tv_nsec - start.tv_nsec) / 1e9;
  return seconds > 0 ? static_cast<double>(tsc_end - tsc_start) / seconds : 1.0;
}
}  // namespace

double NominalCPUFrequency() {
  static absl::once_flag once;
  static double frequency = 1.0;
  absl::call_once(once, [] {
    std::ifstream file("/sys/devices/system/cpu/cpu0/tsc_freq_khz");
    long khz = 0;
    frequency = (file >> khz) && khz > 0 ? static_cast<double>(khz) * 1e3
                                         : MeasureTscFrequency();
  });
  return frequency;
}

int NumCPUs() {
  static const int cpus = static_cast<int>(std::thread::hardware_concurrency());
  return cpus;
}

pid_t GetTID() { return static_cast<pid_t>(syscall(SYS_gettid)); }

pid_t GetCachedTID() {
  static thread_local pid_t thread_id = GetTID();
  return thread_id;
}

}  // namespace base_internal

ABSL_NAMESPACE_END
}  // namespace absl
