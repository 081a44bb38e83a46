// Memory stays flat: 10,000 states created and deleted, and 10,000 dropped
// for the FinalizationRegistry to free (run with --expose-gc).
import test from 'node:test';
import assert from 'node:assert/strict';
import * as gameai from 'gameai';

const game = gameai.loadGame(gameai.registeredGames()[0]);

function churn(count, drop) {
  for (let i = 0; i < count; ++i) {
    const state = game.newInitialState();
    const copy = state.clone();
    copy.serialize();
    if (!drop) {
      copy.delete();
      state.delete();
    }
  }
}

test('10,000 states created and deleted give every byte back', () => {
  churn(100, false);
  const before = gameai.heapInUse();
  churn(10_000, false);
  assert.equal(gameai.heapInUse(), before);
});

test('10,000 states dropped are freed by the finalizer', async (t) => {
  if (typeof globalThis.gc !== 'function') return t.skip('needs node --expose-gc');
  churn(100, false);
  const before = gameai.heapInUse();
  const oneState = (() => {
    const s = game.newInitialState();
    const bytes = gameai.heapInUse() - before;
    s.delete();
    return bytes;
  })();
  churn(10_000, true);
  const held = gameai.heapInUse() - before;
  // Finalizers run after a collection, between turns of the event loop.
  for (let round = 0; round < 50 && gameai.heapInUse() > before + 100 * oneState; ++round) {
    globalThis.gc();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const left = gameai.heapInUse() - before;
  assert.ok(held > 1000 * oneState, `dropped states held ${held} bytes before collection`);
  assert.ok(left <= 100 * oneState, `${left} bytes still held after collection (one state: ${oneState})`);
});
