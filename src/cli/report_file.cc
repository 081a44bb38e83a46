#include "absl/status/status.h"
#include "args.h"
#include "gameai/base/file_io.h"
#include "gameai/workbench/reports.h"

namespace gameai::cli {

absl::Status WriteReportPage(const std::string& path, const std::string& json) {
  absl::StatusOr<std::string> page = ReportHtml(json);
  if (!page.ok()) return page.status();
  return WriteNewFile(path, *page);
}

}  // namespace gameai::cli
