// play_matches.h (internal to the workbench): many independent matches of
// the arena side by side, one thread each, so that a tournament's tables
// and an SPRT's batches give the same results for any thread count.
#ifndef GAMEAI_SRC_WORKBENCH_PLAY_MATCHES_H_
#define GAMEAI_SRC_WORKBENCH_PLAY_MATCHES_H_

#include <cstdint>
#include <functional>

#include "absl/status/status.h"
#include "gameai/arena/arena.h"

namespace gameai::workbench_internal {

// PlayMatches: RunMatch(options_of(i)) for i in [first, end) on up to
// `threads` threads (each match on one thread, as series 1); `take(i,
// result)` gets each result as it ends, one call at a time. The first
// error (of a match or of `take`) stops the matches not yet started and is
// returned.
absl::Status PlayMatches(
    int64_t first, int64_t end, int threads,
    const std::function<MatchOptions(int64_t)>& options_of,
    const std::function<absl::Status(int64_t, MatchResult)>& take);

}  // namespace gameai::workbench_internal

#endif  // GAMEAI_SRC_WORKBENCH_PLAY_MATCHES_H_
