// gameai/base/memory.h: memory budgets for tables, databases and trees.
//
// A large table is checked before it is allocated, against the caller's
// budget option and against what the process can still get (physical
// memory, and the address-space limit of `ulimit -v` less what the process
// maps already), so a request that cannot fit is a clear error instead of
// std::bad_alloc or the kernel's OOM killer.
//
//   GAMEAI_RETURN_IF_ERROR(CheckMemory("alphabeta's table (tt=28)", bytes));
#ifndef GAMEAI_BASE_MEMORY_H_
#define GAMEAI_BASE_MEMORY_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace gameai {

// MemoryHeadroomBytes: the most a new allocation can take: the least of the
// machine's physical memory less the live reservations (MemoryReservation)
// and, under an address-space limit (RLIMIT_AS), that limit less the
// process's current mappings and the reservations not mapped yet.
int64_t MemoryHeadroomBytes();

// CheckMemory: OK when `bytes` fit in `budget_bytes` (0: no budget; named
// `budget_name` in the message, e.g. "mem_mb=2048") and in
// MemoryHeadroomBytes(); else ResourceExhausted naming `what`, its size
// and the limit it exceeds.
absl::Status CheckMemory(std::string_view what, int64_t bytes,
                         int64_t budget_bytes = 0,
                         std::string_view budget_name = "");

// MemoryReservation: memory promised to a table that lives as long as its
// owner (an agent's transposition table or tree), counted against the
// machine by every later CheckMemory until it is destroyed, so that eight
// agents of 4 GiB each are refused on a 24 GiB machine before any of them
// allocates.
class MemoryReservation {
 public:
  MemoryReservation() = default;
  MemoryReservation(MemoryReservation&& other) noexcept;
  MemoryReservation& operator=(MemoryReservation&& other) noexcept;
  MemoryReservation(const MemoryReservation&) = delete;
  MemoryReservation& operator=(const MemoryReservation&) = delete;
  ~MemoryReservation();
  int64_t bytes() const { return bytes_; }
  // MarkMapped: the owner has allocated the memory (it is in the process's
  // mappings now, which an address-space limit counts): no longer counted
  // as promised beside them. A table allocated later than its reservation
  // calls it; a reservation never marked counts as promised all its life.
  void MarkMapped();

 private:
  friend absl::StatusOr<MemoryReservation> ReserveMemory(std::string_view,
                                                         int64_t, int64_t,
                                                         std::string_view);
  explicit MemoryReservation(int64_t bytes);
  int64_t bytes_ = 0;
  int64_t unmapped_ = 0;  // of bytes_, not yet MarkMapped
};

// ReserveMemory: CheckMemory, then the bytes reserved until the result is
// destroyed.
absl::StatusOr<MemoryReservation> ReserveMemory(
    std::string_view what, int64_t bytes, int64_t budget_bytes = 0,
    std::string_view budget_name = "");

// ReservedMemoryBytes: what live reservations hold.
int64_t ReservedMemoryBytes();

// FormatBytes: "4.0 GiB", "512 MiB", "900 bytes".
std::string FormatBytes(int64_t bytes);

// OutOfMemoryMessage: what the command line, the C API and the Python
// module report when an allocation fails (std::bad_alloc).
inline constexpr char kOutOfMemoryMessage[] =
    "out of memory: the request needs more memory than the machine or the "
    "process's limit (ulimit -v) allows; ask for smaller tables, trees or "
    "fewer games";

}  // namespace gameai

#endif  // GAMEAI_BASE_MEMORY_H_
