// gameai/yacht/internal/table_cache.h: a Yacht table read from its cache
// file, or computed and written there, for OptimalTable and ScoreSpread.
#ifndef GAMEAI_YACHT_INTERNAL_TABLE_CACHE_H_
#define GAMEAI_YACHT_INTERNAL_TABLE_CACHE_H_

#include <memory>
#include <string>
#include <string_view>

#include "absl/functional/function_ref.h"
#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "fmt/format.h"
#include "gameai/base/file_io.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"

namespace gameai::yacht {

// TableCacheFromEnvironment: `<dir>/yacht-<what>-bonus<0|1>.table` in the
// directory GAMEAI_YACHT_TABLE_DIR names, or "" when it is unset or empty.
std::string TableCacheFromEnvironment(std::string_view what,
                                      bool yahtzee_bonus);

// LoadOrCompute: the table at `path` (load), or, when nothing is there,
// compute()'s, written to `path` (asked writable first, so that no minutes
// of computing are lost to a directory that refuses it). Anything else at
// `path` is the user's: an error, never replaced. An empty `path`: just
// compute().
template <typename Table>
absl::StatusOr<std::shared_ptr<const Table>> LoadOrCompute(
    const std::string& path,
    absl::FunctionRef<absl::StatusOr<std::shared_ptr<const Table>>()> load,
    absl::FunctionRef<absl::StatusOr<std::shared_ptr<const Table>>()> compute) {
  if (!path.empty()) {
    absl::StatusOr<std::shared_ptr<const Table>> loaded = load();
    if (loaded.ok()) return loaded;
    if (!absl::IsNotFound(loaded.status())) {
      return absl::Status(
          loaded.status().code(),
          fmt::format("yacht table cache: {} (remove it or name another file)",
                      Str(loaded.status().message())));
    }
    GAMEAI_RETURN_IF_ERROR(CheckWritable(path));
  }
  GAMEAI_ASSIGN_OR_RETURN(std::shared_ptr<const Table> table, compute());
  if (!path.empty()) GAMEAI_RETURN_IF_ERROR(table->Save(path));
  return table;
}

}  // namespace gameai::yacht

#endif  // GAMEAI_YACHT_INTERNAL_TABLE_CACHE_H_
