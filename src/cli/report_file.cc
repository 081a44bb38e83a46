#include "absl/status/status.h"
#include "args.h"
#include "fmt/format.h"
#include "gameai/base/file_io.h"
#include "gameai/workbench/reports.h"

namespace gameai::cli {

absl::Status WriteReportPage(const std::string& path, const std::string& json) {
  absl::StatusOr<std::string> page = ReportHtml(json);
  if (!page.ok()) return page.status();
  return WriteNewFile(path, *page);
}

absl::Status FinishReport(const std::string& report_json,
                          const std::string& table, bool json,
                          const std::optional<std::string>& html_file) {
  if (html_file) {
    if (absl::Status written = WriteReportPage(*html_file, report_json);
        !written.ok()) {
      return written;
    }
  }
  fmt::print("{}", json ? report_json : table);
  return absl::OkStatus();
}

}  // namespace gameai::cli
