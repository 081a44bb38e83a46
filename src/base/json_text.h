// json_text.h (inside the library and the CLI only: the installed headers
// do not depend on nlohmann-json): the one layout of the machine-readable
// outputs (`match --json`, `games --json`, `solve --json`, ...).
//
// nlohmann's dump() writes "," and ":" without spaces and 2.0 as "2.0";
// the outputs have always been one line with ", " and ": " separators and
// doubles in their shortest round-trip form ("2"), and scripts compare
// them byte for byte, so this printer keeps that layout. Everything else
// (building the document, escaping) is the library's.
#ifndef GAMEAI_CORE_JSON_TEXT_H_
#define GAMEAI_CORE_JSON_TEXT_H_

#include <string>

#include "nlohmann/json.hpp"

namespace gameai {

// JsonText: `doc` in the outputs' layout. Strings that are not valid UTF-8
// have the bad bytes replaced by U+FFFD; NaN and infinities are null.
std::string JsonText(const nlohmann::ordered_json& doc);

}  // namespace gameai

#endif  // GAMEAI_CORE_JSON_TEXT_H_
