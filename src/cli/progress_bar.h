// progress_bar.h: the CLI's progress line for its long commands (match,
// tournament, sprt).
#ifndef GAMEAI_CLI_PROGRESS_BAR_H_
#define GAMEAI_CLI_PROGRESS_BAR_H_

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>
#include <utility>

#include "fmt/format.h"
#include "platform/files.h"

namespace gameai::cli {

// ProgressBar: drawn on stderr only when it is a terminal and the run has
// taken more than a second.
class ProgressBar {
 public:
  // where: after "N/M games", e.g. " on rank 0" (whose share M is).
  explicit ProgressBar(std::string where)
      : enabled_(platform::StderrIsTerminal()), where_(std::move(where)) {}
  void Update(int64_t done, int64_t total) {
    if (!enabled_) return;
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start_)
            .count();
    // Quiet for the first second; then at most ten redraws a second.
    if (elapsed < 1.0 || (done < total && elapsed - last_draw_ < 0.1)) return;
    last_draw_ = elapsed;
    const int width = 40;
    const int filled = static_cast<int>(width * done / total);
    fmt::print(stderr, "\r[{}{}] {}/{} games{}", std::string(filled, '#'),
               std::string(width - filled, ' '), done, total, where_);
    drawn_ = true;
  }
  ~ProgressBar() {
    if (drawn_) fmt::print(stderr, "\n");
  }

 private:
  bool enabled_;
  std::string where_;
  bool drawn_ = false;
  double last_draw_ = 0;
  std::chrono::steady_clock::time_point start_ =
      std::chrono::steady_clock::now();
};

}  // namespace gameai::cli

#endif  // GAMEAI_CLI_PROGRESS_BAR_H_
