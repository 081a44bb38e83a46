// gameai/dynamic/random_agent.h: `random`, a uniformly random legal action.
#ifndef GAMEAI_DYNAMIC_RANDOM_AGENT_H_
#define GAMEAI_DYNAMIC_RANDOM_AGENT_H_

#include "gameai/dynamic/registry.h"

namespace gameai {

// RandomAgentEntry: the registry entry (option `seed`).
AgentEntry RandomAgentEntry();

}  // namespace gameai

#endif  // GAMEAI_DYNAMIC_RANDOM_AGENT_H_
