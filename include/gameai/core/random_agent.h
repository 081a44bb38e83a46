// gameai/core/random_agent.h: `random`, a uniformly random legal action.
#ifndef GAMEAI_CORE_RANDOM_AGENT_H_
#define GAMEAI_CORE_RANDOM_AGENT_H_

#include "gameai/core/registry.h"

namespace gameai {

// RandomAgentEntry: the registry entry (option `seed`).
AgentEntry RandomAgentEntry();

}  // namespace gameai

#endif  // GAMEAI_CORE_RANDOM_AGENT_H_
