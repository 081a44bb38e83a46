// Every registered game played to the end by two agents through the
// package, as a user would: legal actions, text round trips, undo, clone.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as gameai from 'gameai';
import { playOut } from './play.mjs';

test('the package lists the games of the build', () => {
  const games = gameai.registeredGames();
  assert.ok(games.length >= 1);
  assert.ok(games.includes('mancala'), games.join(','));
  assert.equal(gameai.version(), 6);  // GAMEAI_C_API_VERSION
});

for (const name of gameai.registeredGames()) {
  test(`${name}: random against the game's own second agent, to the end`, () => {
    const game = gameai.loadGame(name);
    const own = game.agents().find((a) => a !== 'random' && a !== 'mcts') ?? 'random';
    const specs = Array.from({ length: game.numPlayers() }, (_, seat) => (seat % 2 ? own : 'random'));
    const state = game.newInitialState();
    const actions = playOut(game, state, specs, 3);
    assert.ok(state.isTerminal());
    assert.equal(state.currentPlayer(), gameai.TERMINAL_PLAYER);
    assert.ok(actions.length > 0 && actions.length <= game.maxGameLength(),
      `${actions.length} actions, max ${game.maxGameLength()}`);
    const returns = state.returns();
    assert.equal(returns.length, game.numPlayers());
    assert.ok(returns.every(Number.isFinite));
    assert.equal(state.scores().length, game.numPlayers());
    // The final state's text gives the same state back.
    const copy = game.deserializeState(state.serialize());
    assert.equal(copy.serialize(), state.serialize());
    assert.deepEqual(copy.returns(), returns);
    const clone = state.clone();
    assert.equal(clone.toString(), state.toString());
    for (const o of [copy, clone, state, game]) o.delete();
  });

  test(`${name}: actions as text, undo, tensors of the seat to move`, () => {
    const game = gameai.loadGame(name);
    const state = game.newInitialState();
    for (let draw = 1; state.isChanceNode(); ++draw) state.applyAction(state.sampleChanceOutcome(draw));
    const player = state.currentPlayer();
    if (player >= 0) {
      const before = state.serialize();
      const legal = state.legalActions();
      assert.ok(legal.length > 0);
      for (const a of legal) {
        assert.equal(state.stringToAction(state.actionToString(a)), a);
      }
      state.applyAction(legal[0]);
      state.undoAction();
      assert.equal(state.serialize(), before);
      const shape = game.observationTensorShape();
      if (shape.length) {
        const tensor = state.observationTensor(player);
        assert.ok(tensor instanceof Float32Array);
        assert.equal(tensor.length, shape.reduce((a, b) => a * b, 1));
      }
    }
    state.delete();
    game.delete();
  });
}

test('solve gives the exact value where a game has a solver', (t) => {
  if (!gameai.registeredGames().includes('mancala')) return t.skip('no mancala in this build');
  const game = gameai.loadGame('mancala(pits=3,seeds=2)');
  const state = game.newInitialState();
  const result = gameai.solve(state);
  assert.equal(result.status, 'solved');
  assert.equal(typeof result.value, 'number');
  assert.ok(state.legalActions().includes(result.best_action));
  state.delete();
  game.delete();
});

test('an agent explains its move; a hint names the strongest agent', (t) => {
  if (!gameai.registeredGames().includes('mancala')) return t.skip('no mancala in this build');
  const game = gameai.loadGame('mancala');
  const state = game.newInitialState();
  const agent = gameai.loadAgent(game, 'alphabeta(depth=4)');
  agent.startGame(0, 1);
  const a = agent.step(state);
  assert.ok(state.legalActions().includes(a));
  assert.match(agent.explain(), /alphabeta/);
  const hint = state.hint();
  assert.ok(state.legalActions().includes(hint.action));
  assert.match(hint.explanation, /strongest/);
  for (const o of [agent, state, game]) o.delete();
});
