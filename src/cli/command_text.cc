#include <string>
#include <vector>

#include "args.h"

namespace gameai::cli {

std::string CommandText(const std::string& command,
                        const std::vector<std::string>& argv) {
  std::string text = "gameai " + command;
  for (const std::string& arg : argv) {
    const bool plain =
        !arg.empty() &&
        arg.find_first_not_of(
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
            "0123456789-_=.,/:+") == std::string::npos;
    if (plain) {
      text += " " + arg;
      continue;
    }
    // Single quotes keep everything but a single quote, written '\''.
    text += " '";
    for (char c : arg)
      text += c == '\'' ? std::string("'\\''") : std::string(1, c);
    text += "'";
  }
  return text;
}

}  // namespace gameai::cli
