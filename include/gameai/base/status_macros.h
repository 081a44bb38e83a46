// gameai/base/status_macros.h: the project's own early-return helpers
// (Abseil 20220623, Debian 12's, has none public).
#ifndef GAMEAI_BASE_STATUS_MACROS_H_
#define GAMEAI_BASE_STATUS_MACROS_H_

#include "absl/status/status.h"
#include "absl/status/statusor.h"

// GAMEAI_RETURN_IF_ERROR(expr): returns the status of `expr` when not ok.
#define GAMEAI_RETURN_IF_ERROR(expr)                                  \
  do {                                                                \
    if (absl::Status gameai_status_ = (expr); !gameai_status_.ok()) { \
      return gameai_status_;                                          \
    }                                                                 \
  } while (false)

#define GAMEAI_STATUS_CONCAT_INNER_(a, b) a##b
#define GAMEAI_STATUS_CONCAT_(a, b) GAMEAI_STATUS_CONCAT_INNER_(a, b)

// GAMEAI_ASSIGN_OR_RETURN(lhs, expr): evaluates the StatusOr `expr`; returns
// its status when not ok, otherwise moves its value into `lhs`.
#define GAMEAI_ASSIGN_OR_RETURN(lhs, expr) \
  GAMEAI_ASSIGN_OR_RETURN_IMPL_(           \
      GAMEAI_STATUS_CONCAT_(gameai_statusor_, __LINE__), lhs, expr)
#define GAMEAI_ASSIGN_OR_RETURN_IMPL_(statusor, lhs, expr) \
  auto statusor = (expr);                                  \
  if (!statusor.ok()) return std::move(statusor).status(); \
  lhs = std::move(statusor).value()

#endif  // GAMEAI_BASE_STATUS_MACROS_H_
