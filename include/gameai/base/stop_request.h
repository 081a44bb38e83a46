// gameai/base/stop_request.h: a caller's request that the search running
// on its thread stop early (Ctrl-C in Python, where a search runs without
// the GIL and Python's signal handlers cannot run).
//
//   StopScope scope([&] { return interrupted(); });
//   solution = SolveState(state, options);  // ends early once interrupted()
//
// Searches poll StopRequested() where they poll their clocks (every few
// thousand nodes or a few hundred simulations) and end as if their budget
// were spent: the caller gets what they found so far and discards it.
#ifndef GAMEAI_BASE_STOP_REQUEST_H_
#define GAMEAI_BASE_STOP_REQUEST_H_

#include <functional>

namespace gameai {

// StopRequested: true when the innermost StopScope of this thread says so;
// false outside one (a pointer test: cheap enough for any search loop).
bool StopRequested();

// StopScope: while alive, StopRequested() on this thread asks `poll`
// (which should be cheap, or limit its own rate).
class StopScope {
 public:
  explicit StopScope(std::function<bool()> poll);
  ~StopScope();
  StopScope(const StopScope&) = delete;
  StopScope& operator=(const StopScope&) = delete;

 private:
  std::function<bool()> poll_;
  const std::function<bool()>* outer_;
};

}  // namespace gameai

#endif  // GAMEAI_BASE_STOP_REQUEST_H_
