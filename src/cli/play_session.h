// PlaySession: the loop of `gameai play`: bots move, people type moves and
// commands, and every seat is shown only what it may see.
#ifndef GAMEAI_CLI_PLAY_SESSION_H_
#define GAMEAI_CLI_PLAY_SESSION_H_

#include <cstdint>
#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "gameai/dynamic/agent.h"
#include "gameai/dynamic/game.h"

namespace gameai::cli {

struct PlayConfig {
  std::shared_ptr<const Game> game;
  // agents[seat]: the bot at the seat, nullptr for a person at the terminal.
  std::vector<std::unique_ptr<Agent>> agents;
  std::vector<std::string> names;  // per seat
  std::string hint_agent;          // the agent spec `hint` asks
  uint64_t seed = 1;
  bool verbose = false;  // also the bots' raw Explain() text
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
