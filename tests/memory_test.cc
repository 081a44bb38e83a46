// Memory budgets: a request beyond the budget or the machine is an error
// naming what asked and the limit.
#include "gameai/base/memory.h"

#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "gameai/dynamic/registry.h"
#include "gtest/gtest.h"

namespace gameai {
namespace {

TEST(CheckMemory, WithinBudgetAndMachineIsFine) {
  EXPECT_TRUE(
      CheckMemory("a small table", 1 << 20, int64_t{1} << 30, "mem_mb=1024")
          .ok());
}

TEST(CheckMemory, BeyondTheBudgetNamesWhatAndTheBudget) {
  const absl::Status s = CheckMemory("the solver's table", int64_t{4} << 30,
                                     int64_t{2} << 30, "mem_mb=2048");
  EXPECT_EQ(s.code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(s.message().find("the solver's table needs 4.0 GiB"),
            std::string::npos)
      << s;
  EXPECT_NE(s.message().find("mem_mb=2048 (2.0 GiB)"), std::string::npos) << s;
}

TEST(CheckMemory, BeyondTheMachineIsAnError) {
  const absl::Status s =
      CheckMemory("a huge tree", std::numeric_limits<int64_t>::max() / 4);
  EXPECT_EQ(s.code(), absl::StatusCode::kResourceExhausted);
  EXPECT_NE(s.message().find("a huge tree needs"), std::string::npos) << s;
  EXPECT_LT(MemoryHeadroomBytes(), std::numeric_limits<int64_t>::max() / 4);
}

TEST(ReserveMemory, ReservationsCountUntilDestroyed) {
  const int64_t half = MemoryHeadroomBytes() / 2 + 1;
  absl::StatusOr<MemoryReservation> first = ReserveMemory("first", half);
  ASSERT_TRUE(first.ok()) << first.status();
  EXPECT_EQ(ReservedMemoryBytes(), half);
  const absl::StatusOr<MemoryReservation> second =
      ReserveMemory("second", half);
  EXPECT_EQ(second.status().code(), absl::StatusCode::kResourceExhausted);
  { MemoryReservation released = *std::move(first); }
  EXPECT_EQ(ReservedMemoryBytes(), 0);
  EXPECT_TRUE(ReserveMemory("second", half).ok());
  EXPECT_EQ(ReservedMemoryBytes(), 0);
}

// Agents reserve their tables when made: enough 4 GiB alphabeta agents are
// refused before any of them allocates.
TEST(ReserveMemory, AgentsTablesAddUp) {
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame("mancala");
  ASSERT_TRUE(game.ok());
  std::vector<std::unique_ptr<Agent>> agents;
  absl::Status refused;
  while (refused.ok() && agents.size() < 256) {
    absl::StatusOr<std::unique_ptr<Agent>> agent =
        LoadAgent(**game, "alphabeta(tt=28)");
    if (agent.ok()) {
      agents.push_back(*std::move(agent));
    } else {
      refused = agent.status();
    }
  }
  EXPECT_EQ(refused.code(), absl::StatusCode::kResourceExhausted);
  if (!agents.empty()) {
    EXPECT_NE(refused.message().find("other tables of this process hold"),
              std::string::npos)
        << refused;
  }
  agents.clear();
  EXPECT_EQ(ReservedMemoryBytes(), 0);
}

TEST(FormatBytes, PicksAReadableUnit) {
  EXPECT_EQ(FormatBytes(900), "900 bytes");
  EXPECT_EQ(FormatBytes(int64_t{512} << 20), "512 MiB");
  EXPECT_EQ(FormatBytes(int64_t{4} << 30), "4.0 GiB");
}

}  // namespace
}  // namespace gameai
