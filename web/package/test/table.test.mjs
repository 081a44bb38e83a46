// Play tables (the web app's engine): the rules of `gameai play` with the
// surface's promises: bad input is an error naming what is accepted and
// changes nothing, a report holds only the viewer's view, the same seed
// gives the same game, and the native `gameai play` reaches the same end.
import test from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as gameai from 'gameai';

const has = (...names) => names.every((n) => gameai.registeredGames().includes(n));

function throwsNaming(call, code, ...patterns) {
  assert.throws(call, (e) => {
    assert.ok(e instanceof gameai.GameaiError, `not a GameaiError: ${e}`);
    assert.equal(e.code, code, e.message);
    for (const p of patterns) assert.match(e.message, p);
    return true;
  });
}

// play: the table's game to the end, the person always taking `choose`'s
// pick of the legal moves; the reports in order.
function play(table, choose) {
  const reports = [];
  let report = table.report();
  reports.push(report);
  while (!report.terminal) {
    if (report.people_to_move.includes(report.viewer)) {
      table.move(report.viewer, choose(report.legal_actions).id);
    } else {
      table.advance();
    }
    report = table.report();
    reports.push(report);
  }
  return reports;
}

test('bad seats, moves and seeds are errors that change nothing', (t) => {
  if (!has('mancala', 'daifugo')) return t.skip('needs mancala and daifugo');
  const game = gameai.loadGame('mancala');
  throwsNaming(() => gameai.newTable('mancala', ['human', 'random']), 'INVALID_ARGUMENT', /takes a Game/);
  throwsNaming(() => gameai.newTable(game, ['human']), 'INVALID_ARGUMENT', /1 seat specs given; game 'mancala' has 2 seats/);
  throwsNaming(() => gameai.newTable(game, ['human', 'nobot']), 'NOT_FOUND', /unknown agent 'nobot'/);
  throwsNaming(() => gameai.newTable(game, ['human', 'random'], -1), 'INVALID_ARGUMENT', /seed must be an integer/);
  const table = gameai.newTable(game, ['human', 'greedy'], 3);
  const before = table.report();
  throwsNaming(() => table.move(0, 17), 'INVALID_ARGUMENT', /action 17 is not legal here; legal: 0 \(/);
  throwsNaming(() => table.move(1, 0), 'FAILED_PRECONDITION', /seat 1 is not to move/);
  throwsNaming(() => table.move(5, 0), 'INVALID_ARGUMENT', /player 5 is out of range; accepted: 0\.\.1/);
  throwsNaming(() => table.advance(), 'FAILED_PRECONDITION', /You to move/);
  throwsNaming(() => table.undo(), 'FAILED_PRECONDITION', /nothing to undo/);
  throwsNaming(() => table.load('gameai-save 1\ngame yacht\nstart x\n'), 'INVALID_ARGUMENT');
  throwsNaming(() => table.hint(0, 'nobot'), 'NOT_FOUND', /nobot/);
  const after = table.report();
  assert.deepEqual({ ...after, reset: true, initial: before.initial }, before);
  table.delete();
  const cards = gameai.loadGame('daifugo(players=3,games=1)');
  throwsNaming(() => gameai.newTable(cards, ['human', 'human', 'random']), 'INVALID_ARGUMENT',
    /hidden cards or moves: one human seat/);
  for (const o of [cards, game]) o.delete();
});

test('daifugo: no report holds another seat\'s hand; a save is refused', (t) => {
  if (!has('daifugo')) return t.skip('needs daifugo');
  const game = gameai.loadGame('daifugo(players=4,games=2)');
  const table = gameai.newTable(game, ['random', 'human', 'random', 'random'], 12);
  const reports = play(table, (legal) => legal.at(-1));
  for (const r of reports) {
    for (const v of [r.view, r.initial, ...r.frames.map((f) => f.view)].filter(Boolean)) {
      v.fields.hands.forEach((h, p) => assert.ok(p === 1 || h === null, `seat ${p}'s hand reported`));
      assert.equal(v.seat, 1);
    }
  }
  throwsNaming(() => table.save(), 'FAILED_PRECONDITION', /hidden cards/);
  for (const o of [table, game]) o.delete();
});

test('minirisk: sealed bids are not reported before the reveal nor undone', (t) => {
  if (!has('minirisk')) return t.skip('needs minirisk');
  const game = gameai.loadGame('minirisk(players=3)');
  const table = gameai.newTable(game, ['human', 'planner', 'fixed'], 2);
  while (table.report().people_to_move.length === 0) table.advance();
  const report = table.report();
  assert.equal(report.view.fields.bids.length, report.view.fields.round);
  table.move(0, report.legal_actions[0].id);
  throwsNaming(() => table.undo(), 'FAILED_PRECONDITION', /simultaneous moves whose choices you have seen/);
  for (const o of [table, game]) o.delete();
});

test('saved games and replays: back and forth, everything only at the end', (t) => {
  if (!has('mancala')) return t.skip('needs mancala');
  const game = gameai.loadGame('mancala');
  const table = gameai.newTable(game, ['human', 'greedy'], 4);
  const reports = play(table, (legal) => legal[0]);
  const text = table.save();
  const state = gameai.loadSaved(text);
  assert.equal(state.savedText(), text);
  const replay = state.replay(0, ['You', 'greedy']);
  assert.equal(replay.frames.length, reports.at(-1).history_length);
  assert.deepEqual(replay.frames.at(-1).view.fields, reports.at(-1).view.fields);
  assert.equal(state.replay('all').frames.length, replay.frames.length);
  state.undoAction();
  throwsNaming(() => state.replay('all'), 'INVALID_ARGUMENT', /only once the game is over/);
  throwsNaming(() => state.replay(7), 'INVALID_ARGUMENT', /seat 7 is out of range/);
  throwsNaming(() => gameai.loadSaved('gameai-save 2\n'), 'INVALID_ARGUMENT');
  // Loading the saved game at an earlier point of this game takes it back.
  table.load(text.replace(/^actions (.*) \d+$/m, 'actions $1'));
  assert.equal(table.report().history_length, reports.at(-1).history_length - 1);
  for (const o of [state, table, game]) o.delete();
});

test('the same seed gives the same game, and native gameai play ends alike', (t) => {
  if (!has('mancala', 'yacht')) return t.skip('needs mancala and yacht');
  for (const spec of ['yacht', 'mancala']) {
    const game = gameai.loadGame(spec);
    const run = () => {
      const table = gameai.newTable(game, ['human', 'greedy'], 9);
      const reports = play(table, (legal) => legal[Math.floor(legal.length / 2)]);
      table.delete();
      return reports;
    };
    assert.deepEqual(run(), run());
    game.delete();
  }
  // The person types 1, 2, ..., 6, 1, ... and each turn takes the first
  // number that is a legal pit: the same policy here.
  const game = gameai.loadGame('mancala');
  const table = gameai.newTable(game, ['human', 'greedy'], 9);
  let typed = 0;
  const reports = play(table, (legal) => {
    for (;;) {
      const pit = typed % 6;
      typed += 1;
      const move = legal.find((m) => m.id === pit);
      if (move) return move;
    }
  });
  const input = Array.from({ length: typed + 12 }, (_, i) => `${(i % 6) + 1}\n`).join('');
  const native = execFileSync(process.env.GAMEAI_CLI, ['play', 'mancala', '--agents', 'human,greedy', '--seed', '9'],
    { input, encoding: 'utf8' });
  assert.ok(native.includes(reports.at(-1).end), `native play ended otherwise:\n${native.slice(-400)}`);
  for (const o of [table, game]) o.delete();
});
