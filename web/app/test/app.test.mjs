// The web app in headless Chromium (Debian's, driven by playwright-core),
// used as a person would: clicks and keys only. For every game a whole
// game against `random` with undo and hint, no console error and no
// request leaving 127.0.0.1, a screenshot of each kept; Daifugo's and
// MiniRisk's hidden information never reaching the page; save and load;
// replays of a saved game and of a `gameai serve --log` stepped through.
//
//   node test/app.test.mjs SITE_DIR GAMEAI_CLI ARTIFACT_DIR
//
// SITE_DIR: scripts/web.sh --site-only's folder; GAMEAI_CLI: the native
// `gameai` (it writes the tournament log replayed here); ARTIFACT_DIR: the
// screenshots and the figures (load time, download size).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright-core';

const [site, cli, artifacts] = process.argv.slice(2).map((a) => a && path.resolve(a));
if (!site || !cli || !artifacts) {
  console.error('usage: node test/app.test.mjs SITE_DIR GAMEAI_CLI ARTIFACT_DIR');
  process.exit(2);
}
fs.mkdirSync(artifacts, { recursive: true });

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.css': 'text/css', '.wasm': 'application/wasm' };
let server;
let origin;
let bytesServed = 0;
let browser;

before(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    const file = path.join(site, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
    const target = file.endsWith(path.sep) ? path.join(file, 'index.html') : file;
    fs.readFile(target, (err, data) => {
      if (err) {
        res.writeHead(404);
        res.end();
        return;
      }
      bytesServed += data.length;
      res.writeHead(200, { 'Content-Type': TYPES[path.extname(target)] ?? 'application/octet-stream' });
      res.end(data);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

// openPage: a new page with every console error, page error and request
// that leaves 127.0.0.1 recorded, and every message the worker posts kept
// (window.__workerMessages) for the hidden-information checks.
async function openPage(query) {
  const context = await browser.newContext({ viewport: { width: 1100, height: 1000 }, acceptDownloads: true });
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  context.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(`${origin}/`) && !u.startsWith('blob:') && !u.startsWith('data:')) problems.push(`request to ${u}`);
  });
  await page.addInitScript(() => {
    const Original = window.Worker;
    window.__workerMessages = [];
    window.Worker = class extends Original {
      constructor(...args) {
        super(...args);
        this.addEventListener('message', (e) => window.__workerMessages.push(e.data));
      }
    };
  });
  await page.goto(`${origin}/${query}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 30000 });
  return { page, context, problems };
}

// rng: a fixed-seed generator, so the clicks are the same on every run.
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const board = '#board';

// waitForTurn: until the person may move (a move button is there) or the
// game is over; true when a move is possible.
async function waitForTurn(page) {
  await page.waitForFunction(() => {
    const b = document.querySelector('#board');
    if (b.dataset.terminal === 'true') return true;
    if (b.dataset.thinking === 'true' || b.dataset.waiting === 'true') return false;
    return [...b.querySelectorAll('[data-action], .cell:not([disabled])')]
      .some((e) => !e.disabled && e.offsetParent !== null && e.dataset.action !== '');
  }, null, { timeout: 60000 });
  return (await page.getAttribute(board, 'data-terminal')) !== 'true';
}

// clickRandomMove: one move by clicks: a Lines ball then its target, Yacht
// dice kept then Roll (or a box), otherwise a move button.
async function clickRandomMove(page, random) {
  const game = await page.getAttribute(board, 'data-game');
  const before = await page.getAttribute(board, 'data-history-length');
  if (game === 'linesboard') {
    const balls = page.locator('#board .cell:not([disabled]):not([data-action])');
    await balls.nth(Math.floor(random() * await balls.count())).click();
  }
  if (game === 'yacht' && random() < 0.5) {
    const dice = page.locator('#board .die:not([disabled])');
    const n = await dice.count();
    for (let i = 0; i < n; ++i) if (random() < 0.4) await dice.nth(i).click();
  }
  const moves = page.locator('#board [data-action]:not([disabled]):not([data-action=""]):visible');
  const count = await moves.count();
  assert.ok(count > 0, `${game}: no move to click`);
  await moves.nth(Math.floor(random() * count)).click();
  await page.waitForFunction((h) => {
    const b = document.querySelector('#board');
    return b.dataset.historyLength !== h || b.dataset.terminal === 'true';
  }, before, { timeout: 60000 });
}

const GAMES = [
  { spec: 'mancala', seats: 'human,random' },
  { spec: 'yacht', seats: 'human,random' },
  { spec: 'linesboard(rows=6,cols=8,max_turns=30)', seats: 'human,random' },
  { spec: 'minirisk(players=3)', seats: 'human,random,random' },
  { spec: 'daifugo(players=3,games=2)', seats: 'human,random,random' },
];

for (const [index, { spec, seats }] of GAMES.entries()) {
  const name = spec.replace(/\(.*/, '');
  test(`${name}: a whole game against random by clicks, with hint and undo`, async () => {
    const { page, context, problems } = await openPage(
      `?game=${encodeURIComponent(spec)}&seats=${seats}&seed=${index + 11}&delay=0`);
    const random = rng(index + 1);
    let moves = 0;
    let hinted = false;
    let undone = false;
    while (await waitForTurn(page)) {
      if (!hinted && moves === 2) {
        await page.click('#hint');
        await page.waitForFunction(() => /^Hint \(/.test(document.querySelector('#message').textContent) ||
          document.querySelector('#message').classList.contains('error'), null, { timeout: 120000 });
        const message = await page.textContent('#message');
        assert.match(message, /^Hint \(/, `${name}: the hint: ${message}`);
        assert.equal(await page.locator('#board .hinted').count() >= 1 || name === 'yacht', true,
          `${name}: the hinted move is marked`);
        hinted = true;
        await page.screenshot({ path: path.join(artifacts, `${name}-hint.png`), fullPage: true });
      }
      if (!undone && moves === 3) {
        const length = Number(await page.getAttribute(board, 'data-history-length'));
        await page.click('#undo');
        if (name === 'minirisk') {
          // Sealed bids of the bots are never taken back.
          await page.waitForFunction(() => /undo refused/.test(document.querySelector('#message').textContent));
        } else {
          await page.waitForFunction((l) => Number(document.querySelector('#board').dataset.historyLength) < l,
            length, { timeout: 30000 });
        }
        undone = true;
        continue;
      }
      await clickRandomMove(page, random);
      moves += 1;
      assert.ok(moves < 3000, `${name}: the game does not end`);
    }
    assert.ok(hinted || moves < 2, `${name}: a hint was asked`);
    assert.match(await page.textContent('#result'), /\S/, `${name}: the result is shown`);
    assert.ok((await page.locator('#move-log li').count()) > 0, `${name}: the move log`);
    await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });
    assert.deepEqual(problems, []);
    console.log(`# ${name}: ${moves} moves clicked`);
    await context.close();
  });
}

test('mancala by keyboard: digits sow, h hints, u undoes', async () => {
  const { page, context, problems } = await openPage('?game=mancala&seats=human,greedy&seed=5&delay=0');
  await waitForTurn(page);
  await page.keyboard.press('3');
  await page.waitForFunction(() => document.querySelector('#board').dataset.historyLength !== '0');
  await waitForTurn(page);
  await page.keyboard.press('h');
  await page.waitForFunction(() => /^Hint \(/.test(document.querySelector('#message').textContent));
  const length = Number(await page.getAttribute(board, 'data-history-length'));
  await page.keyboard.press('u');
  await page.waitForFunction((l) => Number(document.querySelector('#board').dataset.historyLength) < l, length);
  // Tab reaches a pit and Enter sows it.
  await waitForTurn(page);
  await page.focus('#board [data-action]');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#board').dataset.historyLength !== '0');
  assert.deepEqual(problems, []);
  await context.close();
});

// cardsIn: the card names ("S3", "HT", "JK") in a text.
const cardsIn = (text) => new Set(text.match(/\b(?:[SHDC][3-9TJQKA2]|JK)\b/g) ?? []);

test('daifugo: no other seat\'s hand reaches the page or its messages', async () => {
  const spec = 'daifugo(players=3,games=1)';
  const { page, context, problems } = await openPage(`?game=${encodeURIComponent(spec)}&seats=human,random,random&seed=21&delay=0`);
  await waitForTurn(page);
  const messages = await page.evaluate(() => window.__workerMessages);
  const reports = messages.filter((m) => m.type === 'report');
  assert.ok(reports.length > 0);
  for (const r of reports) {
    for (const v of [r.report.view, ...r.report.frames.map((f) => f.view), r.report.initial].filter(Boolean)) {
      v.fields.hands.forEach((h, p) => {
        if (p !== 0) assert.equal(h, null, `seat ${p}'s hand in a message`);
      });
    }
  }
  // Every card named in any message or on the page so far is the person's
  // own or one already played.
  const last = reports.at(-1).report.view.fields;
  const allowed = new Set([...last.hand, ...last.played, ...(last.field?.cards ?? [])]);
  const named = cardsIn(JSON.stringify(messages));
  for (const c of named) assert.ok(allowed.has(c), `card ${c} named before it was played`);
  for (const c of cardsIn(await page.locator('#board').innerText())) assert.ok(allowed.has(c));
  await page.screenshot({ path: path.join(artifacts, 'daifugo-first-turn.png'), fullPage: true });
  const domCards = await page.$$eval('#board [data-card]', (es) => es.map((e) => e.dataset.card));
  for (const c of domCards) assert.ok(allowed.has(c), `card ${c} on the page`);
  // The truth: seat 1's hand of this deal (the same seed and no decision
  // before the deal) is not among them.
  const gameai = await import(path.join(site, 'gameai', 'index.js'));
  const game = gameai.loadGame(spec);
  const table = gameai.newTable(game, ['random', 'human', 'random'], 21);
  let report = table.report();
  while (report.people_to_move.length === 0) {
    table.advance();
    report = table.report();
  }
  const other = report.view.fields.hand.filter((c) => !allowed.has(c));
  assert.ok(other.length > 0);
  for (const c of other) assert.ok(!named.has(c), `seat 1's ${c} reached the page`);
  table.delete();
  game.delete();
  // Saving would write the other hands: refused.
  await page.click('#save');
  await page.waitForFunction(() => /save refused/.test(document.querySelector('#message').textContent));
  assert.deepEqual(problems, []);
  await context.close();
});

test('minirisk: the bots\' bids of a round appear only once all are in', async () => {
  const { page, context, problems } = await openPage('?game=minirisk(players=3)&seats=human,planner,fixed&seed=4&delay=0');
  for (let round = 0; round < 4; ++round) {
    await waitForTurn(page);
    const messages = await page.evaluate(() => window.__workerMessages);
    const last = messages.filter((m) => m.type === 'report').at(-1).report;
    assert.equal(last.view.fields.bids.length, last.view.fields.round, 'no bid of the round being played');
    assert.equal(await page.locator('#board [data-round]').count(), last.view.fields.round);
    await page.locator('#board [data-action]').first().click();
    await page.waitForFunction((r) => document.querySelectorAll('#board [data-round]').length > r, round);
  }
  assert.deepEqual(problems, []);
  await context.close();
});

test('save, play on, load: back to the saved game; a replay of it stepped', async () => {
  const { page, context, problems } = await openPage('?game=mancala&seats=human,greedy&seed=8&delay=0');
  for (let i = 0; i < 3; ++i) {
    await waitForTurn(page);
    const length = await page.getAttribute(board, 'data-history-length');
    await page.locator('#board [data-action]').first().click();
    await page.waitForFunction((l) => document.querySelector('#board').dataset.historyLength !== l, length);
  }
  await waitForTurn(page);
  const savedLength = await page.getAttribute(board, 'data-history-length');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
  const file = path.join(artifacts, 'saved-mancala.gameai.txt');
  fs.rmSync(file, { force: true });
  await download.saveAs(file);
  const text = fs.readFileSync(file, 'utf8');
  assert.match(text, /^gameai-save 1\ngame mancala\(/);
  await page.locator('#board [data-action]').first().click();
  await page.waitForFunction((l) => document.querySelector('#board').dataset.historyLength !== l, savedLength);
  await page.setInputFiles('#load-file', file);
  await page.waitForFunction((l) => document.querySelector('#board').dataset.historyLength === l, savedLength)
    .catch(async (err) => {
      throw new Error(`${err.message}; history ${await page.getAttribute(board, 'data-history-length')}, saved ${savedLength}, message "${await page.textContent('#message')}"`);
    });
  // A file that is no saved game is refused, and the game goes on.
  await page.setInputFiles('#load-file', { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await page.waitForFunction(() => /not loaded/.test(document.querySelector('#message').textContent));
  assert.equal(await page.getAttribute(board, 'data-history-length'), savedLength);

  // The replay: every position, forwards and back.
  await page.click('#mode-replay');
  await page.setInputFiles('#replay-file', file);
  await page.waitForSelector('#replay-view:not([hidden])');
  const positions = Number(savedLength);
  assert.equal(await page.textContent('#replay-position'), `position 0 of ${positions}`);
  await page.click('#replay-next');
  await page.click('#replay-next');
  assert.equal(await page.getAttribute('#replay-board', 'data-position'), '2');
  await page.click('#replay-prev');
  assert.equal(await page.getAttribute('#replay-board', 'data-position'), '1');
  await page.keyboard.press('End');
  assert.equal(await page.getAttribute('#replay-board', 'data-position'), String(positions));
  await page.screenshot({ path: path.join(artifacts, 'replay-mancala.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await context.close();
});

test('replay of a gameai serve --log: as a seat, then everything once over', async () => {
  const log = path.join(artifacts, 'daifugo-serve.jsonl');
  fs.rmSync(log, { force: true });
  execFileSync(cli, ['serve', 'daifugo(players=3,games=1)', '--seats', 'random,heuristic,random',
    '--games', '3', '--seed', '5', '--port', '0', '--log', log], { stdio: 'ignore', timeout: 60000 });
  const { page, context, problems } = await openPage('?mode=replay');
  await page.click('#mode-replay');
  await page.fill('#replay-index', '1');
  await page.setInputFiles('#replay-file', log);
  await page.waitForSelector('#replay-view:not([hidden])');
  // As the first seat: no other hand, to the last position.
  await page.click('#replay-position');
  await page.keyboard.press('End');
  assert.equal(await page.getAttribute('#replay-board', 'data-terminal'), 'true');
  assert.equal(await page.locator('#replay-board [data-hand-of]').count(), 0, 'no other hand as a seat');
  await page.selectOption('#replay-seat', 'all');
  await page.waitForFunction(() => document.querySelector('#replay-seat').value === 'all' &&
    document.querySelector('#replay-board [data-hand-of]') !== null);
  await page.click('#replay-position');  // off the select, keys step the replay
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getAttribute('#replay-board', 'data-position'), '1');
  await page.screenshot({ path: path.join(artifacts, 'replay-daifugo.png'), fullPage: true });
  // A game the log does not have.
  await page.fill('#replay-index', '7');
  await page.click('#replay-open');
  await page.waitForFunction(() => /not in the log/.test(document.querySelector('#replay-error').textContent));
  assert.deepEqual(problems, []);
  await context.close();
});

test('replay of a gameai match --log played on two threads', async () => {
  const log = path.join(artifacts, 'mancala-match.jsonl');
  fs.rmSync(log, { force: true });
  execFileSync(cli, ['match', 'mancala', '--agents', 'greedy,random', '--games', '6', '--threads', '2',
    '--seed', '3', '--log', log], { stdio: 'ignore', timeout: 60000 });
  const lines = fs.readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const game4 = lines.find((l) => l.index === 4);
  const { page, context, problems } = await openPage('');
  await page.click('#mode-replay');
  await page.fill('#replay-index', '4');
  await page.setInputFiles('#replay-file', log);
  await page.waitForSelector('#replay-view:not([hidden])');
  assert.equal(await page.textContent('#replay-position'), `position 0 of ${game4.history.length}`);
  await page.click('#replay-last');
  // The final stores are the logged game's scores.
  const stores = await page.$$eval('#replay-board [data-store]', (es) =>
    Object.fromEntries(es.map((e) => [e.dataset.store, Number(e.dataset.seeds)])));
  assert.deepEqual([stores[0], stores[1]], game4.scores);
  assert.deepEqual(problems, []);
  await context.close();
});

test('embedded: ?embed=1 shows the board and its moves alone', async () => {
  const { page, context, problems } = await openPage('?game=mancala&seats=human,random&seed=2&delay=0&embed=1');
  await waitForTurn(page);
  assert.equal(await page.isVisible('header'), false);
  assert.equal(await page.isVisible('#board'), true);
  await page.locator('#board [data-action]').first().click();
  await page.waitForFunction(() => document.querySelector('#board').dataset.historyLength !== '0');
  await page.screenshot({ path: path.join(artifacts, 'embedded-mancala.png') });
  assert.deepEqual(problems, []);
  await context.close();
});

test('embed_example.html: a board in a page of its own, engine in the page', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = [];
  page.on('console', (m) => { if (m.type() === 'error') problems.push(m.text()); });
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${origin}/embed_example.html`);
  for (let i = 0; i < 200 && !(await page.textContent('#end')); ++i) {
    const length = await page.getAttribute('#board', 'data-history-length');
    await page.locator('#board [data-action]').first().click();
    await page.waitForFunction((l) => document.querySelector('#board').dataset.historyLength !== l, length);
  }
  assert.match(await page.textContent('#end'), /Game over/);
  assert.deepEqual(problems, []);
  await context.close();
});

test('bad input on the page: an unknown game, a bad seat, a bad seed', async () => {
  const { page, context, problems } = await openPage('?game=nosuchgame&seats=human,random');
  assert.match(await page.textContent('#setup-error'), /nosuchgame/);
  await page.goto(`${origin}/?game=mancala&seats=human,nosuchagent`);
  await page.waitForFunction(() => /nosuchagent/.test(document.querySelector('#setup-error').textContent));
  await page.goto(`${origin}/?game=mancala&seats=human,random,random`);
  await page.waitForFunction(() => /2 seats/.test(document.querySelector('#setup-error').textContent));
  await page.fill('#seed', '-3');
  await page.click('#start');
  await page.waitForFunction(() => /seed/.test(document.querySelector('#setup-error').textContent));
  // Console errors here are the page's own error reports: none expected.
  assert.deepEqual(problems, []);
  await context.close();
});

test('the time from page load to the first possible move, and the download size', async () => {
  // A browser of its own, started for this page alone: nothing cached.
  const cold = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'] });
  try {
    const page = await cold.newPage();
    bytesServed = 0;
    const start = Date.now();
    await page.goto(`${origin}/?game=mancala&seats=human,random&seed=1`);
    await page.waitForSelector('#board [data-action]', { timeout: 30000 });
    const ms = Date.now() - start;
    const figures = { first_move_ms: ms, bytes_served: bytesServed };
    fs.writeFileSync(path.join(artifacts, 'figures.json'), `${JSON.stringify(figures)}\n`);
    console.log(`# page load to the first possible move: ${ms} ms (a new browser); ${bytesServed} bytes served`);
  } finally {
    await cold.close();
  }
});
