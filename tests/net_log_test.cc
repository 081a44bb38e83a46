#include <random>
#include <string>
#include <vector>

#include "file_test_util.h"
#include "gameai/net/tournament_log.h"
#include "gtest/gtest.h"

namespace gameai::net {
namespace {

using nlohmann::json;
using testing::ReadBytes;
using testing::WriteBytes;

const json kHeader = {
    {"type", "tournament"}, {"game", "minirisk"}, {"games", 4}, {"seed", 1}};

std::string TempPath(const std::string& name) {
  return ::testing::TempDir() + "net_log_" + name + "_" +
         std::to_string(std::random_device{}());
}

json Game(int index, json replies) {
  return {{"type", "game"}, {"index", index}, {"replies", replies}};
}

TEST(TournamentLog, CreateRefusesAFileThatHoldsAnything) {
  const std::string path = TempPath("refuse");
  WriteBytes(path, "my notes\n");
  absl::StatusOr<TournamentLog> log = TournamentLog::Create(path, kHeader);
  EXPECT_EQ(log.status().code(), absl::StatusCode::kAlreadyExists);
  EXPECT_NE(log.status().message().find("--resume"), std::string::npos);
  EXPECT_EQ(ReadBytes(path), "my notes\n");
  unlink(path.c_str());
}

TEST(TournamentLog, ResumeReadsTheRepliesOfEveryLoggedGame) {
  const std::string path = TempPath("resume");
  unlink(path.c_str());
  {
    absl::StatusOr<TournamentLog> log = TournamentLog::Create(path, kHeader);
    ASSERT_TRUE(log.ok()) << log.status();
    ASSERT_TRUE(log->Append(Game(0, {{"2", {3, {{"error", "late"}}}}})).ok());
    ASSERT_TRUE(log->Append(Game(1, {{"2", {7}}})).ok());
  }
  LoggedGames logged;
  absl::StatusOr<TournamentLog> log =
      TournamentLog::Resume(path, kHeader, logged);
  ASSERT_TRUE(log.ok()) << log.status();
  ASSERT_EQ(logged.games.size(), 2u);
  const std::vector<GameReplies>& replies = logged.replies[2];
  ASSERT_EQ(replies.size(), 2u);
  ASSERT_EQ(replies[0].size(), 2u);
  EXPECT_EQ(replies[0][0].action, 3);
  EXPECT_FALSE(replies[0][1].action.has_value());
  EXPECT_EQ(replies[0][1].error, "late");
  EXPECT_EQ(replies[1][0].action, 7);
  unlink(path.c_str());
}

TEST(TournamentLog, ResumeCutsALineTheKillLeftUnfinished) {
  const std::string path = TempPath("torn");
  const std::string whole =
      kHeader.dump() + "\n" + Game(0, json::object()).dump() + "\n";
  WriteBytes(path, whole + "{\"type\":\"game\",\"ind");
  LoggedGames logged;
  absl::StatusOr<TournamentLog> log =
      TournamentLog::Resume(path, kHeader, logged);
  ASSERT_TRUE(log.ok()) << log.status();
  EXPECT_EQ(logged.games.size(), 1u);
  EXPECT_EQ(ReadBytes(path), whole);
  unlink(path.c_str());
}

// The reproducer: a file of the user's without a final newline was cut to
// its last newline before it was found not to be a log.
TEST(TournamentLog, ResumeLeavesAFileThatIsNotALogAsItWas) {
  const std::string path = TempPath("notes");
  const std::vector<std::string> files = {
      "just one line without newline", "my notes\nsecond line, no newline",
      kHeader.dump() + "\nmy notes\nno newline"};
  for (const std::string& notes : files) {
    WriteBytes(path, notes);
    LoggedGames logged;
    absl::StatusOr<TournamentLog> log =
        TournamentLog::Resume(path, kHeader, logged);
    EXPECT_FALSE(log.ok()) << notes;
    EXPECT_EQ(ReadBytes(path), notes);
  }
  unlink(path.c_str());
}

TEST(TournamentLog, ResumeRefusesTheLogOfAnotherTournament) {
  const std::string path = TempPath("other");
  json other = kHeader;
  other["seed"] = 2;
  WriteBytes(path, other.dump() + "\n");
  LoggedGames logged;
  absl::StatusOr<TournamentLog> log =
      TournamentLog::Resume(path, kHeader, logged);
  EXPECT_EQ(log.status().code(), absl::StatusCode::kFailedPrecondition);
  EXPECT_NE(log.status().message().find("seed"), std::string::npos);
  unlink(path.c_str());
}

TEST(TournamentLog, ResumeRefusesGamesOutOfOrder) {
  const std::string path = TempPath("order");
  WriteBytes(path,
             kHeader.dump() + "\n" + Game(1, json::object()).dump() + "\n");
  LoggedGames logged;
  EXPECT_EQ(TournamentLog::Resume(path, kHeader, logged).status().code(),
            absl::StatusCode::kDataLoss);
  unlink(path.c_str());
}

}  // namespace
}  // namespace gameai::net
