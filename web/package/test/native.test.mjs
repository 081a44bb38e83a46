// Same seed, same result: match() in WebAssembly gives exactly what the
// native `gameai match ... --json --series 1` prints, for every game of the
// build and every agent of each (GAMEAI_CLI: the native gameai program).
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as gameai from 'gameai';

const cli = process.env.GAMEAI_CLI;

// Timings differ from run to run; everything else must not.
function withoutTimes(result) {
  const copy = structuredClone(result);
  delete copy.elapsed_seconds;
  return copy;
}

// sameAsNative: the agents at tables of `spec`'s seats in turn, each table
// played in WebAssembly and by the native program.
function sameAsNative(spec, agents) {
  const game = gameai.loadGame(spec);
  const seats = game.numPlayers();
  game.delete();
  for (let first = 0; first < agents.length; first += seats) {
    const table = Array.from({ length: seats }, (_, k) => agents[(first + k) % agents.length]);
    const options = { games: seats, seed: 7 + first, randomOpening: 2 };
    const wasm = gameai.match(spec, table, options);
    const native = JSON.parse(execFileSync(cli, ['match', spec, '--agents', table.join(','),
      '--games', String(options.games), '--seed', String(options.seed),
      '--random-opening', String(options.randomOpening), '--series', '1', '--json'],
    { encoding: 'utf8', timeout: 120_000 }));
    assert.deepEqual(withoutTimes(wasm), withoutTimes(native), `${spec}: ${table.join(',')}`);
  }
}

// Mancala's `perfect` solves each game: on the default board that is tens
// of seconds a game natively, minutes in WebAssembly, so it plays a small
// board here.
const smallBoard = {
  mancala: { spec: 'mancala(pits=4,seeds=3)', agent: 'perfect', against: 'strongest' },
};

for (const name of gameai.registeredGames()) {
  test(`${name}: every agent, seeded with random openings, as native`, () => {
    assert.ok(cli, 'GAMEAI_CLI must name the native gameai program');
    const game = gameai.loadGame(name);
    const agents = game.agents();
    game.delete();
    const small = smallBoard[name];
    sameAsNative(name, small ? agents.filter((a) => a !== small.agent) : agents);
    if (small) sameAsNative(small.spec, [small.agent, small.against]);
  });
}
