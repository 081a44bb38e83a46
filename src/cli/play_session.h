// PlaySession: the loop of `gameai play`: bots move, people type moves and
// commands, and every seat is shown only what it may see.
#ifndef GAMEAI_CLI_PLAY_SESSION_H_
#define GAMEAI_CLI_PLAY_SESSION_H_

#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "gameai/arena/play_table.h"

namespace gameai::cli {

struct PlayConfig {
  // table: the game, its seats (bots and people), names and seed.
  std::unique_ptr<PlayTable> table;
  std::string hint_agent;  // the agent spec `hint` asks
  bool verbose = false;    // also the bots' raw Explain() text
  // debug_log: a new file to which every transition writes the full state
  // with the count of bytes shown to the player before it (for tests that
  // check nothing hidden is shown); "" for none.
  std::string debug_log;
};

// RunPlaySession: plays one game reading the people's input from `in`;
// returns the exit status (0 also when a person quits).
int RunPlaySession(PlayConfig config, std::istream& in);

}  // namespace gameai::cli

#endif  // GAMEAI_CLI_PLAY_SESSION_H_
