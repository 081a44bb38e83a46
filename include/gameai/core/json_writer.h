// gameai/core/json_writer.h: a streaming builder of JSON documents for
// machine-readable results, on nlohmann-json (the document and the string
// escaping are the library's; Take() keeps the layout of every earlier
// release: one line, ", " and ": " separators, doubles in their shortest
// round-trip form, so that the outputs do not change).
//
//   JsonWriter w;
//   w.BeginObject(); w.Key("games"); w.Int(200); w.EndObject();
//   std::string text = w.Take();   // {"games": 200}
#ifndef GAMEAI_CORE_JSON_WRITER_H_
#define GAMEAI_CORE_JSON_WRITER_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace gameai {

class JsonWriter {
 public:
  JsonWriter();
  ~JsonWriter();
  JsonWriter(JsonWriter&&) noexcept;
  JsonWriter& operator=(JsonWriter&&) noexcept;

  void BeginObject();
  void EndObject();
  void BeginArray();
  void EndArray();
  void Key(std::string_view key);
  // String: text that is not valid UTF-8 has the bad bytes replaced by
  // U+FFFD, so that the document stays valid JSON.
  void String(std::string_view value);
  void Int(int64_t value);
  void Uint(uint64_t value);
  // Double: shortest round-trip form; NaN and infinities become null.
  void Double(double value);
  void Bool(bool value);
  void Null();
  // Take: the document written so far (REQUIRES every container closed),
  // leaving the writer empty.
  std::string Take();

  // Quote: `value` as a JSON string literal.
  static std::string Quote(std::string_view value);

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace gameai

#endif  // GAMEAI_CORE_JSON_WRITER_H_
