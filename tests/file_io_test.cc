// Table files: header, size and checksum checks, bounded header reads, and
// writes that never leave a partial file.
#include "gameai/base/file_io.h"

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "file_test_util.h"
#include "gtest/gtest.h"

namespace gameai {
namespace {

using testing::FileSizeLimit;
using testing::ReadBytes;
using testing::WriteBytes;

const TableHeader kHeader{
    .kind = "test-table", .version = 3, .params = "size=1000 flavor=plain"};

// TempPath: a path for a test's file, with nothing there yet.
std::string TempPath(const std::string& name) {
  const std::string path = ::testing::TempDir() + "/gameai_file_io_" + name;
  std::remove(path.c_str());
  return path;
}

// TemporariesNear: the writer's temporary files left next to `path`.
int TemporariesNear(const std::string& path) {
  int found = 0;
  const std::filesystem::path p(path);
  for (const auto& entry :
       std::filesystem::directory_iterator(p.parent_path())) {
    if (entry.path().filename().string().rfind(p.filename().string() + ".tmp-",
                                               0) == 0) {
      ++found;
    }
  }
  return found;
}

std::vector<uint8_t> Payload() {
  std::vector<uint8_t> bytes(1000);
  for (size_t i = 0; i < bytes.size(); ++i)
    bytes[i] = static_cast<uint8_t>(i * 7);
  return bytes;
}

TEST(TableFile, RoundTripsHeaderAndPayload) {
  const std::string path = TempPath("round_trip");
  const std::vector<uint8_t> payload = Payload();
  ASSERT_TRUE(WriteTableFile(path, kHeader, payload.data(), 1000).ok());
  absl::StatusOr<TableFileReader> in = TableFileReader::Open(path);
  ASSERT_TRUE(in.ok()) << in.status();
  EXPECT_TRUE(in->Expect("test-table", 3, "size=1000 flavor=plain").ok());
  EXPECT_EQ(*in->Field("size"), 1000);
  std::vector<uint8_t> back(1000);
  ASSERT_TRUE(in->ReadPayload(back.data(), 1000).ok());
  EXPECT_EQ(back, payload);
  std::remove(path.c_str());
}

TEST(TableFile, ExpectNamesWhatTheFileHolds) {
  const std::string path = TempPath("other_kind");
  const std::vector<uint8_t> payload = Payload();
  ASSERT_TRUE(WriteTableFile(path, kHeader, payload.data(), 1000).ok());
  absl::StatusOr<TableFileReader> in = TableFileReader::Open(path);
  ASSERT_TRUE(in.ok());
  const absl::Status other = in->Expect("test-table", 3, "size=1000 flavor=x");
  EXPECT_EQ(other.code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(
      other.message().find("holds test-table v3 (size=1000 flavor=plain)"),
      std::string::npos)
      << other;
  std::remove(path.c_str());
}

TEST(TableFile, MissingFileIsNotFound) {
  EXPECT_EQ(TableFileReader::Open(TempPath("missing")).status().code(),
            absl::StatusCode::kNotFound);
}

TEST(TableFile, TextFileIsNotATableAndNamesItsStart) {
  const std::string path = TempPath("text");
  WriteBytes(path, "my notes\nsecond line\n");
  absl::StatusOr<TableFileReader> in = TableFileReader::Open(path);
  EXPECT_EQ(in.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(in.status().message().find("not a gameai table file"),
            std::string::npos);
  EXPECT_NE(in.status().message().find("my notes"), std::string::npos);
  std::remove(path.c_str());
}

TEST(TableFile, DeviceIsRefusedWithoutReadingIt) {
  absl::StatusOr<TableFileReader> in =
      TableFileReader::Open(gameai::testing::kDeviceFile);
  EXPECT_EQ(in.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(in.status().message().find("not a regular file"),
            std::string::npos);
}

TEST(TableFile, HugeHeaderlessFileReadsOnlyTheHeaderBound) {
  // A sparse 4 GB file of zeros: refused from its first kMaxHeaderBytes.
  const std::string path = TempPath("sparse");
  WriteBytes(path, "");
  std::filesystem::resize_file(path, uintmax_t{4} << 30);
  absl::StatusOr<TableFileReader> in = TableFileReader::Open(path);
  EXPECT_EQ(in.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(in.status().message().find("\\x00"), std::string::npos);
  std::remove(path.c_str());
}

TEST(TableFile, TruncatedFileIsAnError) {
  const std::string path = TempPath("truncated");
  const std::vector<uint8_t> payload = Payload();
  ASSERT_TRUE(WriteTableFile(path, kHeader, payload.data(), 1000).ok());
  const std::string bytes = ReadBytes(path);
  WriteBytes(path, bytes.substr(0, bytes.size() - 1));
  absl::StatusOr<TableFileReader> in = TableFileReader::Open(path);
  EXPECT_NE(in.status().message().find("truncated"), std::string::npos)
      << in.status();
  WriteBytes(path, bytes + "x");
  in = TableFileReader::Open(path);
  EXPECT_NE(in.status().message().find("bytes after the table"),
            std::string::npos)
      << in.status();
  std::remove(path.c_str());
}

TEST(TableFile, FlippedByteFailsTheChecksum) {
  const std::string path = TempPath("flipped");
  const std::vector<uint8_t> payload = Payload();
  ASSERT_TRUE(WriteTableFile(path, kHeader, payload.data(), 1000).ok());
  std::string bytes = ReadBytes(path);
  bytes[bytes.size() - 500] ^= 0x10;
  WriteBytes(path, bytes);
  absl::StatusOr<TableFileReader> in = TableFileReader::Open(path);
  ASSERT_TRUE(in.ok()) << in.status();
  std::vector<uint8_t> back(1000);
  const absl::Status read = in->ReadPayload(back.data(), 1000);
  EXPECT_NE(read.message().find("checksum does not match"), std::string::npos)
      << read;
  std::remove(path.c_str());
}

TEST(TableFile, ChecksumSeesEveryByteAndTheLength) {
  std::vector<uint8_t> a = Payload();
  const uint64_t base = Checksum64(a.data(), a.size());
  for (size_t i : {0, 31, 32, 500, 998, 999}) {
    std::vector<uint8_t> b = a;
    b[i] ^= 1;
    EXPECT_NE(Checksum64(b.data(), b.size()), base) << i;
  }
  EXPECT_NE(Checksum64(a.data(), a.size() - 1), base);
}

TEST(TableFile, UnwritableDirectoryIsAnErrorWithTheReason) {
  const std::string path = TempPath("no_such_dir/table");
  const std::vector<uint8_t> payload = Payload();
  const absl::Status written =
      WriteTableFile(path, kHeader, payload.data(), 1000);
  EXPECT_EQ(written.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_TRUE(
      gameai::testing::NamesAMissingFolder(std::string(written.message())))
      << written;
  EXPECT_NE(written.message().find(path), std::string::npos);
  EXPECT_FALSE(CheckWritable(path).ok());
  EXPECT_TRUE(CheckWritable(TempPath("fine")).ok());
}

TEST(TableFile, FailedWriteLeavesNoFileAndNoTemporary) {
  GAMEAI_SKIP_WITHOUT_FILE_SIZE_LIMIT();
  const std::string path = TempPath("full_disk");
  const std::vector<uint8_t> payload(1 << 20, 5);
  absl::Status written;
  {
    FileSizeLimit limit(4096);  // the disk fills up after 4 KB
    written = WriteTableFile(path, kHeader, payload.data(), 1 << 20);
  }
  EXPECT_NE(written.message().find("File too large"), std::string::npos)
      << written;
  EXPECT_FALSE(std::filesystem::exists(path));
  EXPECT_EQ(TemporariesNear(path), 0);
}

// A file made at the path while a table was computed (or any file there)
// is never replaced: the write fails naming it, the file keeps its bytes.
TEST(TableFile, NeverReplacesAFileThere) {
  const std::string path = TempPath("users_file");
  WriteBytes(path, "the user's notes\n");
  const std::vector<uint8_t> payload = Payload();
  const absl::Status written =
      WriteTableFile(path, kHeader, payload.data(), 1000);
  EXPECT_EQ(written.code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(written.message().find("left as it is"), std::string::npos)
      << written;
  EXPECT_EQ(ReadBytes(path), "the user's notes\n");
  EXPECT_EQ(TemporariesNear(path), 0);
  std::remove(path.c_str());
}

// The same table saved by another process first (two processes filling one
// cache directory): the second save finds it there and succeeds.
TEST(TableFile, TheSameTableAlreadyThereIsSuccess) {
  const std::string path = TempPath("same_table");
  const std::vector<uint8_t> payload = Payload();
  ASSERT_TRUE(WriteTableFile(path, kHeader, payload.data(), 1000).ok());
  EXPECT_TRUE(WriteTableFile(path, kHeader, payload.data(), 1000).ok());
  std::vector<uint8_t> other = payload;
  other[7] ^= 1;  // another table of the same kind: left as it is
  EXPECT_FALSE(WriteTableFile(path, kHeader, other.data(), 1000).ok());
  absl::StatusOr<TableFileReader> in = TableFileReader::Open(path);
  ASSERT_TRUE(in.ok());
  std::vector<uint8_t> back(1000);
  ASSERT_TRUE(in->ReadPayload(back.data(), 1000).ok());
  EXPECT_EQ(back, payload);
  EXPECT_EQ(TemporariesNear(path), 0);
  std::remove(path.c_str());
}

// A link to nothing is something at the path: reading it is an error
// (not "no file", which would start a build) and writing never replaces
// the link.
TEST(TableFile, DanglingLinkIsNeitherReadNorReplaced) {
  const std::string path = TempPath("dangling");
  const std::string target = TempPath("dangling_target");
  std::error_code error;
  std::filesystem::create_symlink(target, path, error);
  if (error) {  // Windows gives symbolic links to privileged accounts only
    GTEST_SKIP() << "cannot make a symbolic link here: " << error.message();
  }
  const absl::StatusOr<TableFileReader> in = TableFileReader::Open(path);
  EXPECT_EQ(in.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(in.status().message().find("symbolic link to nothing"),
            std::string::npos)
      << in.status();
  const std::vector<uint8_t> payload = Payload();
  EXPECT_FALSE(WriteTableFile(path, kHeader, payload.data(), 1000).ok());
  EXPECT_TRUE(std::filesystem::is_symlink(path));
  EXPECT_FALSE(std::filesystem::exists(target));
  std::remove(path.c_str());
}

}  // namespace
}  // namespace gameai
