// Fuzz target state_text: a game (first byte), a number of random steps
// (second byte) and a serialized state (the rest). A state Deserialize
// accepts must be one the rules can play on: it passes CheckState, `mcts`
// can search it, and random play from it keeps passing CheckState. The
// text read as a view of seat steps % players (what a remote client
// rebuilds) must, when DeserializeView accepts it, read back the same
// and let `mcts` (which deals hidden cards consistently with it) play.
#include <cstddef>
#include <cstdint>

#include "fuzz_support.h"
#include "gameai/base/text.h"
#include "gameai/dynamic/registry.h"

namespace {

void CheckView(const gameai::Game& game, const std::string& text,
               gameai::Player viewer) {
  using namespace gameai;
  absl::StatusOr<std::unique_ptr<State>> view =
      game.DeserializeView(text, viewer);
  if (!view.ok()) return;
  const std::string again = (*view)->Serialize();
  absl::StatusOr<std::unique_ptr<State>> back =
      game.DeserializeView(again, viewer);
  if (!back.ok() || (*back)->Serialize() != again)
    fuzz::Fail("a view does not round-trip", text);
  (void)(*view)->ToString();
  (void)(*view)->ObservationString(viewer);
  if ((*view)->CurrentPlayer() != viewer) return;
  absl::StatusOr<std::unique_ptr<Agent>> mcts =
      LoadAgent(game, "mcts(simulations=3)");
  if (!mcts.ok()) fuzz::Fail(Str(mcts.status().message()), text);
  if (absl::Status started = (*mcts)->StartGame(game, viewer, 1); !started.ok())
    fuzz::Fail(Str(started.message()), text);
  absl::StatusOr<Action> action = (*mcts)->Step(**view);
  if (!action.ok()) fuzz::Fail(Str(action.status().message()), text);
  const std::vector<Action> legal = (*view)->LegalActions(viewer);
  if (!std::binary_search(legal.begin(), legal.end(), *action))
    fuzz::Fail("mcts chose an action that is not legal in a view", text);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace gameai;
  fuzz::Bytes in(data, size);
  const Game& game = fuzz::PickGame(in);
  const int steps = in.Byte() % 64;
  const std::string text = in.Rest();
  CheckView(game, text, steps % game.NumPlayers());
  absl::StatusOr<std::unique_ptr<State>> state = game.DeserializeState(text);
  if (!state.ok()) return 0;
  fuzz::CheckState(game, **state);
  Player seat = (*state)->CurrentPlayer();
  if (seat == kSimultaneousPlayer) seat = 0;
  if (seat >= 0) {
    absl::StatusOr<std::unique_ptr<Agent>> mcts =
        LoadAgent(game, "mcts(simulations=3)");
    if (!mcts.ok()) fuzz::Fail(Str(mcts.status().message()), text);
    if (absl::Status started = (*mcts)->StartGame(game, seat, 1);
        !started.ok()) {
      fuzz::Fail(Str(started.message()), text);
    }
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
