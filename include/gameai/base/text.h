// gameai/base/text.h: small string helpers on std::string_view.
//
// Debian's Abseil is built with its own absl::string_view (not an alias of
// std::string_view), so its string utilities do not take std::string_view;
// the project formats with fmt and parses with these.
#ifndef GAMEAI_BASE_TEXT_H_
#define GAMEAI_BASE_TEXT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "absl/strings/string_view.h"

namespace gameai {

// Trim: `text` without leading and trailing ASCII whitespace.
std::string_view Trim(std::string_view text);
// Split: the parts of `text` between `separator`s (empty parts kept).
std::vector<std::string_view> Split(std::string_view text, char separator);
// SplitWords: the whitespace-separated words of `text`.
std::vector<std::string_view> SplitWords(std::string_view text);
// ParseInt / ParseDouble: the whole of `text` as a number, else nullopt.
std::optional<int64_t> ParseInt(std::string_view text);
std::optional<double> ParseDouble(std::string_view text);
// EditDistance: the Levenshtein distance of `a` and `b`, ignoring case.
int EditDistance(std::string_view a, std::string_view b);
// DidYouMean: " did you mean 'x'?" (or 'x' or 'y') for the names closest
// to a misspelled `word` (within a third of its length, at least 2 edits),
// or "" when none is close.
std::string DidYouMean(std::string_view word,
                       const std::vector<std::string>& names);
// IsUtf8: `text` is valid UTF-8 (no overlong forms or surrogates).
bool IsUtf8(std::string_view text);
// IsPrintableUtf8: `text` is valid UTF-8 without control characters
// (U+0000..U+001F, U+007F..U+009F): fit for a JSON message and a terminal.
bool IsPrintableUtf8(std::string_view text);
// Printable: `text` with the bytes of each control character and each byte
// that is not part of valid UTF-8 written as \xNN, for messages and
// reports.
std::string Printable(std::string_view text);
// kMaxErrorTextBytes: the longest message ErrorText keeps.
inline constexpr size_t kMaxErrorTextBytes = 2048;
// ErrorText: an error `message` fit for every surface (a C string, a Python
// str, a terminal): Printable but for its newlines, and cut to at most
// kMaxErrorTextBytes at a character boundary, saying how much was cut (a
// message that quotes a megabyte of input stays short).
std::string ErrorText(std::string_view message);
// Str: an absl::string_view (e.g. Status::message()) as a std::string.
inline std::string Str(absl::string_view text) {
  return std::string(text.data(), text.size());
}

}  // namespace gameai

#endif  // GAMEAI_BASE_TEXT_H_
