// platform/files.h (internal): the file calls of the table files
// (gameai/base/file_io.h): a new file written beside its destination and
// published only where nothing is, positioned reads, and what a path is.
// Errors carry the system's reason only; callers name the path and the
// operation. A publish refused because something is there is
// absl::AlreadyExistsError.
#ifndef GAMEAI_SRC_PLATFORM_FILES_H_
#define GAMEAI_SRC_PLATFORM_FILES_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace gameai::platform {

// FileHandle: an open file (a descriptor on POSIX systems); kNoFile none.
using FileHandle = int64_t;
inline constexpr FileHandle kNoFile = -1;

// NewFile: a file created empty with a fresh name; `path` is that name.
struct NewFile {
  FileHandle handle = kNoFile;
  std::string path;
};

// CreateFileBeside: a new empty file in the folder of `path`, named after
// it, readable only by this process until FinishFile.
absl::StatusOr<NewFile> CreateFileBeside(const std::string& path);
// WriteAll: every byte of `data`, in pieces the system accepts.
absl::Status WriteAll(FileHandle file, const void* data, size_t bytes);
// FinishFile: makes the file readable by all (0644), flushes it to the
// disk and closes it (closed in every case).
absl::Status FinishFile(FileHandle file);
// PublishNoReplace: moves the file at `from` to `to` unless anything is at
// `to` (a file, a folder, a dangling link): then AlreadyExists and nothing
// at `to` changes.
absl::Status PublishNoReplace(const std::string& from, const std::string& to);
// RemoveFile: deletes `path` if it is there (errors ignored: a cleanup).
void RemoveFile(const std::string& path);

// ReadableFile: an open regular file and its size.
struct ReadableFile {
  FileHandle handle = kNoFile;
  int64_t size = 0;
};
// OpenRegularFile: `path` opened for reading. NotFound when nothing is
// there; InvalidArgument for a dangling link or what is not a regular file
// (the message says which); FailedPrecondition with the system's reason
// otherwise.
absl::StatusOr<ReadableFile> OpenRegularFile(const std::string& path);
// ReadAt: up to `bytes` bytes at `offset` (fewer only at the end of the
// file): the count read.
absl::StatusOr<int64_t> ReadAt(FileHandle file, void* out, size_t bytes,
                               int64_t offset);
// CloseFile: closes `file` (kNoFile: nothing).
void CloseFile(FileHandle file);

// StderrIsTerminal: whether the standard error stream is a terminal (for
// progress lines that only a person watching should get).
bool StderrIsTerminal();

}  // namespace gameai::platform

#endif  // GAMEAI_SRC_PLATFORM_FILES_H_
