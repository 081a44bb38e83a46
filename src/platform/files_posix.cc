// The POSIX implementation of platform/files.h (Linux, macOS).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "platform/files.h"

namespace gameai::platform {
namespace {

// Reads and writes go in pieces this large (a single read() is capped by
// the system near 2 GB).
constexpr size_t kChunk = size_t{8} << 20;

int Fd(FileHandle file) { return static_cast<int>(file); }

absl::Status ErrnoError(int error) {
  return absl::FailedPreconditionError(std::strerror(error));
}

}  // namespace

absl::StatusOr<NewFile> CreateFileBeside(const std::string& path) {
  std::string pattern = path + ".tmp-XXXXXX";
  const int fd = mkstemp(pattern.data());
  if (fd < 0) return ErrnoError(errno);
  return NewFile{fd, pattern};
}

absl::Status WriteAll(FileHandle file, const void* data, size_t bytes) {
  const char* p = static_cast<const char*>(data);
  while (bytes > 0) {
    const ssize_t n = write(Fd(file), p, std::min(bytes, kChunk));
    if (n < 0) {
      if (errno == EINTR) continue;
      return ErrnoError(errno);
    }
    p += n;
    bytes -= static_cast<size_t>(n);
  }
  return absl::OkStatus();
}

absl::Status FinishFile(FileHandle file) {
  int error = 0;
  if (fchmod(Fd(file), 0644) != 0) error = errno;
  if (error == 0 && fsync(Fd(file)) != 0) error = errno;
  if (close(Fd(file)) != 0 && error == 0) error = errno;
  return error == 0 ? absl::OkStatus() : ErrnoError(error);
}

absl::Status PublishNoReplace(const std::string& from, const std::string& to) {
  int error = ENOSYS;
#ifdef RENAME_NOREPLACE  // Linux's glibc; elsewhere the link below
  if (renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(),
                RENAME_NOREPLACE) == 0) {
    return absl::OkStatus();
  }
  error = errno;
#endif
  if (error == EINVAL || error == ENOSYS) {
    // A file system without RENAME_NOREPLACE: a hard link is refused just
    // the same where anything exists.
    if (link(from.c_str(), to.c_str()) == 0) {
      unlink(from.c_str());
      return absl::OkStatus();
    }
    error = errno;
  }
  if (error == EEXIST) return absl::AlreadyExistsError(std::strerror(error));
  return ErrnoError(error);
}

void RemoveFile(const std::string& path) { unlink(path.c_str()); }

absl::StatusOr<ReadableFile> OpenRegularFile(const std::string& path) {
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    const int error = errno;
    struct stat link;
    if (error == ENOENT && lstat(path.c_str(), &link) == 0) {
      return absl::InvalidArgumentError("a symbolic link to nothing");
    }
    if (error == ENOENT) return absl::NotFoundError(std::strerror(error));
    return ErrnoError(error);
  }
  struct stat info;
  if (fstat(fd, &info) != 0) {
    const int error = errno;
    close(fd);
    return ErrnoError(error);
  }
  if (!S_ISREG(info.st_mode)) {
    close(fd);
    return absl::InvalidArgumentError("not a regular file");
  }
  return ReadableFile{fd, static_cast<int64_t>(info.st_size)};
}

absl::StatusOr<int64_t> ReadAt(FileHandle file, void* out, size_t bytes,
                               int64_t offset) {
  char* p = static_cast<char*>(out);
  size_t done = 0;
  while (done < bytes) {
    const ssize_t n = pread(Fd(file), p + done, std::min(bytes - done, kChunk),
                            static_cast<off_t>(offset + done));
    if (n < 0) {
      if (errno == EINTR) continue;
      return ErrnoError(errno);
    }
    if (n == 0) break;
    done += static_cast<size_t>(n);
  }
  return static_cast<int64_t>(done);
}

void CloseFile(FileHandle file) {
  if (file != kNoFile) close(Fd(file));
}

bool StderrIsTerminal() { return isatty(STDERR_FILENO) == 1; }

}  // namespace gameai::platform
