// gameai/core/json_writer.h: a small streaming JSON writer (formatting with
// fmt), enough for machine-readable results.
//
//   JsonWriter w;
//   w.BeginObject(); w.Key("games"); w.Int(200); w.EndObject();
//   std::string text = w.Take();   // {"games": 200}
#ifndef GAMEAI_CORE_JSON_WRITER_H_
#define GAMEAI_CORE_JSON_WRITER_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace gameai {

class JsonWriter {
 public:
  void BeginObject();
  void EndObject();
  void BeginArray();
  void EndArray();
  void Key(std::string_view key);
  void String(std::string_view value);
  void Int(int64_t value);
  void Uint(uint64_t value);
  // Double: shortest round-trip form; NaN and infinities become null.
  void Double(double value);
  void Bool(bool value);
  void Null();
  std::string Take();

  // Quote: `value` as a JSON string literal.
  static std::string Quote(std::string_view value);

 private:
  void BeforeValue();
  std::string out_;
  // Per open container: whether it already holds an element.
  std::vector<bool> has_element_;
  bool after_key_ = false;
};

}  // namespace gameai

#endif  // GAMEAI_CORE_JSON_WRITER_H_
