// Fuzz target spec_text: a game spec (first line) and an agent spec (the
// rest). A game that loads has a canonical spec that loads the same game
// and a valid initial state; agent specs are resolved against the agent's
// parameters, and agents without files or large tables (string, tt or db
// parameters: their budgets are checked elsewhere) are also constructed.
#include <cstddef>
#include <cstdint>

#include "fuzz_support.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/params.h"
#include "gameai/dynamic/registry.h"
#include "gameai/dynamic/spec.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gameai;
  fuzz::Bytes in(data, size);
  const std::string game_spec = in.Line();
  const std::string agent_spec = in.Rest();
  absl::StatusOr<std::shared_ptr<const Game>> game = LoadGame(game_spec);
  if (!game.ok()) return 0;
  const std::string canonical = (*game)->Spec();
  absl::StatusOr<std::shared_ptr<const Game>> again = LoadGame(canonical);
  if (!again.ok() || (*again)->Spec() != canonical)
    fuzz::Fail("the canonical spec does not load the same game", canonical);
  if ((*game)->MaxGameLength() <= 0 || (*game)->NumPlayers() < 1)
    fuzz::Fail("no game length or players", canonical);
  fuzz::CheckState(**game, *(*game)->NewInitialState());

  absl::StatusOr<Spec> spec = ParseSpec(agent_spec);
  if (!spec.ok()) return 0;
  absl::StatusOr<const GameEntry*> entry = FindGame((*game)->Name());
  if (!entry.ok()) fuzz::Fail("a loaded game has no entry", canonical);
  for (const AgentEntry* agent : AgentsFor(**entry)) {
    if (agent->name != spec->name) continue;
    bool heavy = false;
    for (const ParamDef& def : agent->params) {
      heavy = heavy || def.type == ParamDef::Type::kString ||
              def.name == "tt" || def.name == "db";
    }
    if (heavy) {
      (void)ResolveParams(*spec, agent->params, "agent");
    } else {
      (void)LoadAgent(**game, agent_spec);
    }
  }
  return 0;
}
