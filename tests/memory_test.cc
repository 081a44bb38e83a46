// Memory budgets: a request beyond the budget or the machine is an error
// naming what asked and the limit.
#include "gameai/core/memory.h"

#include <cstdint>
#include <limits>
#include <string>

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

TEST(FormatBytes, PicksAReadableUnit) {
  EXPECT_EQ(FormatBytes(900), "900 bytes");
  EXPECT_EQ(FormatBytes(int64_t{512} << 20), "512 MiB");
  EXPECT_EQ(FormatBytes(int64_t{4} << 30), "4.0 GiB");
}

}  // namespace
}  // namespace gameai
