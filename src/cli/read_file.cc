#include "read_file.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>

#include "absl/status/status.h"
#include "fmt/format.h"

namespace gameai::cli {

absl::StatusOr<std::string> ReadBoundedFile(const std::string& path,
                                            size_t max_bytes) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    return absl::FailedPreconditionError(
        fmt::format("cannot read '{}': it is a directory", path));
  }
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(
      std::fopen(path.c_str(), "rb"), &std::fclose);
  if (file == nullptr) {
    return absl::FailedPreconditionError(
        fmt::format("cannot read '{}': {}", path, std::strerror(errno)));
  }
  std::string text(max_bytes + 1, '\0');
  const size_t got = std::fread(text.data(), 1, text.size(), file.get());
  if (std::ferror(file.get())) {
    return absl::FailedPreconditionError(
        fmt::format("cannot read '{}': {}", path, std::strerror(errno)));
  }
  if (got > max_bytes) {
    return absl::InvalidArgumentError(
        max_bytes % (size_t{1} << 20) == 0
            ? fmt::format("'{}' is longer than {} MiB", path, max_bytes >> 20)
            : fmt::format("'{}' is longer than {} KiB", path, max_bytes >> 10));
  }
  text.resize(got);
  return text;
}

}  // namespace gameai::cli
