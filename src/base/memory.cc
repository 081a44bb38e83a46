#include "gameai/base/memory.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <limits>
#include <mutex>
#include <utility>

#include "fmt/format.h"
#include "platform/process_memory.h"

namespace gameai {
namespace {

std::atomic<int64_t> reserved_bytes{0};
// unmapped_bytes: the live reservations' bytes not allocated yet (so not
// in the process's mappings), promised against an address-space limit.
std::atomic<int64_t> unmapped_bytes{0};

// AddressSpaceHeadroom: the address-space limit less the current
// mappings and the promised reservations, or -1 when unlimited.
int64_t AddressSpaceHeadroom() {
  const int64_t limit = platform::AddressSpaceLimitBytes();
  if (limit < 0) return -1;
  return std::max<int64_t>(
      0, limit - platform::MappedBytes() - unmapped_bytes.load());
}

}  // namespace

int64_t ReservedMemoryBytes() { return reserved_bytes.load(); }

int64_t MemoryHeadroomBytes() {
  const int64_t physical =
      platform::PhysicalMemoryBytes() - ReservedMemoryBytes();
  const int64_t address = AddressSpaceHeadroom();
  return address < 0 ? physical : std::min(physical, address);
}

std::string FormatBytes(int64_t bytes) {
  constexpr int64_t kMiB = int64_t{1} << 20;
  if (bytes >= (int64_t{1} << 30)) {
    return fmt::format("{:.1f} GiB", static_cast<double>(bytes) / (kMiB << 10));
  }
  if (bytes >= kMiB) {
    return fmt::format("{:.0f} MiB", static_cast<double>(bytes) / kMiB);
  }
  return fmt::format("{} bytes", bytes);
}

absl::Status CheckMemory(std::string_view what, int64_t bytes,
                         int64_t budget_bytes, std::string_view budget_name) {
  if (budget_bytes > 0 && bytes > budget_bytes) {
    return absl::ResourceExhaustedError(fmt::format(
        "{} needs {}, more than the budget {} ({})", what, FormatBytes(bytes),
        budget_name, FormatBytes(budget_bytes)));
  }
  const int64_t address = AddressSpaceHeadroom();
  if (address >= 0 && bytes > address) {
    return absl::ResourceExhaustedError(fmt::format(
        "{} needs {}, more than the {} the process's address-space limit "
        "(ulimit -v) leaves",
        what, FormatBytes(bytes), FormatBytes(address)));
  }
  const int64_t physical = platform::PhysicalMemoryBytes();
  const int64_t reserved = ReservedMemoryBytes();
  if (bytes > physical - reserved) {
    return absl::ResourceExhaustedError(fmt::format(
        "{} needs {}, more than the machine's {} of memory{}", what,
        FormatBytes(bytes), FormatBytes(physical),
        reserved > 0 ? fmt::format(" less the {} other tables of this process "
                                   "hold",
                                   FormatBytes(reserved))
                     : ""));
  }
  return absl::OkStatus();
}

MemoryReservation::MemoryReservation(int64_t bytes)
    : bytes_(bytes), unmapped_(bytes) {
  reserved_bytes += bytes;
  unmapped_bytes += bytes;
}

MemoryReservation::MemoryReservation(MemoryReservation&& other) noexcept
    : bytes_(std::exchange(other.bytes_, 0)),
      unmapped_(std::exchange(other.unmapped_, 0)) {}

MemoryReservation& MemoryReservation::operator=(
    MemoryReservation&& other) noexcept {
  if (this != &other) {
    reserved_bytes -= bytes_;
    unmapped_bytes -= unmapped_;
    bytes_ = std::exchange(other.bytes_, 0);
    unmapped_ = std::exchange(other.unmapped_, 0);
  }
  return *this;
}

MemoryReservation::~MemoryReservation() {
  reserved_bytes -= bytes_;
  unmapped_bytes -= unmapped_;
}

void MemoryReservation::MarkMapped() {
  unmapped_bytes -= unmapped_;
  unmapped_ = 0;
}

absl::StatusOr<MemoryReservation> ReserveMemory(std::string_view what,
                                                int64_t bytes,
                                                int64_t budget_bytes,
                                                std::string_view budget_name) {
  // One reservation at a time: two agents made at once cannot both take
  // the last of the memory.
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  absl::Status fits = CheckMemory(what, bytes, budget_bytes, budget_name);
  if (!fits.ok()) return fits;
  return MemoryReservation(bytes);
}

}  // namespace gameai
