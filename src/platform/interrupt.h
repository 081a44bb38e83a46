// platform/interrupt.h (internal): Ctrl-C for the CLI's long commands
// (match, solve). After CatchInterrupt() the first Ctrl-C only raises a
// flag, which the command hands to the search (StopScope) or the arena
// (MatchOptions::cancelled), so that it stops at its next poll and says
// so; a second Ctrl-C ends the process as the system would. The library
// itself never installs a handler: a game or Python owns its signals.
#ifndef GAMEAI_SRC_PLATFORM_INTERRUPT_H_
#define GAMEAI_SRC_PLATFORM_INTERRUPT_H_

namespace gameai::platform {

// CatchInterrupt: installs the handler (SIGINT on POSIX systems; the
// console's Ctrl-C and Ctrl-Break on Windows). Idempotent.
void CatchInterrupt();
// Interrupted: whether Ctrl-C came since CatchInterrupt (async-safe read).
bool Interrupted();

}  // namespace gameai::platform

#endif  // GAMEAI_SRC_PLATFORM_INTERRUPT_H_
