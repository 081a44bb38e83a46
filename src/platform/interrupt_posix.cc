// The POSIX implementation of platform/interrupt.h.
#include <signal.h>

#include <atomic>

#include "platform/interrupt.h"

namespace gameai::platform {
namespace {

std::atomic<bool> interrupted{false};

extern "C" void OnInterrupt(int) {
  interrupted.store(true);
  signal(SIGINT, SIG_DFL);  // the second Ctrl-C ends the process
}

}  // namespace

void CatchInterrupt() {
  struct sigaction action {};
  action.sa_handler = OnInterrupt;
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
}

bool Interrupted() { return interrupted.load(); }

}  // namespace gameai::platform
