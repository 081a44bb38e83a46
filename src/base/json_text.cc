#include "base/json_text.h"

#include <cmath>

#include "fmt/format.h"

namespace gameai {
namespace {

using Json = nlohmann::ordered_json;

std::string Quote(const std::string& text) {
  return Json(text).dump(-1, ' ', false, Json::error_handler_t::replace);
}

void Print(const Json& v, std::string& out) {
  switch (v.type()) {
    case Json::value_t::object: {
      out += '{';
      bool first = true;
      for (const auto& [key, value] : v.items()) {
        if (!first) out += ", ";
        first = false;
        out += Quote(key);
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
      // fmt's shortest form: 2 as "2" where the library prints "2.0".
      const double d = v.get<double>();
      out += std::isfinite(d) ? fmt::format("{}", d) : "null";
      return;
    }
    default:
      out += v.dump(-1, ' ', false, Json::error_handler_t::replace);
  }
}

}  // namespace

std::string JsonText(const Json& doc) {
  std::string out;
  Print(doc, out);
  return out;
}

}  // namespace gameai
