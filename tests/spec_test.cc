#include "gameai/dynamic/spec.h"

#include "gtest/gtest.h"

namespace gameai {
namespace {

TEST(ParseSpec, NameOnly) {
  absl::StatusOr<Spec> spec = ParseSpec(" mancala ");
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ(spec->name, "mancala");
  EXPECT_TRUE(spec->args.empty());
}

TEST(ParseSpec, ArgumentsInOrder) {
  absl::StatusOr<Spec> spec =
      ParseSpec("mancala(pits=6, seeds = 4,empty_capture=true)");
  ASSERT_TRUE(spec.ok()) << spec.status();
  EXPECT_EQ(spec->name, "mancala");
  ASSERT_EQ(spec->args.size(), 3u);
  EXPECT_EQ(spec->args[0], (std::pair<std::string, std::string>{"pits", "6"}));
  EXPECT_EQ(spec->args[1], (std::pair<std::string, std::string>{"seeds", "4"}));
  EXPECT_EQ(spec->args[2].second, "true");
}

TEST(ParseSpec, EmptyParenthesesMeanNoArguments) {
  absl::StatusOr<Spec> spec = ParseSpec("random()");
  ASSERT_TRUE(spec.ok());
  EXPECT_TRUE(spec->args.empty());
}

TEST(ParseSpec, RejectsMalformed) {
  for (const char* bad :
       {"", "mancala(", "mancala)", "man cala", "mancala(pits)", "mancala(=3)",
        "t(db_file=\"\")", "t(db_file='x')", "mancala(a=1,a=2)",
        "mancala(a=(1))", "mancala(a=1,,b=2)", "m(a=1=2)"}) {
    EXPECT_FALSE(ParseSpec(bad).ok()) << bad;
  }
}

TEST(ParseSpec, EmptyValueIsTheEmptyString) {
  // What a canonical spec writes for an empty string parameter parses back.
  absl::StatusOr<Spec> spec = ParseSpec("alphabeta(db_file=, tt=-1)");
  ASSERT_TRUE(spec.ok()) << spec.status();
  ASSERT_EQ(spec->args.size(), 2u);
  EXPECT_EQ(spec->args[0],
            (std::pair<std::string, std::string>{"db_file", ""}));
}

TEST(ParseSpec, QuotedValueIsRefusedWithTheReason) {
  absl::StatusOr<Spec> spec = ParseSpec("alphabeta(db_file=\"\")");
  ASSERT_FALSE(spec.ok());
  EXPECT_NE(spec.status().message().find("values are written without quotes"),
            absl::string_view::npos)
      << spec.status();
}

TEST(SplitTopLevel, KeepsCommasInsideParentheses) {
  absl::StatusOr<std::vector<std::string>> parts =
      SplitTopLevel("mcts(simulations=10,seed=1), greedy,random(seed=2)");
  ASSERT_TRUE(parts.ok());
  EXPECT_EQ(*parts, (std::vector<std::string>{"mcts(simulations=10,seed=1)",
                                              "greedy", "random(seed=2)"}));
}

TEST(SplitTopLevel, RejectsEmptyAndUnbalanced) {
  EXPECT_FALSE(SplitTopLevel("a,,b").ok());
  EXPECT_FALSE(SplitTopLevel("a(b").ok());
  EXPECT_FALSE(SplitTopLevel("a)b(").ok());
  EXPECT_FALSE(SplitTopLevel("").ok());
}

}  // namespace
}  // namespace gameai
