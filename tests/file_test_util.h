// file_test_util.h: reading and writing whole files, and a file size limit,
// for the tests of table files.
#ifndef GAMEAI_TESTS_FILE_TEST_UTIL_H_
#define GAMEAI_TESTS_FILE_TEST_UTIL_H_

#include <signal.h>
#include <sys/resource.h>

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

}  // namespace gameai::testing

#endif  // GAMEAI_TESTS_FILE_TEST_UTIL_H_
