// The surface's promises: bad input is a thrown GameaiError naming what
// was wrong and what is accepted, and nothing changes.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as gameai from 'gameai';

const has = (name) => gameai.registeredGames().includes(name);

function throwsNaming(call, code, ...patterns) {
  assert.throws(call, (e) => {
    assert.ok(e instanceof gameai.GameaiError, `not a GameaiError: ${e}`);
    assert.ok(e instanceof Error);
    assert.equal(e.code, code, e.message);
    for (const p of patterns) assert.match(e.message, p);
    return true;
  });
}

test('a bad game spec names the games and the accepted parameters', () => {
  throwsNaming(() => gameai.loadGame('nope'), 'NOT_FOUND', /unknown game 'nope'/,
    new RegExp(`available games: ${gameai.registeredGames()[0]}`));
  throwsNaming(() => gameai.loadGame(42), 'INVALID_ARGUMENT', /spec must be a string/);
});

test('mancala: bad parameters, actions, texts and seats change nothing', (t) => {
  if (!has('mancala')) return t.skip('no mancala in this build');
  throwsNaming(() => gameai.loadGame('mancala(pits=99)'), 'INVALID_ARGUMENT',
    /pits=99 is out of range/, /accepted: pits: int in \[1, 8\]/);
  const game = gameai.loadGame('mancala');
  const state = game.newInitialState();
  state.applyAction(2);
  const before = state.serialize();
  throwsNaming(() => state.applyAction(99), 'INVALID_ARGUMENT', /illegal action 99/, /legal actions: 0 \(1\)/);
  throwsNaming(() => state.applyAction(1.5), 'INVALID_ARGUMENT', /an action must be an integer/);
  throwsNaming(() => state.applyAction('2'), 'INVALID_ARGUMENT', /an action must be an integer/);
  throwsNaming(() => state.observationString(7), 'INVALID_ARGUMENT', /player 7 is out of range; accepted: 0\.\.1/);
  throwsNaming(() => state.observationTensor(-5), 'INVALID_ARGUMENT', /player -5 is out of range/);
  throwsNaming(() => state.stringToAction('x9'), 'INVALID_ARGUMENT');
  throwsNaming(() => game.deserializeState('garbage text'), 'INVALID_ARGUMENT', /mancala state: expected 15 numbers/);
  throwsNaming(() => game.deserializeState(before + ' 7'), 'INVALID_ARGUMENT');
  assert.equal(state.serialize(), before);
  // The finished game refuses more actions.
  const done = game.deserializeState('1 0 0 0 0 0 0 24 0 0 0 0 0 0 24');
  assert.ok(done.isTerminal());
  throwsNaming(() => done.applyAction(0), 'FAILED_PRECONDITION', /the game is over/);
  throwsNaming(() => done.undoAction(), 'FAILED_PRECONDITION');
  for (const o of [done, state, game]) o.delete();
});

test('agents: unknown spec, wrong seat, no seat, another game', (t) => {
  if (!has('mancala')) return t.skip('no mancala in this build');
  const game = gameai.loadGame('mancala');
  const other = gameai.loadGame('mancala(seeds=3)');
  throwsNaming(() => gameai.loadAgent(game, 'wizard'), 'NOT_FOUND', /unknown agent 'wizard'/, /available agents: random/);
  throwsNaming(() => gameai.loadAgent(game, 'alphabeta(depth=-4)'), 'INVALID_ARGUMENT', /depth/);
  throwsNaming(() => gameai.loadAgent('mancala', 'random'), 'INVALID_ARGUMENT', /loadAgent takes a Game/);
  const agent = gameai.loadAgent(game, 'random');
  const state = game.newInitialState();
  throwsNaming(() => agent.step(state), 'FAILED_PRECONDITION', /start_game first/);
  throwsNaming(() => agent.startGame(5, 0), 'INVALID_ARGUMENT', /seat 5 is out of range; accepted: 0\.\.1/);
  throwsNaming(() => agent.startGame(0, -1), 'INVALID_ARGUMENT', /seed must be an integer in \[0, 2\^64 - 1\]/);
  agent.startGame(0, 2n ** 64n - 1n);
  const foreign = other.newInitialState();
  throwsNaming(() => agent.step(foreign), 'INVALID_ARGUMENT', /this agent plays 'mancala\(pits=6,seeds=4/);
  for (const o of [foreign, state, agent, other, game]) o.delete();
});

test('solve and match name what they accept', (t) => {
  if (!has('mancala')) return t.skip('no mancala in this build');
  const game = gameai.loadGame('mancala');
  const state = game.newInitialState();
  throwsNaming(() => gameai.solve(state, { bogus: 1 }), 'INVALID_ARGUMENT', /unknown parameter 'bogus'/, /accepted: /);
  throwsNaming(() => gameai.solve(state, { tt: 30 }), 'OUT_OF_MEMORY', /more than the budget/);
  throwsNaming(() => gameai.match('mancala', ['random', 'random'], { games: 0 }), 'INVALID_ARGUMENT', /games must be an integer in \[1, /);
  throwsNaming(() => gameai.match('mancala', ['random', 'random'], { randomOpening: 5000 }), 'INVALID_ARGUMENT', /randomOpening must be an integer in \[0, 1000\]/);
  throwsNaming(() => gameai.match('mancala', ['random', 'random', 'random']), 'INVALID_ARGUMENT', /3 agents given; game 'mancala' takes 1\.\.2/);
  throwsNaming(() => gameai.match('mancala', ['random', 'wizard']), 'NOT_FOUND', /unknown agent 'wizard'/);
  throwsNaming(() => gameai.match('mancala', 'random'), 'INVALID_ARGUMENT', /array of agent specs/);
  if (has('daifugo')) {
    const d = gameai.loadGame('daifugo');
    const ds = d.newInitialState();
    throwsNaming(() => gameai.solve(ds), 'INVALID_ARGUMENT', /has no exact solver; games with one: mancala/);
    ds.delete();
    d.delete();
  }
  state.delete();
  game.delete();
});

test('a deleted object says so; delete twice is harmless; using frees', (t) => {
  if (!has('mancala')) return t.skip('no mancala in this build');
  const game = gameai.loadGame('mancala');
  const state = game.newInitialState();
  state.delete();
  state.delete();
  assert.ok(state.isDeleted);
  throwsNaming(() => state.legalActions(), 'FAILED_PRECONDITION', /this State was deleted/);
  const dispose = Symbol.dispose ?? Symbol.for('Symbol.dispose');
  const other = game.newInitialState();
  other[dispose]();
  assert.ok(other.isDeleted);
  // The game outlives its deletion in the states made from it.
  const kept = game.newInitialState();
  game.delete();
  assert.deepEqual(kept.legalActions(), [0, 1, 2, 3, 4, 5]);
  kept.delete();
});

test('the single-threaded build runs a solver\'s threads in turn, to the same value', (t) => {
  if (!has('yacht')) return t.skip('no yacht in this build');
  const game = gameai.loadGame('yacht');
  const open = '8191 0 0 0'; // every category open: the whole game's value
  const one = gameai.positionValue(game, open, { threads: 1 });
  assert.ok(one > 200 && one < 300, String(one));
  assert.equal(gameai.positionValue('yacht', open, { threads: 4 }), one);
  throwsNaming(() => gameai.positionValue(game, '-'), 'INVALID_ARGUMENT', /expected 4 fields 'OPEN TOTAL UPPER YACHT50'/);
  throwsNaming(() => gameai.positionValue(game, open, { threads: 0 }), 'INVALID_ARGUMENT', /threads: int in \[1, 64\]/);
  game.delete();
});
