#include "gameai/core/json_writer.h"

#include <limits>

#include "gtest/gtest.h"

namespace gameai {
namespace {

TEST(JsonWriter, NestedContainers) {
  JsonWriter w;
  w.BeginObject();
  w.Key("a");
  w.Int(-3);
  w.Key("list");
  w.BeginArray();
  w.Double(0.5);
  w.Bool(true);
  w.BeginObject();
  w.EndObject();
  w.EndArray();
  w.Key("s");
  w.String("x\"y\\\n");
  w.EndObject();
  EXPECT_EQ(w.Take(), R"({"a": -3, "list": [0.5, true, {}], "s": "x\"y\\\n"})");
}

TEST(JsonWriter, NonFiniteIsNull) {
  JsonWriter w;
  w.BeginArray();
  w.Double(std::numeric_limits<double>::infinity());
  w.EndArray();
  EXPECT_EQ(w.Take(), "[null]");
}

TEST(JsonWriter, NullAfterKeyAndInArray) {
  JsonWriter w;
  w.BeginObject();
  w.Key("wins");
  w.Null();
  w.Key("list");
  w.BeginArray();
  w.Null();
  w.Int(1);
  w.EndArray();
  w.EndObject();
  EXPECT_EQ(w.Take(), R"({"wins": null, "list": [null, 1]})");
}

TEST(JsonWriter, ControlCharactersEscaped) {
  EXPECT_EQ(JsonWriter::Quote(std::string("\x01", 1)), "\"\\u0001\"");
}

TEST(JsonWriter, InvalidUtf8IsReplacedSoTheDocumentStaysValid) {
  EXPECT_EQ(JsonWriter::Quote("a\xff" "b"), "\"a\xef\xbf\xbd" "b\"");
}

TEST(JsonWriter, WholeNumberDoublesPrintWithoutFraction) {
  JsonWriter w;
  w.BeginArray();
  w.Double(2.0);
  w.Double(-0.25);
  w.Uint(18446744073709551615u);
  w.EndArray();
  EXPECT_EQ(w.Take(), "[2, -0.25, 18446744073709551615]");
}

TEST(JsonWriter, TakeLeavesTheWriterEmpty) {
  JsonWriter w;
  w.Int(1);
  EXPECT_EQ(w.Take(), "1");
  w.BeginObject();
  w.EndObject();
  EXPECT_EQ(w.Take(), "{}");
}

}  // namespace
}  // namespace gameai
