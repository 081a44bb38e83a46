#include "gameai/base/text.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

#include "absl/strings/charconv.h"
#include "fmt/format.h"

namespace gameai {
namespace {
bool IsSpace(char c) { return std::isspace(static_cast<unsigned char>(c)); }
}  // namespace

std::string_view Trim(std::string_view text) {
  while (!text.empty() && IsSpace(text.front())) text.remove_prefix(1);
  while (!text.empty() && IsSpace(text.back())) text.remove_suffix(1);
  return text;
}

std::vector<std::string_view> Split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  while (true) {
    const size_t end = text.find(separator, start);
    if (end == std::string_view::npos) {
      parts.push_back(text.substr(start));
      return parts;
    }
    parts.push_back(text.substr(start, end - start));
    start = end + 1;
  }
}

std::vector<std::string_view> SplitWords(std::string_view text) {
  std::vector<std::string_view> words;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && IsSpace(text[i])) ++i;
    const size_t start = i;
    while (i < text.size() && !IsSpace(text[i])) ++i;
    if (i > start) words.push_back(text.substr(start, i - start));
  }
  return words;
}

std::optional<int64_t> ParseInt(std::string_view text) {
  if (!text.empty() && text.front() == '+') text.remove_prefix(1);
  int64_t value = 0;
  const auto [end, error] =
      std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() ||
      end != text.data() + text.size()) {
    return std::nullopt;
  }
  return value;
}

std::optional<double> ParseDouble(std::string_view text) {
  double value = 0;
  // Abseil's: the same digits give the same double with every standard
  // library (libc++ 14 has no floating-point std::from_chars).
  const auto [end, error] =
      absl::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() ||
      end != text.data() + text.size() || !std::isfinite(value)) {
    return std::nullopt;
  }
  return value;
}

int EditDistance(std::string_view a, std::string_view b) {
  auto lower = [](char c) {
    return static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  };
  std::vector<int> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = static_cast<int>(j);
  for (size_t i = 1; i <= a.size(); ++i) {
    int diagonal = row[0];
    row[0] = static_cast<int>(i);
    for (size_t j = 1; j <= b.size(); ++j) {
      const int substitute =
          diagonal + (lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1);
      diagonal = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, substitute});
    }
  }
  return row[b.size()];
}

std::string DidYouMean(std::string_view word,
                       const std::vector<std::string>& names) {
  const int limit = std::max<int>(2, static_cast<int>(word.size()) / 3);
  int best = limit + 1;
  std::vector<std::string> closest;
  for (const std::string& name : names) {
    const int d = EditDistance(word, name);
    if (d < best) {
      best = d;
      closest.clear();
    }
    if (d == best) closest.push_back("'" + name + "'");
  }
  if (closest.empty()) return {};
  std::string out = " did you mean " + closest[0];
  for (size_t i = 1; i < closest.size(); ++i) out += " or " + closest[i];
  return out + "?";
}

namespace {

// Utf8Length: the length of the valid UTF-8 sequence at text[i], or 0
// (a stray continuation byte, an overlong form, a surrogate, past U+10FFFF,
// or cut short).
size_t Utf8Length(std::string_view text, size_t i) {
  const auto byte = [&](size_t k) -> unsigned {
    return i + k < text.size() ? static_cast<unsigned char>(text[i + k]) : 0u;
  };
  const auto continuation = [&](size_t k, unsigned lo = 0x80,
                                unsigned hi = 0xBF) {
    return byte(k) >= lo && byte(k) <= hi;
  };
  const unsigned b = byte(0);
  if (b < 0x80) return 1;
  if (b >= 0xC2 && b <= 0xDF) return continuation(1) ? 2 : 0;
  if (b >= 0xE0 && b <= 0xEF) {
    const unsigned lo = b == 0xE0 ? 0xA0 : 0x80;
    const unsigned hi = b == 0xED ? 0x9F : 0xBF;
    return continuation(1, lo, hi) && continuation(2) ? 3 : 0;
  }
  if (b >= 0xF0 && b <= 0xF4) {
    const unsigned lo = b == 0xF0 ? 0x90 : 0x80;
    const unsigned hi = b == 0xF4 ? 0x8F : 0xBF;
    return continuation(1, lo, hi) && continuation(2) && continuation(3) ? 4
                                                                         : 0;
  }
  return 0;
}

// IsControl: the `n`-byte sequence at text[i] is a control character: C0
// (U+0000..U+001F), DEL or C1 (U+0080..U+009F, which some terminals obey
// as escape codes).
bool IsControl(std::string_view text, size_t i, size_t n) {
  const auto byte = [&](size_t k) {
    return static_cast<unsigned char>(text[i + k]);
  };
  if (n == 1) return byte(0) < 0x20 || byte(0) == 0x7F;
  return n == 2 && byte(0) == 0xC2 && byte(1) <= 0x9F;
}

// Valid: every sequence in `text` is UTF-8 and, when `printable`, none is
// a control character.
bool Valid(std::string_view text, bool printable) {
  for (size_t i = 0; i < text.size();) {
    const size_t n = Utf8Length(text, i);
    if (n == 0 || (printable && IsControl(text, i, n))) return false;
    i += n;
  }
  return true;
}

}  // namespace

bool IsUtf8(std::string_view text) { return Valid(text, false); }

bool IsPrintableUtf8(std::string_view text) { return Valid(text, true); }

namespace {

// Escaped: `text` with control characters (but newlines when
// `keep_newlines`) and bytes that are not UTF-8 written as \xNN.
std::string Escaped(std::string_view text, bool keep_newlines) {
  std::string out;
  for (size_t i = 0; i < text.size();) {
    const size_t n = Utf8Length(text, i);
    if (n != 0 &&
        (!IsControl(text, i, n) || (keep_newlines && text[i] == '\n'))) {
      out.append(text.substr(i, n));
      i += n;
      continue;
    }
    // A control character's bytes, or one byte that is not UTF-8.
    for (const size_t end = i + std::max<size_t>(n, 1); i < end; ++i) {
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(text[i]));
    }
  }
  return out;
}

}  // namespace

std::string Printable(std::string_view text) { return Escaped(text, false); }

std::string ErrorText(std::string_view message) {
  std::string out = Escaped(message, true);
  if (out.size() <= kMaxErrorTextBytes) return out;
  constexpr size_t kNoteBytes = 64;  // room for the note below
  size_t keep = kMaxErrorTextBytes - kNoteBytes;
  // Back to the start of a character (escapes are ASCII).
  while ((static_cast<unsigned char>(out[keep]) & 0xC0) == 0x80) --keep;
  const size_t total = out.size();
  out.resize(keep);
  out += fmt::format(" ... (cut: the message held {} bytes)", total);
  return out;
}

}  // namespace gameai
