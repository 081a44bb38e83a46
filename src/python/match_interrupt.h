// MatchInterrupt: Ctrl-C (KeyboardInterrupt) and SystemExit during
// gameai.match and the other calls that run without the GIL. The match
// runs with the GIL released, so Python's signal handlers run only when
// the arena asks (MatchOptions::cancelled), and an interrupt raised inside
// a Python agent must stop the match instead of counting as that agent's
// illegal move. The exception is kept and raised again once the match has
// stopped.
#ifndef GAMEAI_PYTHON_MATCH_INTERRUPT_H_
#define GAMEAI_PYTHON_MATCH_INTERRUPT_H_

#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <optional>
#include <thread>

#include "gameai/base/stop_request.h"

namespace gameai::python {

class MatchInterrupt {
 public:
  // Made on the thread that runs the match (Python's main thread when the
  // match is called from it: only that thread runs signal handlers).
  MatchInterrupt() : thread_(std::this_thread::get_id()) {}

  bool interrupted() const { return interrupted_.load(); }

  // Poll: true once interrupted. On the match's own thread it also runs
  // Python's signal handlers, at most every 50 ms (each takes the GIL); an
  // exception one raises interrupts the match.
  bool Poll();

  // Keep: REQUIRES the GIL. True (and `e` kept, the first one) when `e` is
  // a KeyboardInterrupt or SystemExit; false for any other exception.
  bool Keep(pybind11::error_already_set& e);

  // RaiseIfInterrupted: REQUIRES the GIL. Throws the kept exception.
  void RaiseIfInterrupted();

 private:
  void Store(pybind11::error_already_set& e);  // REQUIRES the GIL

  std::atomic<bool> interrupted_{false};
  const std::thread::id thread_;
  std::chrono::steady_clock::time_point next_check_{};  // thread_ only
  std::optional<pybind11::error_already_set> error_;    // under the GIL
};

// OnPythonMainThread: REQUIRES the GIL. Whether this is Python's main
// thread, the only one whose signal handlers run.
bool OnPythonMainThread();

// RunInterruptible: call() with the GIL released (REQUIRES the GIL), so
// that Ctrl-C stops the search inside it (gameai/base/stop_request.h): on
// Python's main thread StopRequested() runs Python's signal handlers at
// most every 50 ms (elsewhere nothing would run them), and an exception a
// handler raised (KeyboardInterrupt) is raised once call() returns, its
// result dropped. For solve, Agent.step, VectorEnv.step.
template <class F>
auto RunInterruptible(F call) {
  MatchInterrupt interrupt;
  std::optional<StopScope> scope;
  if (OnPythonMainThread()) scope.emplace([&] { return interrupt.Poll(); });
  decltype(call()) result;
  {
    pybind11::gil_scoped_release release;
    result = call();
  }
  interrupt.RaiseIfInterrupted();
  return result;
}

}  // namespace gameai::python

#endif  // GAMEAI_PYTHON_MATCH_INTERRUPT_H_
