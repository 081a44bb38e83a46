// The Windows implementation of platform/files.h. Paths are UTF-8, as
// everywhere in the library, and reach Windows as UTF-16.
#include <io.h>
#include <windows.h>

#include <algorithm>
#include <cstdio>
#include <random>
#include <string>

#include "fmt/format.h"
#include "platform/files.h"

namespace gameai::platform {
namespace {

// Reads and writes go in pieces this large (ReadFile and WriteFile take a
// 32-bit count).
constexpr DWORD kChunk = DWORD{8} << 20;

HANDLE Handle(FileHandle file) {
  return reinterpret_cast<HANDLE>(static_cast<intptr_t>(file));
}
FileHandle FromHandle(HANDLE h) {
  return static_cast<FileHandle>(reinterpret_cast<intptr_t>(h));
}

std::wstring Wide(const std::string& utf8) {
  if (utf8.empty()) return std::wstring();
  const int n = MultiByteToWideChar(CP_UTF8, 0, utf8.data(),
                                    static_cast<int>(utf8.size()), nullptr, 0);
  std::wstring out(static_cast<size_t>(std::max(n, 0)), L'\0');
  MultiByteToWideChar(CP_UTF8, 0, utf8.data(), static_cast<int>(utf8.size()),
                      out.data(), n);
  return out;
}

// The system's words for `error`, without its line break.
std::string Reason(DWORD error) {
  char* text = nullptr;
  const DWORD n = FormatMessageA(
      FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM |
          FORMAT_MESSAGE_IGNORE_INSERTS,
      nullptr, error, 0, reinterpret_cast<char*>(&text), 0, nullptr);
  std::string reason = n > 0 ? std::string(text, n) : std::string();
  if (text != nullptr) LocalFree(text);
  while (!reason.empty() && (reason.back() == '\n' || reason.back() == '\r' ||
                             reason.back() == ' ' || reason.back() == '.')) {
    reason.pop_back();
  }
  if (reason.empty()) reason = fmt::format("Windows error {}", error);
  return reason;
}

absl::Status SystemError(DWORD error) {
  return absl::FailedPreconditionError(Reason(error));
}

}  // namespace

absl::StatusOr<NewFile> CreateFileBeside(const std::string& path) {
  std::random_device entropy;
  for (int attempt = 0; attempt < 100; ++attempt) {
    const std::string name =
        fmt::format("{}.tmp-{:08x}", path, static_cast<uint32_t>(entropy()));
    // No sharing: nobody else opens it until FinishFile closes it.
    HANDLE h = CreateFileW(Wide(name).c_str(), GENERIC_WRITE, 0, nullptr,
                           CREATE_NEW, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (h != INVALID_HANDLE_VALUE) return NewFile{FromHandle(h), name};
    const DWORD error = GetLastError();
    if (error != ERROR_FILE_EXISTS && error != ERROR_ALREADY_EXISTS) {
      return SystemError(error);
    }
  }
  return absl::FailedPreconditionError("no free temporary name beside it");
}

absl::Status WriteAll(FileHandle file, const void* data, size_t bytes) {
  const char* p = static_cast<const char*>(data);
  while (bytes > 0) {
    DWORD written = 0;
    const DWORD piece = static_cast<DWORD>(std::min<size_t>(bytes, kChunk));
    if (!WriteFile(Handle(file), p, piece, &written, nullptr)) {
      return SystemError(GetLastError());
    }
    p += written;
    bytes -= written;
  }
  return absl::OkStatus();
}

absl::Status FinishFile(FileHandle file) {
  DWORD error = 0;
  if (!FlushFileBuffers(Handle(file))) error = GetLastError();
  if (!CloseHandle(Handle(file)) && error == 0) error = GetLastError();
  return error == 0 ? absl::OkStatus() : SystemError(error);
}

absl::Status PublishNoReplace(const std::string& from, const std::string& to) {
  // Without MOVEFILE_REPLACE_EXISTING a move never replaces anything.
  if (MoveFileExW(Wide(from).c_str(), Wide(to).c_str(), 0)) {
    return absl::OkStatus();
  }
  const DWORD error = GetLastError();
  if (error == ERROR_ALREADY_EXISTS || error == ERROR_FILE_EXISTS) {
    return absl::AlreadyExistsError(Reason(error));
  }
  // A folder or a link at `to` may give another refusal: anything there
  // counts as there.
  if (GetFileAttributesW(Wide(to).c_str()) != INVALID_FILE_ATTRIBUTES) {
    return absl::AlreadyExistsError(Reason(error));
  }
  return SystemError(error);
}

void RemoveFile(const std::string& path) { DeleteFileW(Wide(path).c_str()); }

absl::StatusOr<ReadableFile> OpenRegularFile(const std::string& path) {
  const std::wstring wide = Wide(path);
  HANDLE h = CreateFileW(wide.c_str(), GENERIC_READ,
                         FILE_SHARE_READ | FILE_SHARE_DELETE, nullptr,
                         OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
  if (h == INVALID_HANDLE_VALUE) {
    const DWORD error = GetLastError();
    const DWORD attributes = GetFileAttributesW(wide.c_str());
    if (error == ERROR_FILE_NOT_FOUND || error == ERROR_PATH_NOT_FOUND) {
      if (attributes != INVALID_FILE_ATTRIBUTES &&
          (attributes & FILE_ATTRIBUTE_REPARSE_POINT) != 0) {
        return absl::InvalidArgumentError("a symbolic link to nothing");
      }
      return absl::NotFoundError(Reason(error));
    }
    // A folder cannot be opened as a file: named as what it is.
    if (attributes != INVALID_FILE_ATTRIBUTES &&
        (attributes & FILE_ATTRIBUTE_DIRECTORY) != 0) {
      return absl::InvalidArgumentError("not a regular file");
    }
    return SystemError(error);
  }
  // A device (NUL, CON, a pipe) is no file of the disk.
  if (GetFileType(h) != FILE_TYPE_DISK) {
    CloseHandle(h);
    return absl::InvalidArgumentError("not a regular file");
  }
  BY_HANDLE_FILE_INFORMATION info;
  if (!GetFileInformationByHandle(h, &info)) {
    const DWORD error = GetLastError();
    CloseHandle(h);
    return SystemError(error);
  }
  if ((info.dwFileAttributes & FILE_ATTRIBUTE_DIRECTORY) != 0) {
    CloseHandle(h);
    return absl::InvalidArgumentError("not a regular file");
  }
  const int64_t size = (static_cast<int64_t>(info.nFileSizeHigh) << 32) |
                       static_cast<int64_t>(info.nFileSizeLow);
  return ReadableFile{FromHandle(h), size};
}

absl::StatusOr<int64_t> ReadAt(FileHandle file, void* out, size_t bytes,
                               int64_t offset) {
  char* p = static_cast<char*>(out);
  size_t done = 0;
  while (done < bytes) {
    const uint64_t at = static_cast<uint64_t>(offset) + done;
    OVERLAPPED position{};
    position.Offset = static_cast<DWORD>(at & 0xffffffffu);
    position.OffsetHigh = static_cast<DWORD>(at >> 32);
    DWORD n = 0;
    const DWORD piece =
        static_cast<DWORD>(std::min<size_t>(bytes - done, kChunk));
    if (!ReadFile(Handle(file), p + done, piece, &n, &position)) {
      const DWORD error = GetLastError();
      if (error == ERROR_HANDLE_EOF) break;
      return SystemError(error);
    }
    if (n == 0) break;
    done += n;
  }
  return static_cast<int64_t>(done);
}

void CloseFile(FileHandle file) {
  if (file != kNoFile) CloseHandle(Handle(file));
}

bool StderrIsTerminal() { return _isatty(_fileno(stderr)) != 0; }

}  // namespace gameai::platform
