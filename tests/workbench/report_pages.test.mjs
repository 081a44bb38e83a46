// The workbench's report pages in headless Chromium (Debian's, driven by
// the playwright-core that web/app/package-lock.json pins), looked at as a
// person would: each page opened from its file, read from top to bottom
// with the keyboard, every chart drawn, no console error, no request for
// anything but the file itself, a full-page screenshot kept.
//
//   node tests/workbench/report_pages.test.mjs GAMEAI_CLI WEB_APP_DIR ARTIFACT_DIR
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const [cli, appDir, artifacts] = process.argv.slice(2).map((a) => a && path.resolve(a));
if (!cli || !appDir || !artifacts) {
  console.error('usage: node report_pages.test.mjs GAMEAI_CLI WEB_APP_DIR ARTIFACT_DIR');
  process.exit(2);
}
const { chromium } = createRequire(path.join(appDir, 'package.json'))('playwright-core');
fs.mkdirSync(artifacts, { recursive: true });

let browser;
before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    // Keys scroll at once, not in an animation a later key could race.
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
      '--disable-smooth-scrolling'],
  });
});
after(async () => { await browser?.close(); });

// report: runs the CLI to write `name`.html (a new file) and returns the
// JSON it printed.
function report(name, args) {
  const page = path.join(artifacts, `${name}.html`);
  fs.rmSync(page, { force: true });
  const out = execFileSync(cli, [...args, '--json', '--html', page], { encoding: 'utf8', timeout: 600_000 });
  return { page, doc: JSON.parse(out) };
}

// look: opens the page, reads it down with the keyboard, checks what a
// reader sees, and keeps a screenshot.
async function look(name, file, expectSvgs) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  const problems = [];
  const url = pathToFileURL(file).href;
  page.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') problems.push(`console: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  context.on('request', (r) => { if (r.url() !== url) problems.push(`request to ${r.url()}`); });
  await page.goto(url);
  const svgs = await page.locator('svg').count();
  assert.ok(svgs >= expectSvgs, `${name}: ${svgs} charts, expected ${expectSvgs}`);
  for (const svg of await page.locator('svg').all()) {
    const box = await svg.boundingBox();
    assert.ok(box && box.width > 100 && box.height > 40, `${name}: a chart drawn ${JSON.stringify(box)}`);
  }
  // At the bottom, not merely moved: Home pressed mid-scroll can be lost.
  await page.keyboard.press('End');
  await page.waitForFunction(() =>
    window.scrollY > 0 && window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1);
  await page.screenshot({ path: path.join(artifacts, `${name}-end.png`) });
  await page.keyboard.press('Home');
  await page.waitForFunction(() => window.scrollY === 0);
  await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage: true });
  const text = await page.locator('body').innerText();
  await context.close();
  assert.deepEqual(problems, [], `${name}: ${problems.join('; ')}`);
  return text;
}

test('a Mancala round robin of six agents', async () => {
  const agents = ['advanced', 'beginner', 'greedy', 'random', 'alphabeta(depth=3)', 'mcts(simulations=200)'];
  const { page, doc } = report('mancala-tournament', ['tournament', 'mancala', '--agents', agents.join(','),
    '--games-per-pairing', '20', '--random-opening', '2', '--threads', '2']);
  const text = await look('mancala-tournament', page, 5);
  // The page shows what the JSON holds: every agent with its rating.
  for (const r of doc.ratings) {
    assert.ok(text.includes(r.agent), r.agent);
    assert.ok(text.includes(`${r.elo >= 0 ? '+' : ''}${r.elo.toFixed(1)}`), `${r.agent} ${r.elo}`);
  }
  assert.ok(text.includes(doc.command));
  assert.ok(text.includes('Likelihood of superiority'));
});

test('a MiniRisk tournament of five agents', async () => {
  const agents = ['random', 'fixed', 'rl', 'naive_mc', 'planner'];
  const { page, doc } = report('minirisk-tournament', ['tournament', 'minirisk', '--agents', agents.join(','),
    '--games-per-pairing', '100']);
  const text = await look('minirisk-tournament', page, 5);
  assert.equal(doc.model, 'plackett-luce');
  for (const name of agents) assert.ok(text.includes(name), name);
});

test('an SPRT with its ratio between the bounds', async () => {
  const { page, doc } = report('sprt', ['sprt', 'mancala', '--agents', 'greedy,random', '--elo0', '0', '--elo1', '50']);
  const text = await look('sprt', page, 2);
  assert.equal(doc.decision, 'H1');
  assert.ok(text.includes('H1 accepted'));
  assert.ok(text.includes(`after ${doc.games} games`));
});

test('a match report of one table', async () => {
  const { page, doc } = report('match', ['match', 'yacht', '--agents', 'dice8,greedy', '--games', '40']);
  const text = await look('match', page, 5);
  assert.equal(doc.report.kind, 'match');
  assert.ok(text.includes('yacht match'));
});
