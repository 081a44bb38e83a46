// gameai/base/file_io.h: table files (caches and databases) that are never
// lost or trusted blindly.
//
// A table file is one header line naming what it holds, then the payload:
//
//   gameai-table <kind> v<version> <params...> bytes=<N> checksum=<16 hex>\n
//
// for example `gameai-table kalah-endgame-db v2 pits=6 empty_capture=0
// seeds=22 bytes=574221252 checksum=...`. The checksum is Checksum64 of the
// payload. A reader checks the header (at most kMaxHeaderBytes are read, so
// /dev/zero or a huge text file costs nothing), the file's exact size and
// the checksum before a caller uses a byte; a writer writes a temporary
// file in the same directory and moves it to the path only if nothing is
// there (not even a link to nothing), so a table file never replaces
// anything, not even a file made while the table was computed, and every
// failure names the path and the system's reason.
//
//   GAMEAI_RETURN_IF_ERROR(WriteTableFile(path, {.kind = "yacht-table",
//       .version = 2, .params = "yahtzee_bonus=0"}, data, bytes));
//   absl::StatusOr<TableFileReader> in = TableFileReader::Open(path);
//   GAMEAI_RETURN_IF_ERROR(in->Expect("yacht-table", 2, "yahtzee_bonus=0"));
//   GAMEAI_RETURN_IF_ERROR(in->ReadPayload(data, bytes));
#ifndef GAMEAI_BASE_FILE_IO_H_
#define GAMEAI_BASE_FILE_IO_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "absl/status/status.h"
#include "absl/status/statusor.h"

namespace gameai {

// Checksum64: FNV-1a over the payload's 64-bit little-endian words in four
// interleaved lanes (then the tail bytes, the length and the lanes mixed):
// several GB/s, and any changed byte changes it.
uint64_t Checksum64(const void* data, size_t bytes);

// TableHeader: what a table file says it holds.
struct TableHeader {
  std::string kind;    // e.g. "kalah-endgame-db"
  int version = 1;     // of the payload's layout
  std::string params;  // what it was made for, "key=value" words
  int64_t payload_bytes = 0;
  uint64_t checksum = 0;
  // Describe: "kalah-endgame-db v2 (pits=6 ...)".
  std::string Describe() const;
  friend bool operator==(const TableHeader&, const TableHeader&) = default;
};

inline constexpr size_t kMaxHeaderBytes = 512;

// WriteTableFile: the header (kind, version, params of `header`; size and
// checksum computed) and `bytes` of `payload` to a new file `path`,
// through a temporary file in its directory moved into place. The same
// table already there (another process saved it first) is success.
// Errors (FailedPrecondition) name the path and the reason (errno text, or
// that something else is at `path`, which is left as it is); the temporary
// file is then removed.
absl::Status WriteTableFile(const std::string& path, const TableHeader& header,
                            const void* payload, int64_t bytes);

// CheckWritable: whether a file can be created in the directory of `path`
// (one is created and removed): asked before minutes of building.
absl::Status CheckWritable(const std::string& path);

// CheckNewFile: CheckWritable, and AlreadyExists when anything (a link to
// nothing included) is at `path`: asked before a report is computed.
absl::Status CheckNewFile(const std::string& path);
// WriteNewFile: `text` as a new file at `path` (reports), through a
// temporary file moved into place only where nothing is; AlreadyExists,
// naming the path, when something is there, which is left as it is.
absl::Status WriteNewFile(const std::string& path, std::string_view text);

class TableFileReader {
 public:
  // Open: reads and parses the header. Errors: NotFound when nothing is at
  // `path` (a link to nothing is InvalidArgument: something is there);
  // FailedPrecondition when it cannot be opened or read (the system's reason);
  // InvalidArgument for something other than a regular file or a file that is
  // not a table (naming what it starts with), or a size that does not match its
  // header (truncated, or bytes after the table).
  static absl::StatusOr<TableFileReader> Open(const std::string& path);

  TableFileReader(TableFileReader&& other) noexcept;
  TableFileReader& operator=(TableFileReader&& other) noexcept;
  TableFileReader(const TableFileReader&) = delete;
  TableFileReader& operator=(const TableFileReader&) = delete;
  ~TableFileReader();

  const TableHeader& header() const { return header_; }
  const std::string& path() const { return path_; }

  // Expect: InvalidArgument naming what the file holds and what was
  // expected unless its kind, version and params are these.
  absl::Status Expect(std::string_view kind, int version,
                      std::string_view params) const;
  // Field: the integer value of `key=` among the params.
  absl::StatusOr<int64_t> Field(std::string_view key) const;

  // ReadPayload: the payload into `out`. REQUIRES bytes ==
  // header().payload_bytes (else InvalidArgument). Errors: a read error
  // (the system's reason) or a checksum that does not match (a damaged file).
  absl::Status ReadPayload(void* out, int64_t bytes);

 private:
  TableFileReader(int64_t file, std::string path, TableHeader header,
                  int64_t payload_offset);
  int64_t file_ = -1;  // the platform's handle of the open file
  std::string path_;
  TableHeader header_;
  int64_t payload_offset_ = 0;
};

// LoadOrMake: the table a cache file holds, or a new one written there.
// `load()` reads `path`; when nothing is there (NotFound), `make()`
// builds the table, which is then saved to `path` (asked writable first,
// so that no minutes of building are lost to a directory that refuses
// it). Anything else at `path` (another table, a damaged one, other data)
// is the user's: an error "WHAT: <why> (remove it or name another file)",
// never replaced. An empty `path`: make() alone. `loaded`, when given,
// says which happened. Table: a pointer whose target has
// `absl::Status Save(const std::string&) const`.
template <typename Table, typename Load, typename Make>
absl::StatusOr<Table> LoadOrMake(std::string_view what, const std::string& path,
                                 Load load, Make make, bool* loaded = nullptr) {
  if (loaded != nullptr) *loaded = false;
  if (!path.empty()) {
    absl::StatusOr<Table> table = load();
    if (table.ok()) {
      if (loaded != nullptr) *loaded = true;
      return table;
    }
    if (!absl::IsNotFound(table.status())) {
      return absl::Status(table.status().code(),
                          std::string(what) + ": " +
                              std::string(table.status().message()) +
                              " (remove it or name another file)");
    }
    if (absl::Status writable = CheckWritable(path); !writable.ok()) {
      return writable;
    }
  }
  absl::StatusOr<Table> table = make();
  if (!table.ok() || path.empty()) return table;
  if (absl::Status saved = (*table)->Save(path); !saved.ok()) return saved;
  return table;
}

}  // namespace gameai

#endif  // GAMEAI_BASE_FILE_IO_H_
