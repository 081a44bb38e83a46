// Fuzz target action_text: a game, a random opening (steps and seed), a
// seat, an action id and an action text. ActionToString takes any id;
// StringToAction returns only a legal action of that seat, which then
// applies and names itself again.
#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "fuzz_support.h"
#include "gameai/base/text.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gameai;
  fuzz::Bytes in(data, size);
  const Game& game = fuzz::PickGame(in);
  const int steps = in.Byte() % 96;
  Rng rng(in.Word());
  const uint8_t seat_byte = in.Byte();
  const Action id = static_cast<Action>(in.Word());
  const std::string text = in.Rest();
  std::unique_ptr<State> state = game.NewInitialState();
  fuzz::PlayRandomly(game, *state, rng, steps, /*check_each=*/false);
  fuzz::CheckState(game, *state);
  // Mostly the player to move; sometimes any seat or sentinel.
  Player player = state->CurrentPlayer();
  if (seat_byte & 0x80)
    player = (seat_byte & 0x7f) % (game.NumPlayers() + 4) - 4;
  if (player == kSimultaneousPlayer) player = seat_byte % game.NumPlayers();
  (void)state->ActionToString(player, id);
  absl::StatusOr<Action> action = state->StringToAction(player, text);
  if (!action.ok()) return 0;
  const std::vector<Action> legal = state->LegalActions(player);
  if (!std::binary_search(legal.begin(), legal.end(), *action))
    fuzz::Fail("StringToAction returned an action that is not legal", text);
  absl::StatusOr<Action> again =
      state->StringToAction(player, state->ActionToString(player, *action));
  if (!again.ok() || *again != *action)
    fuzz::Fail("an action's name does not parse back to it", text);
  if (!state->IsSimultaneousNode()) {
    const absl::Status applied = state->ApplyAction(*action);
    if (!applied.ok()) fuzz::Fail(Str(applied.message()), text);
    fuzz::CheckState(game, *state);
  }
  return 0;
}
