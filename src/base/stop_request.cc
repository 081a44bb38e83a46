#include "gameai/base/stop_request.h"

#include <utility>

namespace gameai {
namespace {

// The innermost scope's poll on this thread (a pointer: the C library's
// thread-locals must fit the loader's small static TLS reserve).
thread_local const std::function<bool()>* current_poll = nullptr;

}  // namespace

bool StopRequested() { return current_poll != nullptr && (*current_poll)(); }

StopScope::StopScope(std::function<bool()> poll)
    : poll_(std::move(poll)), outer_(current_poll) {
  current_poll = &poll_;
}

StopScope::~StopScope() { current_poll = outer_; }

}  // namespace gameai
