#include "gameai/dynamic/params.h"

#include "gameai/base/status_macros.h"
#include "gtest/gtest.h"

namespace gameai {
namespace {

const std::vector<ParamDef>& Defs() {
  static const std::vector<ParamDef> defs = {
      ParamDef::Int("pits", 6, 1, 8, "pits"),
      ParamDef::Double("c", 1.5, 0, 10, "constant"),
      ParamDef::Bool("flag", false, "a switch"),
      ParamDef::String("name", "x", "a name"),
  };
  return defs;
}

absl::StatusOr<Params> Resolve(const char* text) {
  GAMEAI_ASSIGN_OR_RETURN(Spec spec, ParseSpec(text));
  return ResolveParams(spec, Defs(), "game 't'");
}

TEST(ResolveParams, FillsDefaults) {
  absl::StatusOr<Params> p = Resolve("t");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->GetInt("pits"), 6);
  EXPECT_DOUBLE_EQ(p->GetDouble("c"), 1.5);
  EXPECT_FALSE(p->GetBool("flag"));
  EXPECT_EQ(p->GetString("name"), "x");
}

TEST(ResolveParams, TakesGivenValues) {
  absl::StatusOr<Params> p = Resolve("t(flag=true,pits=+3,c=0.25,name=abc)");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->GetInt("pits"), 3);
  EXPECT_DOUBLE_EQ(p->GetDouble("c"), 0.25);
  EXPECT_TRUE(p->GetBool("flag"));
  EXPECT_EQ(p->GetString("name"), "abc");
  EXPECT_EQ(p->Canonical("t"), "t(pits=3,c=0.25,flag=true,name=abc)");
}

TEST(ResolveParams, UnknownKeyListsAccepted) {
  absl::StatusOr<Params> p = Resolve("t(pitz=3)");
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.status().message().find("unknown parameter 'pitz'"),
            absl::string_view::npos);
  EXPECT_NE(p.status().message().find("pits: int in [1, 8]"),
            absl::string_view::npos);
}

TEST(ResolveParams, RejectsMalformedAndOutOfRange) {
  for (const char* bad : {"t(pits=0)", "t(pits=9)", "t(pits=2.5)", "t(pits=x)",
                          "t(c=-1)", "t(c=nan)", "t(c=1e9)", "t(flag=yes)"}) {
    absl::StatusOr<Params> p = Resolve(bad);
    EXPECT_FALSE(p.ok()) << bad;
    EXPECT_NE(p.status().message().find("accepted"), absl::string_view::npos)
        << bad;
  }
}

TEST(ResolveParams, EmptyValueIsAStringOnly) {
  absl::StatusOr<Params> p = Resolve("t(name=)");
  ASSERT_TRUE(p.ok()) << p.status();
  EXPECT_EQ(p->GetString("name"), "");
  EXPECT_EQ(p->Canonical("t"), "t(pits=6,c=1.5,flag=false,name=)");
  for (const char* bad : {"t(pits=)", "t(c=)", "t(flag=)"}) {
    EXPECT_FALSE(Resolve(bad).ok()) << bad;
  }
}

TEST(ResolveParams, IntBoundsAreExactPastDoublePrecision) {
  // 2^53 + 1 rounds to 2^53 as a double: the range test must not.
  const std::vector<ParamDef> defs = {
      ParamDef::Int("seed", 0, 0, int64_t{1} << 53, "a seed")};
  auto resolve = [&](const std::string& value) {
    return ResolveParams(*ParseSpec("t(seed=" + value + ")"), defs, "agent");
  };
  EXPECT_TRUE(resolve("9007199254740992").ok());
  const absl::StatusOr<Params> past = resolve("9007199254740993");
  ASSERT_FALSE(past.ok());
  EXPECT_NE(past.status().message().find("is out of range; accepted: seed: "
                                         "int in [0, 9007199254740992]"),
            absl::string_view::npos)
      << past.status();
}

}  // namespace
}  // namespace gameai
