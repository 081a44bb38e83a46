#include "gameai/dynamic/registry.h"

#include <deque>

#include "absl/status/status.h"
#include "absl/synchronization/mutex.h"
#include "fmt/format.h"
#include "gameai/base/status_macros.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/spec.h"

namespace gameai {
namespace {

// Entries live in deques so that pointers handed out stay valid.
struct Registry {
  absl::Mutex mutex;
  std::deque<GameEntry> games ABSL_GUARDED_BY(mutex);
  std::deque<AgentEntry> generic_agents ABSL_GUARDED_BY(mutex);
};

Registry& TheRegistry() {
  static Registry* registry = new Registry();
  return *registry;
}

std::string Names(const std::vector<std::string>& names) {
  return fmt::format("{}", fmt::join(names, ", "));
}

}  // namespace

absl::Status RegisterGame(GameEntry entry) {
  Registry& r = TheRegistry();
  absl::MutexLock lock(&r.mutex);
  for (const GameEntry& g : r.games) {
    if (g.name == entry.name) {
      return absl::AlreadyExistsError(
          fmt::format("game '{}' is already registered", entry.name));
    }
  }
  r.games.push_back(std::move(entry));
  return absl::OkStatus();
}

absl::Status RegisterGenericAgent(AgentEntry entry) {
  Registry& r = TheRegistry();
  absl::MutexLock lock(&r.mutex);
  for (const AgentEntry& a : r.generic_agents) {
    if (a.name == entry.name) {
      return absl::AlreadyExistsError(
          fmt::format("agent '{}' is already registered", entry.name));
    }
  }
  r.generic_agents.push_back(std::move(entry));
  return absl::OkStatus();
}

std::vector<const GameEntry*> RegisteredGames() {
  RegisterBuiltinGames();
  Registry& r = TheRegistry();
  absl::MutexLock lock(&r.mutex);
  std::vector<const GameEntry*> out;
  for (const GameEntry& g : r.games) out.push_back(&g);
  return out;
}

absl::StatusOr<const GameEntry*> FindGame(std::string_view name) {
  std::vector<std::string> names;
  for (const GameEntry* g : RegisteredGames()) {
    if (g->name == name) return g;
    names.push_back(g->name);
  }
  return absl::NotFoundError(
      fmt::format("unknown game '{}';{} available games: {}", name,
                  DidYouMean(name, names), Names(names)));
}

std::vector<const AgentEntry*> AgentsFor(const GameEntry& game) {
  RegisterBuiltinGames();
  std::vector<const AgentEntry*> out;
  {
    Registry& r = TheRegistry();
    absl::MutexLock lock(&r.mutex);
    for (const AgentEntry& a : r.generic_agents) out.push_back(&a);
  }
  for (const AgentEntry& a : game.agents) out.push_back(&a);
  return out;
}

absl::StatusOr<std::shared_ptr<const Game>> LoadGame(std::string_view text) {
  GAMEAI_ASSIGN_OR_RETURN(const Spec spec, ParseSpec(text));
  GAMEAI_ASSIGN_OR_RETURN(const GameEntry* entry, FindGame(spec.name));
  GAMEAI_ASSIGN_OR_RETURN(
      const Params params,
      ResolveParams(spec, entry->params, fmt::format("game '{}'", spec.name)));
  return entry->make(params);
}

absl::StatusOr<std::unique_ptr<Agent>> MakeAgent(const AgentEntry& entry,
                                                 const Game& game,
                                                 const Params& params,
                                                 std::string_view spec) {
  GAMEAI_ASSIGN_OR_RETURN(std::unique_ptr<Agent> agent,
                          entry.make(game, params));
  GAMEAI_RETURN_IF_ERROR(agent->BindGame(game, spec));
  return agent;
}

absl::StatusOr<std::unique_ptr<Agent>> LoadAgent(const Game& game,
                                                 std::string_view text) {
  GAMEAI_ASSIGN_OR_RETURN(const Spec spec, ParseSpec(text));
  GAMEAI_ASSIGN_OR_RETURN(const GameEntry* game_entry, FindGame(game.Name()));
  std::vector<std::string> names;
  for (const AgentEntry* entry : AgentsFor(*game_entry)) {
    if (entry->name != spec.name) {
      names.push_back(entry->name);
      continue;
    }
    GAMEAI_ASSIGN_OR_RETURN(
        const Params params,
        ResolveParams(spec, entry->params,
                      fmt::format("agent '{}'", spec.name)));
    return MakeAgent(*entry, game, params, text);
  }
  return absl::NotFoundError(fmt::format(
      "unknown agent '{}' for game '{}';{} available agents: {}", spec.name,
      game.Name(), DidYouMean(spec.name, names), Names(names)));
}

}  // namespace gameai
