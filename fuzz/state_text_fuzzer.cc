// Fuzz target state_text: a game (first byte), a number of random steps
// (second byte) and a serialized state (the rest). A state Deserialize
// accepts must be one the rules can play on: it passes CheckState, `mcts`
// can search it, and random play from it keeps passing CheckState.
#include <cstddef>
#include <cstdint>

#include "fuzz_support.h"
#include "gameai/core/registry.h"
#include "gameai/core/text.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gameai;
  fuzz::Bytes in(data, size);
  const Game& game = fuzz::PickGame(in);
  const int steps = in.Byte() % 64;
  const std::string text = in.Rest();
  absl::StatusOr<std::unique_ptr<State>> state = game.DeserializeState(text);
  if (!state.ok()) return 0;
  fuzz::CheckState(game, **state);
  Player seat = (*state)->CurrentPlayer();
  if (seat == kSimultaneousPlayer) seat = 0;
  if (seat >= 0) {
    absl::StatusOr<std::unique_ptr<Agent>> mcts =
        LoadAgent(game, "mcts(simulations=3)");
    if (!mcts.ok()) fuzz::Fail(Str(mcts.status().message()), text);
    (*mcts)->StartGame(game, seat, 1);
    absl::StatusOr<Action> action = (*mcts)->Step(*(*state)->ViewFor(seat));
    if (!action.ok()) fuzz::Fail(Str(action.status().message()), text);
    const std::vector<Action> legal = (*state)->LegalActions(seat);
    if (!std::binary_search(legal.begin(), legal.end(), *action))
      fuzz::Fail("mcts chose an action that is not legal", text);
  }
  Rng rng(Mix64(std::hash<std::string>()(text)));
  fuzz::PlayRandomly(game, **state, rng, steps);
  return 0;
}
