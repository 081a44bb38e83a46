#include "gameai/base/file_io.h"

#include <cstring>
#include <filesystem>
#include <optional>
#include <utility>
#include <vector>

#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"
#include "platform/files.h"

namespace gameai {
namespace {

constexpr uint64_t kFnvOffset = 0xcbf29ce484222325ULL;
constexpr uint64_t kFnvPrime = 0x100000001b3ULL;
constexpr std::string_view kMagic = "gameai-table";

// FileStart: the first line of a file (at most 60 bytes) as text, for a
// message naming what a foreign file holds.
std::string FileStart(std::string_view bytes) {
  const std::string_view start = bytes.substr(0, 60);
  return Printable(start.substr(0, start.find('\n')));
}

std::string HeaderLine(const TableHeader& h) {
  return fmt::format("{} {} v{} {} bytes={} checksum={:016x}\n", kMagic, h.kind,
                     h.version, h.params, h.payload_bytes, h.checksum);
}

// ParseHeader: the header of `line` (without its newline), if it is one.
std::optional<TableHeader> ParseHeader(std::string_view line) {
  std::vector<std::string_view> words = SplitWords(line);
  if (words.size() < 5 || words[0] != kMagic || words[2].size() < 2 ||
      words[2][0] != 'v') {
    return std::nullopt;
  }
  TableHeader h;
  h.kind = std::string(words[1]);
  const std::optional<int64_t> version = ParseInt(words[2].substr(1));
  std::string_view size_word = words[words.size() - 2];
  std::string_view sum_word = words.back();
  if (!version || !size_word.starts_with("bytes=") ||
      !sum_word.starts_with("checksum=") || sum_word.size() != 9 + 16) {
    return std::nullopt;
  }
  const std::optional<int64_t> size = ParseInt(size_word.substr(6));
  if (!size || *size < 0) return std::nullopt;
  uint64_t sum = 0;
  for (char c : sum_word.substr(9)) {
    const int digit = c >= '0' && c <= '9'   ? c - '0'
                      : c >= 'a' && c <= 'f' ? c - 'a' + 10
                                             : -1;
    if (digit < 0) return std::nullopt;
    sum = sum << 4 | static_cast<uint64_t>(digit);
  }
  h.version = static_cast<int>(*version);
  h.payload_bytes = *size;
  h.checksum = sum;
  for (size_t i = 3; i + 2 < words.size(); ++i) {
    if (!h.params.empty()) h.params += ' ';
    h.params += std::string(words[i]);
  }
  return h;
}

// CreateFileNear: a new empty file next to `path`, or an error naming the
// folder and the reason.
absl::StatusOr<platform::NewFile> CreateFileNear(const std::string& path) {
  absl::StatusOr<platform::NewFile> file = platform::CreateFileBeside(path);
  if (!file.ok()) {
    const std::filesystem::path dir =
        std::filesystem::absolute(path).parent_path();
    return absl::FailedPreconditionError(
        fmt::format("cannot write '{}': cannot create a file in '{}': {}", path,
                    dir.string(), Str(file.status().message())));
  }
  return file;
}

absl::Status CannotRead(const std::string& path, const absl::Status& why) {
  return absl::FailedPreconditionError(
      fmt::format("cannot read '{}': {}", path, Str(why.message())));
}

}  // namespace

uint64_t Checksum64(const void* data, size_t bytes) {
  const auto* p = static_cast<const unsigned char*>(data);
  uint64_t lane[4] = {kFnvOffset, kFnvOffset ^ 1, kFnvOffset ^ 2,
                      kFnvOffset ^ 3};
  size_t i = 0;
  for (; i + 32 <= bytes; i += 32) {
    for (int k = 0; k < 4; ++k) {
      uint64_t word;
      std::memcpy(&word, p + i + 8 * k, 8);  // little-endian on x86-64
      lane[k] = (lane[k] ^ word) * kFnvPrime;
    }
  }
  uint64_t h = kFnvOffset;
  for (uint64_t l : lane) {
    for (int b = 0; b < 8; ++b) h = (h ^ ((l >> (8 * b)) & 0xff)) * kFnvPrime;
  }
  for (; i < bytes; ++i) h = (h ^ p[i]) * kFnvPrime;
  h = (h ^ bytes) * kFnvPrime;
  // A final avalanche, so that every input bit reaches every output bit.
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  return h;
}

std::string TableHeader::Describe() const {
  return fmt::format("{} v{} ({})", kind, version, params);
}

absl::Status WriteTableFile(const std::string& path, const TableHeader& header,
                            const void* payload, int64_t bytes) {
  TableHeader h = header;
  h.payload_bytes = bytes;
  h.checksum = Checksum64(payload, static_cast<size_t>(bytes));
  const std::string line = HeaderLine(h);
  GAMEAI_ASSIGN_OR_RETURN(const platform::NewFile file, CreateFileNear(path));
  absl::Status written =
      platform::WriteAll(file.handle, line.data(), line.size());
  if (written.ok()) {
    written =
        platform::WriteAll(file.handle, payload, static_cast<size_t>(bytes));
  }
  if (absl::Status finished = platform::FinishFile(file.handle); written.ok()) {
    written = finished;
  }
  if (written.ok()) written = platform::PublishNoReplace(file.path, path);
  if (written.ok()) return absl::OkStatus();
  platform::RemoveFile(file.path);
  if (absl::IsAlreadyExists(written)) {
    // Another process computing the same table may have saved it first:
    // the same header (its size and checksum included) is this table.
    if (absl::StatusOr<TableFileReader> there = TableFileReader::Open(path);
        there.ok() && there->header() == h) {
      return absl::OkStatus();
    }
    return absl::FailedPreconditionError(fmt::format(
        "cannot write '{}': something else is there (made before or while "
        "the table was computed); it is left as it is and the table was "
        "not saved",
        path));
  }
  return absl::FailedPreconditionError(
      fmt::format("cannot write '{}': {}", path, Str(written.message())));
}

absl::Status CheckWritable(const std::string& path) {
  GAMEAI_ASSIGN_OR_RETURN(const platform::NewFile file, CreateFileNear(path));
  platform::CloseFile(file.handle);
  platform::RemoveFile(file.path);
  return absl::OkStatus();
}

namespace {

absl::Status ExistsError(const std::string& path) {
  return absl::AlreadyExistsError(fmt::format(
      "'{}' exists; a file that exists is never replaced: give a new name",
      path));
}

}  // namespace

absl::Status CheckNewFile(const std::string& path) {
  std::error_code error;
  const std::filesystem::file_status status =
      std::filesystem::symlink_status(path, error);
  if (status.type() != std::filesystem::file_type::not_found &&
      status.type() != std::filesystem::file_type::none) {
    return ExistsError(path);
  }
  return CheckWritable(path);
}

absl::Status WriteNewFile(const std::string& path, std::string_view text) {
  GAMEAI_ASSIGN_OR_RETURN(const platform::NewFile file, CreateFileNear(path));
  absl::Status written =
      platform::WriteAll(file.handle, text.data(), text.size());
  if (absl::Status finished = platform::FinishFile(file.handle); written.ok()) {
    written = finished;
  }
  if (written.ok()) written = platform::PublishNoReplace(file.path, path);
  if (written.ok()) return absl::OkStatus();
  platform::RemoveFile(file.path);
  if (absl::IsAlreadyExists(written)) return ExistsError(path);
  return absl::FailedPreconditionError(
      fmt::format("cannot write '{}': {}", path, Str(written.message())));
}

TableFileReader::TableFileReader(int64_t file, std::string path,
                                 TableHeader header, int64_t payload_offset)
    : file_(file),
      path_(std::move(path)),
      header_(std::move(header)),
      payload_offset_(payload_offset) {}

TableFileReader::TableFileReader(TableFileReader&& other) noexcept
    : file_(std::exchange(other.file_, platform::kNoFile)),
      path_(std::move(other.path_)),
      header_(std::move(other.header_)),
      payload_offset_(other.payload_offset_) {}

TableFileReader& TableFileReader::operator=(TableFileReader&& other) noexcept {
  if (this != &other) {
    platform::CloseFile(file_);
    file_ = std::exchange(other.file_, platform::kNoFile);
    path_ = std::move(other.path_);
    header_ = std::move(other.header_);
    payload_offset_ = other.payload_offset_;
  }
  return *this;
}

TableFileReader::~TableFileReader() { platform::CloseFile(file_); }

absl::StatusOr<TableFileReader> TableFileReader::Open(const std::string& path) {
  absl::StatusOr<platform::ReadableFile> file = platform::OpenRegularFile(path);
  if (!file.ok()) {
    if (absl::IsNotFound(file.status())) {
      return absl::NotFoundError(fmt::format("no file '{}'", path));
    }
    if (absl::IsInvalidArgument(file.status())) {
      return absl::InvalidArgumentError(
          fmt::format("'{}' is {}, so it holds no table", path,
                      Str(file.status().message())));
    }
    return CannotRead(path, file.status());
  }
  TableFileReader reader(file->handle, path, {}, 0);  // closes it on return
  const int64_t size = file->size;
  std::string start(kMaxHeaderBytes, '\0');
  absl::StatusOr<int64_t> got =
      platform::ReadAt(file->handle, start.data(), start.size(), 0);
  if (!got.ok()) return CannotRead(path, got.status());
  start.resize(static_cast<size_t>(*got));
  const size_t newline = start.find('\n');
  std::optional<TableHeader> header;
  if (newline != std::string::npos) {
    header = ParseHeader(std::string_view(start).substr(0, newline));
  }
  if (!header) {
    return absl::InvalidArgumentError(fmt::format(
        "'{}' is not a gameai table file ({} bytes starting \"{}\")", path,
        size, FileStart(start)));
  }
  const int64_t expected =
      static_cast<int64_t>(newline + 1) + header->payload_bytes;
  if (size != expected) {
    return absl::InvalidArgumentError(
        fmt::format("'{}' is {}: {} bytes where its header ({}) says {}", path,
                    size < expected ? "truncated"
                                    : "damaged (bytes after the "
                                      "table)",
                    size, header->Describe(), expected));
  }
  reader.header_ = *std::move(header);
  reader.payload_offset_ = static_cast<int64_t>(newline + 1);
  return reader;
}

absl::Status TableFileReader::Expect(std::string_view kind, int version,
                                     std::string_view params) const {
  if (header_.kind == kind && header_.version == version &&
      header_.params == params) {
    return absl::OkStatus();
  }
  return absl::InvalidArgumentError(
      fmt::format("'{}' holds {}, not {} v{} ({})", path_, header_.Describe(),
                  kind, version, params));
}

absl::StatusOr<int64_t> TableFileReader::Field(std::string_view key) const {
  for (std::string_view word : SplitWords(header_.params)) {
    if (word.size() > key.size() && word.starts_with(key) &&
        word[key.size()] == '=') {
      if (std::optional<int64_t> value = ParseInt(word.substr(key.size() + 1)))
        return *value;
    }
  }
  return absl::InvalidArgumentError(
      fmt::format("'{}' holds {}, without an integer '{}'", path_,
                  header_.Describe(), key));
}

absl::Status TableFileReader::ReadPayload(void* out, int64_t bytes) {
  if (bytes != header_.payload_bytes) {
    return absl::InvalidArgumentError(
        fmt::format("'{}' holds {} payload bytes, not {}", path_,
                    header_.payload_bytes, bytes));
  }
  absl::StatusOr<int64_t> got =
      platform::ReadAt(file_, out, static_cast<size_t>(bytes), payload_offset_);
  if (!got.ok()) return CannotRead(path_, got.status());
  if (*got != bytes) {
    return absl::InvalidArgumentError(fmt::format(
        "'{}' is truncated: {} of {} payload bytes", path_, *got, bytes));
  }
  if (Checksum64(out, static_cast<size_t>(bytes)) != header_.checksum) {
    return absl::InvalidArgumentError(fmt::format(
        "'{}' is damaged: its checksum does not match its contents ({})", path_,
        header_.Describe()));
  }
  return absl::OkStatus();
}

}  // namespace gameai
