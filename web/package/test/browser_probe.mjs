// What browser_test.sh has both the page and Node compute with the same
// package: the text must be equal.
export function probe(gameai) {
  const state = gameai.loadGame('mancala').newInitialState();
  const legal = state.legalActions();
  state.delete();
  const result = gameai.match('mancala', ['greedy', 'random'], { games: 4, seed: 3, randomOpening: 2 });
  delete result.elapsed_seconds;
  return 'OK ' + JSON.stringify({ games: gameai.registeredGames(), legal, result });
}
