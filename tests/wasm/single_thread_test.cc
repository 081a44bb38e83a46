// The single-threaded WebAssembly build: work meant for threads runs in
// turn on the caller's, and the arena says so where a caller asks for
// more than one thread.
#include <vector>

#include "gameai/arena/arena.h"
#include "gameai/dynamic/registry.h"
#include "gtest/gtest.h"
#include "platform/threads.h"

namespace gameai {
namespace {

TEST(SingleThreaded, WorkForThreadsRunsInTurn) {
  EXPECT_FALSE(platform::kHasThreads);
  EXPECT_EQ(platform::HardwareThreads(), 1);
  std::vector<int> order;
  platform::RunOnThreads(3, [&](int i) { order.push_back(i); });
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2}));
}

TEST(SingleThreaded, MatchWithThreadsNamesTheLimit) {
  const std::string game = RegisteredGames().front()->name;
  MatchOptions options{
      .game = game, .agents = {"random"}, .games = 2, .threads = 2};
  absl::StatusOr<MatchResult> result = RunMatch(options);
  ASSERT_FALSE(result.ok());
  EXPECT_EQ(result.status().code(), absl::StatusCode::kUnimplemented);
  EXPECT_EQ(result.status().message(),
            "threads=2: this build of gameai (WebAssembly) is single-threaded; "
            "use threads=1");
  options.threads = 1;
  EXPECT_TRUE(RunMatch(options).ok());
}

}  // namespace
}  // namespace gameai
