// ReadBoundedFile: a file the user names (a state, a saved game), read
// whole but never past a bound, so that /dev/zero or a huge file costs
// no more memory than the bound.
#ifndef GAMEAI_CLI_READ_FILE_H_
#define GAMEAI_CLI_READ_FILE_H_

#include <cstddef>
#include <string>

#include "absl/status/statusor.h"

namespace gameai::cli {

// ReadBoundedFile: the text of `path`. Errors name the file:
// FailedPrecondition when it cannot be opened or read, or is a directory
// (exit status 1: a file that cannot be read); InvalidArgument when it
// holds more than max_bytes (nothing past max_bytes + 1 is read).
absl::StatusOr<std::string> ReadBoundedFile(const std::string& path,
                                            size_t max_bytes);

}  // namespace gameai::cli

#endif  // GAMEAI_CLI_READ_FILE_H_
