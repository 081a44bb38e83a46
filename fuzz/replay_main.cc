// Replays fuzz inputs through a target's LLVMFuzzerTestOneInput, built
// with the normal compiler: every file in the directories given (the
// regression corpus and the seed corpus). A failed check aborts.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

int main(int argc, char** argv) {
  int files = 0;
  for (int i = 1; i < argc; ++i) {
    std::error_code error;
    std::vector<std::filesystem::path> paths;
    for (const auto& e : std::filesystem::directory_iterator(argv[i], error)) {
      if (e.is_regular_file()) paths.push_back(e.path());
    }
    if (error) {
      std::fprintf(stderr, "cannot read %s: %s\n", argv[i],
                   error.message().c_str());
      return 1;
    }
    std::sort(paths.begin(), paths.end());
    for (const auto& path : paths) {
      std::ifstream file(path, std::ios::binary);
      const std::string bytes((std::istreambuf_iterator<char>(file)),
                              std::istreambuf_iterator<char>());
      std::fprintf(stderr, "%s\n", path.string().c_str());
      LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t*>(bytes.data()),
                             bytes.size());
      ++files;
    }
  }
  std::printf("replayed %d inputs\n", files);
  return files > 0 ? 0 : 1;
}
