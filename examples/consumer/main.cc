// Loads a game and lets two agents play it: the README's example, built
// against the installed gameai package.
#include <iostream>

#include "gameai/gameai.h"

int main() {
  auto game = gameai::LoadGame("mancala(pits=6,seeds=4)");
  if (!game.ok()) return 1;
  auto first = gameai::LoadAgent(**game, "mcts(simulations=500,seed=1)");
  auto second = gameai::LoadAgent(**game, "greedy");
  if (!first.ok() || !second.ok()) return 1;
  gameai::Agent* seats[] = {first->get(), second->get()};
  for (int p = 0; p < 2; ++p) {
    if (!seats[p]->StartGame(**game, p, /*seed=*/42).ok()) return 1;
  }
  std::unique_ptr<gameai::State> state = (*game)->NewInitialState();
  while (!state->IsTerminal()) {
    const gameai::Player p = state->CurrentPlayer();
    absl::StatusOr<gameai::Action> action = seats[p]->Step(*state->ViewFor(p));
    if (!action.ok() || !state->ApplyAction(*action).ok()) return 1;
  }
  std::cout << state->ToString();
  return 0;
}
