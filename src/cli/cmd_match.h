// `gameai match` with agents of the caller's own (a test program's).
#ifndef GAMEAI_CLI_CMD_MATCH_H_
#define GAMEAI_CLI_CMD_MATCH_H_

#include <string>
#include <vector>

#include "gameai/dynamic/registry.h"

namespace gameai::cli {

// RunMatchWithAgents: RunMatchCommand with `custom_agents` found by name
// before the registry's (MatchOptions::custom_agents).
int RunMatchWithAgents(const std::vector<std::string>& argv,
                       std::vector<AgentEntry> custom_agents);

}  // namespace gameai::cli

#endif  // GAMEAI_CLI_CMD_MATCH_H_
