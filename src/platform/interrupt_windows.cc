// The Windows implementation of platform/interrupt.h: a console control
// handler (it runs on a thread of its own, so the flag is all it touches).
#include <windows.h>

#include <atomic>

#include "platform/interrupt.h"

namespace gameai::platform {
namespace {

std::atomic<bool> interrupted{false};

BOOL WINAPI OnControl(DWORD event) {
  if (event != CTRL_C_EVENT && event != CTRL_BREAK_EVENT) return FALSE;
  // FALSE for the second: the next handler, the system's, ends the process.
  return interrupted.exchange(true) ? FALSE : TRUE;
}

}  // namespace

void CatchInterrupt() { SetConsoleCtrlHandler(OnControl, TRUE); }

bool Interrupted() { return interrupted.load(); }

}  // namespace gameai::platform
