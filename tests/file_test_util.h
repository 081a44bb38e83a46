// file_test_util.h: reading and writing whole files, and a file size limit,
// for the tests of table files.
#ifndef GAMEAI_TESTS_FILE_TEST_UTIL_H_
#define GAMEAI_TESTS_FILE_TEST_UTIL_H_

#ifndef _WIN32
#include <signal.h>
#include <sys/resource.h>
#endif

#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

namespace gameai::testing {

inline std::string ReadBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

inline void WriteBytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// kDeviceFile: a device the table readers must refuse unread (an endless
// one on POSIX systems; Windows' null device).
#ifdef _WIN32
inline constexpr char kDeviceFile[] = "NUL";
#else
inline constexpr char kDeviceFile[] = "/dev/zero";
#endif

// NamesAMissingFolder: whether an error message gives the system's reason
// for a folder that is not there (its words differ between systems).
inline bool NamesAMissingFolder(const std::string& message) {
  for (const char* reason : {"No such file or directory", "Path not found",
                             "cannot find the path"}) {
    if (message.find(reason) != std::string::npos) return true;
  }
  return false;
}

// SetEnvironment: sets `name` to `value`, or removes it when `value` is
// null (POSIX setenv/unsetenv; Windows' _putenv_s, where "" removes).
inline void SetEnvironment(const char* name, const char* value) {
#ifdef _WIN32
  _putenv_s(name, value == nullptr ? "" : value);
#else
  if (value == nullptr) {
    unsetenv(name);
  } else {
    setenv(name, value, 1);
  }
#endif
}

#ifdef _WIN32
// Windows has no per-process file size limit: the tests of a disk that
// fills up are skipped there (GAMEAI_SKIP_WITHOUT_FILE_SIZE_LIMIT).
#define GAMEAI_SKIP_WITHOUT_FILE_SIZE_LIMIT() \
  GTEST_SKIP() << "Windows has no file size limit to fill the disk with"
// Never made: the tests that would make one skip first.
class FileSizeLimit {
 public:
  explicit FileSizeLimit(int64_t) {}
};
#else
#define GAMEAI_SKIP_WITHOUT_FILE_SIZE_LIMIT() (void)0

// FileSizeLimit: while alive, files cannot grow beyond `bytes` (writes
// fail with EFBIG instead of raising SIGXFSZ): a disk that fills up.
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    old_handler_ = signal(SIGXFSZ, SIG_IGN);
    getrlimit(RLIMIT_FSIZE, &old_);
    struct rlimit limit = old_;
    limit.rlim_cur = bytes;
    setrlimit(RLIMIT_FSIZE, &limit);
  }
  ~FileSizeLimit() {
    setrlimit(RLIMIT_FSIZE, &old_);
    signal(SIGXFSZ, old_handler_);
  }
  FileSizeLimit(const FileSizeLimit&) = delete;
  FileSizeLimit& operator=(const FileSizeLimit&) = delete;

 private:
  struct rlimit old_;
  sighandler_t old_handler_;
};
#endif

}  // namespace gameai::testing

#endif  // GAMEAI_TESTS_FILE_TEST_UTIL_H_
