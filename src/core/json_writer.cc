#include "gameai/core/json_writer.h"

#include <cmath>
#include <vector>

#include "fmt/format.h"
#include "nlohmann/json.hpp"

namespace gameai {

using Json = nlohmann::ordered_json;

struct JsonWriter::Impl {
  Json root;
  std::vector<Json*> open;  // the containers not yet closed, innermost last
  std::string key;
  bool after_key = false;
  bool has_root = false;

  // Add: `value` into the innermost container (under the pending key), or
  // as the document; returns where it went.
  Json* Add(Json value) {
    if (open.empty()) {
      root = std::move(value);
      has_root = true;
      return &root;
    }
    Json& parent = *open.back();
    if (parent.is_object()) {
      after_key = false;
      parent[key] = std::move(value);
      return &parent[key];
    }
    parent.push_back(std::move(value));
    return &parent.back();
  }
};

namespace {

// Print: the layout of the outputs (see the header); doubles through fmt,
// whose shortest form prints 2 as "2" where the library would print "2.0".
void Print(const Json& v, std::string& out) {
  switch (v.type()) {
    case Json::value_t::object: {
      out += '{';
      bool first = true;
      for (const auto& [key, value] : v.items()) {
        if (!first) out += ", ";
        first = false;
        out += JsonWriter::Quote(key);
        out += ": ";
        Print(value, out);
      }
      out += '}';
      return;
    }
    case Json::value_t::array: {
      out += '[';
      for (size_t i = 0; i < v.size(); ++i) {
        if (i > 0) out += ", ";
        Print(v[i], out);
      }
      out += ']';
      return;
    }
    case Json::value_t::number_float: {
      const double d = v.get<double>();
      out += std::isfinite(d) ? fmt::format("{}", d) : "null";
      return;
    }
    default:
      out += v.dump(-1, ' ', false, Json::error_handler_t::replace);
  }
}

}  // namespace

JsonWriter::JsonWriter() : impl_(std::make_unique<Impl>()) {}
JsonWriter::~JsonWriter() = default;
JsonWriter::JsonWriter(JsonWriter&&) noexcept = default;
JsonWriter& JsonWriter::operator=(JsonWriter&&) noexcept = default;

std::string JsonWriter::Quote(std::string_view value) {
  return Json(std::string(value))
      .dump(-1, ' ', false, Json::error_handler_t::replace);
}

void JsonWriter::BeginObject() {
  impl_->open.push_back(impl_->Add(Json::object()));
}
void JsonWriter::EndObject() { impl_->open.pop_back(); }
void JsonWriter::BeginArray() {
  impl_->open.push_back(impl_->Add(Json::array()));
}
void JsonWriter::EndArray() { impl_->open.pop_back(); }

void JsonWriter::Key(std::string_view key) {
  impl_->key = std::string(key);
  impl_->after_key = true;
}

void JsonWriter::String(std::string_view value) {
  impl_->Add(std::string(value));
}
void JsonWriter::Int(int64_t value) { impl_->Add(value); }
void JsonWriter::Uint(uint64_t value) { impl_->Add(value); }
void JsonWriter::Double(double value) { impl_->Add(value); }
void JsonWriter::Bool(bool value) { impl_->Add(value); }
void JsonWriter::Null() { impl_->Add(nullptr); }

std::string JsonWriter::Take() {
  std::string out;
  if (impl_->has_root) Print(impl_->root, out);
  impl_ = std::make_unique<Impl>();
  return out;
}

}  // namespace gameai
