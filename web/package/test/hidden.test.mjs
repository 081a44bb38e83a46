// An agent or a page sees only what its seat may see: another seat's
// Daifugo hand or MiniRisk bid never reaches observationString or the
// tensors.
import test from 'node:test';
import assert from 'node:assert/strict';
import * as gameai from 'gameai';
import { dealt } from './play.mjs';

const has = (name) => gameai.registeredGames().includes(name);

// hands: each seat's cards from the full state's text ("P3: 10 cards S5 H8 ...").
function hands(state) {
  const result = {};
  for (const line of state.toString().split('\n')) {
    const m = line.match(/^P(\d):\s+\d+ cards (.*)$/);
    if (m) result[Number(m[1])] = m[2].split(/\s+/).filter((w) => /^([SHDC][2-9TJQKA]|JK)$/.test(w));
  }
  return result;
}

test('daifugo: no seat sees another seat\'s cards, all through a game', (t) => {
  if (!has('daifugo')) return t.skip('no daifugo in this build');
  const game = gameai.loadGame('daifugo');
  const state = dealt(game, 11);
  const agent = gameai.loadAgent(game, 'random');
  let checked = 0;
  for (let move = 0; move < 60 && !state.isTerminal(); ++move) {
    if (state.isChanceNode()) { state.applyAction(state.sampleChanceOutcome(move)); continue; }
    const all = hands(state);
    assert.equal(Object.keys(all).length, game.numPlayers(), state.toString());
    for (let seat = 0; seat < game.numPlayers(); ++seat) {
      const seen = state.observationString(seat);
      assert.ok(all[seat].every((card) => seen.includes(card)), 'a seat sees its own hand');
      for (const [other, cards] of Object.entries(all)) {
        if (Number(other) === seat) continue;
        const line = seen.split('\n').find((l) => l.startsWith(`P${other}:`));
        assert.match(line, /\(hidden\)/, `seat ${seat} sees P${other}: ${line}`);
        for (const card of cards) assert.ok(!line.includes(` ${card}`), `seat ${seat} sees ${card} of P${other}`);
        ++checked;
      }
    }
    agent.startGame(state.currentPlayer(), move);
    state.applyAction(agent.step(state));
  }
  assert.ok(checked > 100);
  for (const o of [agent, state, game]) o.delete();
});

test('daifugo: two deals that differ only in other seats\' cards look the same to seat 0', (t) => {
  if (!has('daifugo')) return t.skip('no daifugo in this build');
  const game = gameai.loadGame('daifugo');
  const state = dealt(game, 5);
  const text = state.serialize();
  const m = text.match(/hands=([^ ]+)/);
  const seats = m[1].split(',').map((h) => h.split('.'));
  // One card of seat 1 and one of seat 2 change hands.
  [seats[1][0], seats[2][0]] = [seats[2][0], seats[1][0]];
  const swapped = game.deserializeState(text.replace(m[1], seats.map((h) => h.join('.')).join(',')));
  assert.equal(swapped.observationString(0), state.observationString(0));
  assert.deepEqual(swapped.observationTensor(0), state.observationTensor(0));
  assert.notEqual(swapped.observationString(1), state.observationString(1));
  assert.notDeepEqual(swapped.observationTensor(1), state.observationTensor(1));
  for (const o of [swapped, state, game]) o.delete();
});

test('minirisk: bids stay hidden until the round reveals them', (t) => {
  if (!has('minirisk')) return t.skip('no minirisk in this build');
  const game = gameai.loadGame('minirisk');
  const state = dealt(game, 3);
  assert.ok(state.isSimultaneousNode());
  const before = state.observationString(0);
  const bids = [0, 14, 13, 12, 11];
  state.applyJointAction(bids);
  // After the round every bid is public, in the round's line.
  const after = state.observationString(0);
  assert.match(after, /round {2}1: prize +-?\d+, bids {2}1 15 14 13 12, player 1 takes it/);
  assert.notEqual(after, before);
  // The next round's prize is drawn; then each seat's agent bids from its
  // own view.
  for (let draw = 9; state.isChanceNode(); ++draw) state.applyAction(state.sampleChanceOutcome(draw));
  const agents = bids.map((_, seat) => {
    const a = gameai.loadAgent(game, 'random');
    a.startGame(seat, seat);
    return a;
  });
  agents.forEach((a, seat) => assert.ok(state.legalActions(seat).includes(a.step(state))));
  for (const o of [...agents, state, game]) o.delete();
});
