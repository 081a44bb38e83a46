// The outputs' JSON layout (src/base/json_text.h): ", " and ": "
// separators, shortest doubles, null for non-finite numbers, valid UTF-8.
#include "base/json_text.h"

#include <limits>

#include "gtest/gtest.h"

namespace gameai {
namespace {

using Json = nlohmann::ordered_json;

TEST(JsonText, NestedContainersInInsertionOrder) {
  const Json doc = {{"a", -3},
                    {"list", Json::array({0.5, true, Json::object()})},
                    {"s", "x\"y\\\n"}};
  EXPECT_EQ(JsonText(doc),
            R"({"a": -3, "list": [0.5, true, {}], "s": "x\"y\\\n"})");
}

TEST(JsonText, NonFiniteIsNull) {
  EXPECT_EQ(JsonText(Json::array({std::numeric_limits<double>::infinity(),
                                  std::numeric_limits<double>::quiet_NaN()})),
            "[null, null]");
}

TEST(JsonText, NullAfterKeyAndInArray) {
  const Json doc = {{"wins", nullptr}, {"list", Json::array({nullptr, 1})}};
  EXPECT_EQ(JsonText(doc), R"({"wins": null, "list": [null, 1]})");
}

TEST(JsonText, ControlCharactersEscaped) {
  EXPECT_EQ(JsonText(std::string("\x01", 1)), "\"\\u0001\"");
}

TEST(JsonText, InvalidUtf8IsReplacedSoTheDocumentStaysValid) {
  EXPECT_EQ(JsonText("a\xff"
                     "b"),
            "\"a\xef\xbf\xbd"
            "b\"");
  EXPECT_EQ(JsonText({{"k\xff", 1}}), "{\"k\xef\xbf\xbd\": 1}");
}

TEST(JsonText, WholeNumberDoublesPrintWithoutFraction) {
  EXPECT_EQ(JsonText(Json::array({2.0, -0.25, 18446744073709551615u})),
            "[2, -0.25, 18446744073709551615]");
}

TEST(JsonText, EmptyContainers) {
  EXPECT_EQ(JsonText(Json::object()), "{}");
  EXPECT_EQ(JsonText(Json::array()), "[]");
}

}  // namespace
}  // namespace gameai
