// The endgame database against a plain full-width search, filled on demand
// and completely, and its file round trip.
#include <cstdio>
#include <fstream>
#include <string>
#include <utility>

#include "file_test_util.h"
#include "fmt/format.h"
#include "gameai/base/file_io.h"
#include "gameai/base/random.h"
#include "gameai/mancala/endgame_db.h"
#include "gameai/mancala/solver.h"
#include "gtest/gtest.h"
#include "mancala_boards.h"
#include "mancala_reference.h"

namespace gameai::mancala {
namespace {

using testing::MakeRules;
using testing::PlainReference;

constexpr int kDbSeeds = 8;

// RandomSpread: a position of the 6-pit board with 1..kDbSeeds seeds in
// the pits, both sides holding some, empty stores, either side to move.
Position RandomSpread(const Rules& rules, Rng& rng) {
  while (true) {
    Position s = rules.InitialPosition();
    for (int p = 0; p < 2; ++p) {
      for (int i = 0; i < rules.pits(); ++i) s.board[rules.PitIndex(p, i)] = 0;
    }
    const int k = 1 + static_cast<int>(rng.Below(kDbSeeds));
    for (int seed = 0; seed < k; ++seed) {
      ++s.board[rules.PitIndex(static_cast<Player>(rng.Below(2)),
                               static_cast<int>(rng.Below(rules.pits())))];
    }
    s.to_move = static_cast<uint8_t>(rng.Below(2));
    if (!rules.SideEmpty(s, 0) && !rules.SideEmpty(s, 1)) return s;
  }
}

// FutureByReference: the side to move's future margin (stores are empty).
int FutureByReference(PlainReference& reference, const Position& s) {
  const int margin = reference.Margin(s);
  return s.to_move == 0 ? margin : -margin;
}

std::unique_ptr<EndgameDb> MakeDb(const Rules& rules, int seeds) {
  absl::StatusOr<std::unique_ptr<EndgameDb>> db =
      EndgameDb::Create(rules, seeds);
  EXPECT_TRUE(db.ok()) << db.status();
  return db.ok() ? *std::move(db) : nullptr;
}

// A complete build shares its ranks out among threads: the same bytes on
// any number of them, every entry filled.
TEST(EndgameDb, CompleteBuildIsTheSameOnAnyThreads) {
  for (int pits : {1, 3, 6}) {
    const Rules rules = MakeRules({.pits = pits, .empty_capture = pits == 3});
    std::unique_ptr<EndgameDb> one = MakeDb(rules, kDbSeeds);
    std::unique_ptr<EndgameDb> three = MakeDb(rules, kDbSeeds);
    ASSERT_NE(one, nullptr);
    ASSERT_NE(three, nullptr);
    one->FillAll(1);
    three->FillAll(3);
    ASSERT_TRUE(one->complete());
    ASSERT_TRUE(three->complete());
    for (int64_t i = 0; i < one->bytes(); ++i) {
      ASSERT_EQ(one->Stored(i), three->Stored(i))
          << pits << " pits, entry " << i;
    }
  }
}

TEST(EndgameDb, AgreesWithPlainSearchFilledCompletelyOrOnDemand) {
  for (bool empty_capture : {false, true}) {
    const Rules rules = MakeRules({.empty_capture = empty_capture});
    PlainReference reference(rules);
    std::unique_ptr<EndgameDb> complete = MakeDb(rules, kDbSeeds);
    std::unique_ptr<EndgameDb> on_demand = MakeDb(rules, kDbSeeds);
    ASSERT_NE(complete, nullptr);
    ASSERT_NE(on_demand, nullptr);
    complete->FillAll();
    EXPECT_TRUE(complete->complete());
    EXPECT_EQ(complete->bytes(), EndgameDb::Entries(6, kDbSeeds));
    EXPECT_EQ(complete->bytes(), 125970);  // C(8 + 12, 12) spreads
    Rng rng(5);
    for (int i = 0; i < 400; ++i) {
      const Position s = RandomSpread(rules, rng);
      const int expected = FutureByReference(reference, s);
      ASSERT_EQ(complete->Value(s), expected) << rules.Serialize(s);
      ASSERT_EQ(on_demand->Value(s), expected) << rules.Serialize(s);
    }
    EXPECT_GT(on_demand->filled(), 0);
    EXPECT_LT(on_demand->filled(), on_demand->bytes());
  }
}

TEST(EndgameDb, MirroredPositionsShareAnEntry) {
  const Rules rules = MakeRules({});
  const int mover[6] = {1, 0, 0, 0, 0, 2}, other[6] = {0, 3, 0, 0, 0, 1};
  Position s = rules.InitialPosition(), mirror = rules.InitialPosition();
  for (int i = 0; i < 6; ++i) {
    s.board[rules.PitIndex(0, i)] = mirror.board[rules.PitIndex(1, i)] =
        static_cast<uint8_t>(mover[i]);
    s.board[rules.PitIndex(1, i)] = mirror.board[rules.PitIndex(0, i)] =
        static_cast<uint8_t>(other[i]);
  }
  s.to_move = 0;
  mirror.to_move = 1;
  std::unique_ptr<EndgameDb> db = MakeDb(rules, kDbSeeds);
  ASSERT_NE(db, nullptr);
  EXPECT_EQ(db->Index(s, 7), db->Index(mirror, 7));
  EXPECT_EQ(db->Value(s), db->Value(mirror));
}

class EndgameDbFile : public ::testing::Test {
 protected:
  // Path: a file path with nothing there yet (a database file is never
  // written over anything).
  std::string Path(const std::string& name) {
    const std::string path =
        ::testing::TempDir() + "/gameai_kalah_" + name + ".db";
    std::remove(path.c_str());
    return path;
  }
};

TEST_F(EndgameDbFile, SavedDatabaseLoadsEntryForEntry) {
  const Rules rules = MakeRules({});
  const std::string path = Path("round_trip");
  bool loaded = true;
  absl::StatusOr<std::unique_ptr<EndgameDb>> built =
      EndgameDb::LoadOrBuild(rules, 6, path, &loaded);
  ASSERT_TRUE(built.ok()) << built.status();
  EXPECT_FALSE(loaded);
  absl::StatusOr<std::unique_ptr<EndgameDb>> again =
      EndgameDb::LoadOrBuild(rules, 6, path, &loaded);
  ASSERT_TRUE(again.ok()) << again.status();
  EXPECT_TRUE(loaded);
  ASSERT_TRUE((*again)->complete());
  for (int64_t i = 0; i < (*built)->bytes(); ++i) {
    ASSERT_EQ((*again)->Stored(i), (*built)->Stored(i)) << i;
  }
  std::remove(path.c_str());
}

TEST_F(EndgameDbFile, ForeignOrDamagedFilesAreErrors) {
  const Rules rules = MakeRules({});
  const std::string path = Path("damaged");
  std::unique_ptr<EndgameDb> db = MakeDb(rules, 5);
  ASSERT_NE(db, nullptr);
  db->FillAll();
  ASSERT_TRUE(db->Save(path).ok());

  // Another capture rule or size: the header says so.
  absl::StatusOr<std::unique_ptr<EndgameDb>> other =
      EndgameDb::Load(MakeRules({.empty_capture = true}), 5, path);
  EXPECT_EQ(other.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(other.status().message().find("empty_capture=0"),
            std::string::npos);
  EXPECT_FALSE(EndgameDb::Load(rules, 4, path).ok());
  EXPECT_EQ(EndgameDb::Load(rules, 5, Path("missing")).status().code(),
            absl::StatusCode::kNotFound);

  // Truncated, then with a byte too many.
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  std::ofstream(path, std::ios::binary) << bytes.substr(0, bytes.size() / 2);
  absl::StatusOr<std::unique_ptr<EndgameDb>> truncated =
      EndgameDb::Load(rules, 5, path);
  EXPECT_NE(truncated.status().message().find("truncated"), std::string::npos)
      << truncated.status();
  std::ofstream(path, std::ios::binary) << bytes << 'x';
  EXPECT_FALSE(EndgameDb::Load(rules, 5, path).ok());
  // A zero byte is an entry without a value.
  bytes.back() = '\0';
  std::ofstream(path, std::ios::binary) << bytes;
  absl::StatusOr<std::unique_ptr<EndgameDb>> hole =
      EndgameDb::Load(rules, 5, path);
  EXPECT_NE(hole.status().message().find("damaged"), std::string::npos)
      << hole.status();
  std::remove(path.c_str());
}

TEST_F(EndgameDbFile, AFileHoldingAnotherDatabaseIsNeverOverwritten) {
  const Rules rules = MakeRules({});
  const std::string path = Path("other_size");
  ASSERT_TRUE(EndgameDb::LoadOrBuild(rules, 5, path).ok());
  EXPECT_EQ(*EndgameDb::FileSeeds(rules, path), 5);
  // Another size or capture rule: an error naming the file, which stays.
  absl::StatusOr<std::unique_ptr<EndgameDb>> other =
      EndgameDb::LoadOrBuild(rules, 6, path);
  ASSERT_FALSE(other.ok());
  EXPECT_NE(other.status().message().find("up to 5 seeds, not 6"),
            std::string::npos)
      << other.status();
  EXPECT_FALSE(
      EndgameDb::LoadOrBuild(MakeRules({.empty_capture = true}), 5, path).ok());
  EXPECT_FALSE(EndgameDb::FileSeeds(MakeRules({.pits = 5}), path).ok());
  // A file that could not be written is an error before any building.
  absl::StatusOr<std::unique_ptr<EndgameDb>> unwritable =
      EndgameDb::LoadOrBuild(rules, 5, Path("no_such_dir/x"));
  ASSERT_FALSE(unwritable.ok());
  EXPECT_TRUE(gameai::testing::NamesAMissingFolder(
      std::string(unwritable.status().message())))
      << unwritable.status();
  EXPECT_EQ(*EndgameDb::FileSeeds(rules, path), 5);
  // Load(-1) takes the file's size; so does the solver left to choose.
  absl::StatusOr<std::unique_ptr<EndgameDb>> any =
      EndgameDb::Load(rules, -1, path);
  ASSERT_TRUE(any.ok()) << any.status();
  EXPECT_EQ((*any)->max_seeds(), 5);
  const Rules small = MakeRules({.pits = 6, .seeds = 1});
  absl::StatusOr<SolveResult> solved = SolveKalah(
      small, small.InitialPosition(), {.tt_log2_size = 16, .db_file = path});
  absl::StatusOr<SolveResult> on_demand =
      SolveKalah(small, small.InitialPosition(), {.tt_log2_size = 16});
  ASSERT_TRUE(solved.ok()) << solved.status();
  ASSERT_TRUE(on_demand.ok());
  EXPECT_EQ(solved->db_seeds, 5);
  EXPECT_EQ(solved->db_source, "loaded");
  EXPECT_EQ(solved->margin, on_demand->margin);
  std::remove(path.c_str());
}

TEST_F(EndgameDbFile, OtherRulesFileIsLeftByteIdentical) {
  const std::string path = Path("other_rules");
  ASSERT_TRUE(
      EndgameDb::LoadOrBuild(MakeRules({.empty_capture = true}), 5, path).ok());
  const std::string before = gameai::testing::ReadBytes(path);
  for (const Rules& rules : {MakeRules({}), MakeRules({.pits = 5})}) {
    absl::StatusOr<std::unique_ptr<EndgameDb>> db =
        EndgameDb::LoadOrBuild(rules, 5, path);
    ASSERT_FALSE(db.ok());
    EXPECT_NE(db.status().message().find("empty_capture=1"), std::string::npos)
        << db.status();
    EXPECT_NE(db.status().message().find("remove it or name another file"),
              std::string::npos);
  }
  EXPECT_EQ(gameai::testing::ReadBytes(path), before);
  std::remove(path.c_str());
}

TEST_F(EndgameDbFile, TextFileIsLeftUntouched) {
  const std::string path = Path("text");
  gameai::testing::WriteBytes(path, "kalah notes\n");
  absl::StatusOr<std::unique_ptr<EndgameDb>> db =
      EndgameDb::LoadOrBuild(MakeRules({}), 5, path);
  ASSERT_FALSE(db.ok());
  EXPECT_NE(db.status().message().find("not a gameai table file"),
            std::string::npos)
      << db.status();
  EXPECT_EQ(gameai::testing::ReadBytes(path), "kalah notes\n");
  std::remove(path.c_str());
}

TEST_F(EndgameDbFile, DeviceFileIsRefusedInBoundedMemory) {
  absl::StatusOr<std::unique_ptr<EndgameDb>> db =
      EndgameDb::LoadOrBuild(MakeRules({}), 5, gameai::testing::kDeviceFile);
  ASSERT_FALSE(db.ok());
  EXPECT_NE(db.status().message().find("not a regular file"), std::string::npos)
      << db.status();
}

// A well-formed file (header and checksum right) whose entries are no
// margins: the file's own checksum cannot vouch for what was computed.
TEST_F(EndgameDbFile, EntriesOutOfRangeAreDamagedEvenWithAGoodChecksum) {
  const Rules rules = MakeRules({});
  const std::string path = Path("bad_entries");
  const int64_t entries = EndgameDb::Entries(6, 5);
  const std::string garbage(static_cast<size_t>(entries), '\xff');
  ASSERT_TRUE(WriteTableFile(
                  path,
                  {.kind = "kalah-endgame-db",
                   .version = 2,
                   .params = fmt::format(
                       "pits=6 empty_capture=0 seeds=5 entries={}", entries)},
                  garbage.data(), entries)
                  .ok());
  absl::StatusOr<std::unique_ptr<EndgameDb>> db =
      EndgameDb::Load(rules, 5, path);
  ASSERT_FALSE(db.ok());
  EXPECT_NE(db.status().message().find("hold no margin"), std::string::npos)
      << db.status();
  std::remove(path.c_str());
}

TEST_F(EndgameDbFile, FlippedByteIsAnError) {
  const Rules rules = MakeRules({});
  const std::string path = Path("flipped");
  ASSERT_TRUE(EndgameDb::LoadOrBuild(rules, 5, path).ok());
  std::string bytes = gameai::testing::ReadBytes(path);
  bytes[bytes.size() - 10] ^=
      0x01;  // still a margin: only the checksum sees it
  gameai::testing::WriteBytes(path, bytes);
  absl::StatusOr<std::unique_ptr<EndgameDb>> db =
      EndgameDb::LoadOrBuild(rules, 5, path);
  ASSERT_FALSE(db.ok());
  EXPECT_NE(db.status().message().find("checksum"), std::string::npos)
      << db.status();
  EXPECT_EQ(gameai::testing::ReadBytes(path), bytes);
  std::remove(path.c_str());
}

TEST_F(EndgameDbFile, FailedSaveIsReported) {
  GAMEAI_SKIP_WITHOUT_FILE_SIZE_LIMIT();
  const Rules rules = MakeRules({});
  const std::string path = Path("full_disk");
  absl::StatusOr<std::unique_ptr<EndgameDb>> db;
  absl::StatusOr<SolveResult> solved;
  {
    gameai::testing::FileSizeLimit limit(1024);  // the database is 6 KB
    db = EndgameDb::LoadOrBuild(rules, 5, path);
    const Rules small = MakeRules({.pits = 6, .seeds = 1});
    solved = SolveKalah(small, small.InitialPosition(),
                        {.tt_log2_size = 16, .db_seeds = 5, .db_file = path});
  }
  ASSERT_FALSE(db.ok());
  EXPECT_NE(db.status().message().find("File too large"), std::string::npos)
      << db.status();
  EXPECT_NE(db.status().message().find(path), std::string::npos);
  ASSERT_FALSE(solved.ok());
  EXPECT_NE(solved.status().message().find("File too large"), std::string::npos)
      << solved.status();
  EXPECT_EQ(EndgameDb::FileSeeds(rules, path).status().code(),
            absl::StatusCode::kNotFound);
}

TEST(EndgameDb, RejectsSizesOutOfRange) {
  const Rules rules = MakeRules({});
  EXPECT_FALSE(EndgameDb::Create(rules, -1).ok());
  EXPECT_FALSE(EndgameDb::Create(rules, EndgameDb::kMaxSeeds + 1).ok());
}

// The solver over a complete database kept in a file: the same values as
// over one filled on demand, and the second run loads the file.
TEST_F(EndgameDbFile, SolverUsesTheDatabaseFile) {
  const std::string path = Path("solver");
  for (auto [pits, seeds] : {std::pair{4, 2}, std::pair{3, 3}}) {
    const Rules rules = MakeRules({.pits = pits, .seeds = seeds});
    PlainReference reference(rules);
    const int expected = reference.Margin(rules.InitialPosition());
    for (const char* source : {"built", "loaded"}) {
      absl::StatusOr<SolveResult> r =
          SolveKalah(rules, rules.InitialPosition(),
                     {.tt_log2_size = 16, .db_seeds = 8, .db_file = path});
      ASSERT_TRUE(r.ok()) << r.status();
      EXPECT_EQ(r->margin, expected) << pits << "x" << seeds;
      EXPECT_EQ(r->db_source, source);
      EXPECT_EQ(r->db_entries_filled, r->db_bytes);
    }
    std::remove(path.c_str());
  }
}

}  // namespace
}  // namespace gameai::mancala
