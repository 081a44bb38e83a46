// platform/threads.h (internal): the threads the library starts (the
// arena's series, the Yacht table's layers). A build without threads (the
// single-threaded WebAssembly build) runs the same work in turn on the
// calling thread, and says so where a caller asks for more threads.
#ifndef GAMEAI_SRC_PLATFORM_THREADS_H_
#define GAMEAI_SRC_PLATFORM_THREADS_H_

#include <functional>
#include <string_view>

#include "absl/status/status.h"

namespace gameai::platform {

// kHasThreads: whether this build can start threads.
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
inline constexpr bool kHasThreads = false;
#else
inline constexpr bool kHasThreads = true;
#endif

// HardwareThreads: the processors the library may use (1 without threads).
int HardwareThreads();

// CheckThreadCount: OK for 1 thread, or any count where threads exist;
// otherwise Unimplemented, naming `option` and the count this build runs.
absl::Status CheckThreadCount(int threads, std::string_view option);

// RunOnThreads: work(0) .. work(count - 1), each on its own thread (work(0)
// on the caller's), returning when all have; without threads, one after
// the other on the caller's.
void RunOnThreads(int count, const std::function<void(int)>& work);

}  // namespace gameai::platform

#endif  // GAMEAI_SRC_PLATFORM_THREADS_H_
