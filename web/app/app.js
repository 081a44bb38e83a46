// The page: set up a game, play it by clicks and keys, watch replays. The
// engine runs in worker.js; the page gets only what the person's seat may
// see (the Table's reports), and draws it with the game's board module.
import { boardFor } from './boards/index.js';
import { el, clear } from './boards/dom.js';

const $ = (id) => document.getElementById(id);
const worker = new Worker('worker.js', { type: 'module' });

// ---- talking to the worker ----

const waiting = new Map();  // reply type -> {resolve, reject, request}
const replyOf = { catalog: 'catalog', describe: 'described', save: 'saved', hint: 'hint', replay: 'replay', new: 'started' };

function send(message) { worker.postMessage(message); }

function request(message) {
  const reply = replyOf[message.type];
  return new Promise((resolve, reject) => {
    waiting.set(reply, { resolve, reject, request: message.type });
    send(message);
  });
}

worker.onmessage = ({ data }) => {
  if (data.type === 'error') {
    const entry = [...waiting.entries()].find(([, w]) => w.request === data.request);
    if (entry) {
      waiting.delete(entry[0]);
      entry[1].reject(new Error(data.message));
    } else {
      say(data.message, true);
      if (data.request === 'move' && page.report) draw();  // the move refused: the board again
    }
    return;
  }
  // Before the reports that follow it: they are drawn with this game's board.
  if (data.type === 'started') page.game = data.game;
  const w = waiting.get(data.type);
  if (w) {
    waiting.delete(data.type);
    w.resolve(data);
  }
  if (data.type === 'ready') engineReady(data);
  if (data.type === 'report') onReport(data.report);
  if (data.type === 'thinking') onThinking(data);
};
worker.onerror = (e) => say(`the engine failed: ${e.message}`, true);

// ---- page state ----

const page = {
  catalog: [],
  game: null,       // the described game being played
  seats: [],
  seed: '1',
  report: null,     // the last report
  views: [],        // the initial view and each frame's view since the start
  frames: [],
  memory: {},       // what the board module keeps from the frames
  hint: null,
};

function say(text, isError = false) {
  const m = $('message');
  m.textContent = text;
  m.classList.toggle('error', isError);
}

// ---- setup ----

async function engineReady() {
  $('engine-status').textContent = 'engine ready';
  const { games } = await request({ type: 'catalog' });
  page.catalog = games;
  const select = $('game-select');
  for (const g of games) select.append(el('option', { value: g.name }, g.name));
  const url = new URLSearchParams(location.search);
  // ?embed=1: the board and its buttons only, for an <iframe> in another page.
  document.body.classList.toggle('embed', url.get('embed') === '1');
  const delay = url.get('delay');
  if (delay !== null) $('delay').value = delay;
  if (url.get('game')) {
    await applyUrl(url);
  } else {
    await describeSelected();
  }
  document.body.dataset.ready = 'true';
}

// applyUrl: ?game=<spec>&seats=human,random&seed=S starts that game.
async function applyUrl(url) {
  const spec = url.get('game');
  try {
    const { game } = await request({ type: 'describe', spec });
    $('game-select').value = game.name;
    showSetup(game, spec);
    const seats = url.get('seats') ? splitSpecs(url.get('seats')) : defaultSeats(game);
    if (seats.length !== game.numPlayers) {
      throw new Error(`seats: ${seats.length} given; ${game.spec} has ${game.numPlayers} seats`);
    }
    seats.forEach((s, i) => { $(`seat-${i}`).value = s; });
    if (url.get('seed')) $('seed').value = url.get('seed');
    if (url.get('mode') === 'replay') return setMode('replay');
    await start(game.spec, seats, url.get('seed') ?? '1');
  } catch (err) {
    if (!page.setupGame) await describeSelected();
    $('setup-error').textContent = err.message;
  }
}

// splitSpecs: "a,mcts(x=1,y=2),b" split at top-level commas.
function splitSpecs(text) {
  const out = [];
  let depth = 0;
  let current = '';
  for (const c of text) {
    if (c === '(') depth += 1;
    if (c === ')') depth -= 1;
    if (c === ',' && depth === 0) {
      out.push(current.trim());
      current = '';
    } else {
      current += c;
    }
  }
  out.push(current.trim());
  return out.filter((s) => s !== '');
}

function defaultSeats(game) {
  const strongest = game.levels.at(-1)?.agent ?? 'random';
  return Array.from({ length: game.numPlayers }, (_, i) => (i === 0 ? 'human' : strongest));
}

async function describeSelected(spec = $('game-select').value) {
  try {
    const { game } = await request({ type: 'describe', spec });
    showSetup(game, spec);
    $('setup-error').textContent = '';
  } catch (err) {
    $('setup-error').textContent = err.message;
  }
}

function paramsSpec() {
  const name = $('game-select').value;
  const parts = [...$('params').querySelectorAll('input')]
    .map((i) => `${i.name}=${i.value.trim()}`);
  return parts.length ? `${name}(${parts.join(',')})` : name;
}

function showSetup(game, spec) {
  page.setupGame = game;
  const params = $('params');
  clear(params);
  for (const [name, value] of Object.entries(game.params)) {
    const input = el('input', { name, value, size: 8 });
    input.addEventListener('change', () => describeSelected(paramsSpec()));
    params.append(el('label', {}, `${name} `, input));
  }
  const seats = $('seats');
  const previous = [...seats.querySelectorAll('input')].map((i) => i.value);
  clear(seats);
  const choices = ['human', ...game.levels.map((l) => l.agent), ...game.agents];
  const list = el('datalist', { id: 'agent-list' },
    ...[...new Set(choices)].map((a) => el('option', { value: a })));
  seats.append(list);
  defaultSeats(game).forEach((value, i) => {
    const input = el('input', { id: `seat-${i}`, list: 'agent-list', value: previous[i] ?? value, size: 28,
      'aria-label': `seat ${i + 1}: "human" or an agent spec` });
    seats.append(el('label', {}, `Seat ${i + 1} `, input));
  });
  const strength = $('strength');
  clear(strength);
  strength.append(el('option', { value: '' }, 'as the seats say'));
  for (const l of game.levels) strength.append(el('option', { value: l.agent }, `${l.name} (${l.agent})`));
  void spec;
}

$('game-select').addEventListener('change', () => {
  clear($('params'));
  clear($('seats'));
  describeSelected();
});
$('strength').addEventListener('change', () => {
  const agent = $('strength').value;
  if (!agent) return;
  for (const input of $('seats').querySelectorAll('input')) {
    if (input.value !== 'human') input.value = agent;
  }
});
$('start').addEventListener('click', () => {
  const seats = [...$('seats').querySelectorAll('input')].map((i) => i.value.trim());
  start(paramsSpec(), seats, $('seed').value || '1').catch((err) => {
    $('setup-error').textContent = err.message;
  });
});

async function start(spec, seats, seed) {
  if (!/^\d+$/.test(String(seed))) throw new Error(`seed ${seed}: a whole number 0..2^64-1`);
  send({ type: 'settings', delayMs: Number($('delay').value) });
  page.seats = seats;
  page.seed = String(seed);
  page.hint = null;
  const { spec: canonical } = await request({ type: 'new', spec, seats, seed });
  $('setup').hidden = true;
  $('play').hidden = false;
  $('result').textContent = '';
  say('');
  const url = new URL(location.href);
  const query = { game: canonical, seats: seats.join(','), seed: page.seed };
  if (document.body.classList.contains('embed')) query.embed = '1';
  url.search = new URLSearchParams(query).toString();
  history.replaceState(null, '', url);
}

// ---- playing ----

function onReport(report) {
  if (report.reset) {
    page.views = [report.initial];
    page.frames = [];
    page.memory = {};
    clear($('move-log'));
  }
  const board = boardFor(page.game.name);
  for (const frame of report.frames) {
    board.remember?.(page.memory, page.views.at(-1), frame, report.viewer);
    page.views.push(frame.view);
    page.frames.push(frame);
    logFrame(frame, report.names);
  }
  page.report = report;
  page.hint = null;
  // A bot interrupted by an undo or a load never says it stopped thinking.
  if (report.terminal || report.people_to_move.includes(report.viewer)) onThinking({ on: false });
  const texts = report.frames.map((f) => f.event.text).filter((t) => t);
  if (report.reset && report.frames.length === 0) texts.push(report.intro);
  if (texts.length) $('happened').textContent = texts.join('');
  draw();
  $('result').textContent = report.terminal ? report.end : '';
  $('undo').disabled = report.history_length === 0;
  $('hint').disabled = !report.people_to_move.includes(report.viewer);
}

function logFrame(frame, names) {
  const e = frame.event;
  if (e.names.length === 0) return;
  const who = typeof e.actor === 'number' ? names[e.actor] : e.actor;
  const log = $('move-log');
  const last = log.lastElementChild;
  const text = e.names.join(' / ');
  if (e.actor === 'chance' && last?.dataset.actor === 'chance') {
    last.textContent += `, ${text}`;
    return;
  }
  const words = e.actor === 'simultaneous'
    ? `together: ${e.names.map((n, p) => `${names[p]} ${n}`).join(', ')}` : `${who}: ${text}`;
  const item = el('li', { 'data-actor': String(e.actor) }, words);
  for (const reason of Object.values(e.reasons ?? {})) item.append(el('small', {}, ` — ${reason}`));
  log.append(item);
  log.scrollTop = log.scrollHeight;
}

function draw() {
  const report = page.report;
  const boardEl = $('board');
  const view = report.view;
  boardEl.dataset.game = page.game.name;
  boardEl.dataset.currentPlayer = String(view.current_player);
  boardEl.dataset.terminal = String(report.terminal);
  boardEl.dataset.viewer = String(report.viewer);
  boardEl.dataset.historyLength = String(report.history_length);
  boardEl.dataset.waiting = 'false';
  clear(boardEl);
  boardFor(page.game.name).render(boardEl, {
    view,
    fields: view.fields ?? {},
    previous: page.views.length > 1 ? page.views.at(-2) : null,
    lastFrame: page.frames.at(-1) ?? null,
    legal: report.people_to_move.includes(report.viewer) ? report.legal_actions : [],
    viewer: report.viewer,
    names: report.names,
    memory: page.memory,
    hint: page.hint,
    move: (action) => {
      // No second move until the engine has answered the first.
      if (boardEl.dataset.waiting === 'true') return;
      boardEl.dataset.waiting = 'true';
      for (const b of boardEl.querySelectorAll('button')) b.disabled = true;
      say('');
      send({ type: 'move', player: report.viewer, action });
    },
  });
}

function onThinking({ on, seat, hint }) {
  const names = page.report?.names ?? [];
  $('thinking').textContent = on
    ? (hint ? 'thinking of a hint…' : `${names[seat] ?? 'a bot'} is thinking…`) : '';
  $('board').dataset.thinking = String(Boolean(on));
}

async function giveHint() {
  const report = page.report;
  if (!report || !report.people_to_move.includes(report.viewer)) return;
  try {
    const hint = await request({ type: 'hint', player: report.viewer });
    const move = report.legal_actions.find((a) => a.id === hint.action);
    page.hint = hint.action;
    say(`Hint (${page.game.hintAgent}): ${move?.name ?? hint.action}${hint.explanation ? ` — ${hint.explanation}` : ''}`);
    draw();
  } catch (err) {
    say(`no hint: ${err.message}`, true);
  }
}

function undo() {
  send({ type: 'undo' });
  say('');
}

async function save() {
  try {
    const { text } = await request({ type: 'save' });
    const name = `${page.game.name}-seed${page.seed}-move${page.report.history_length}.gameai.txt`;
    const link = el('a', { href: URL.createObjectURL(new Blob([text], { type: 'text/plain' })), download: name });
    document.body.append(link);
    link.click();
    link.remove();
    say(`saved as ${name}`);
  } catch (err) {
    say(err.message, true);
  }
}

async function load(file) {
  const maxBytes = 64 << 20;
  if (file.size > maxBytes) {
    say(`not loaded: ${file.name} is longer than 64 MiB`, true);
    return;
  }
  const text = await file.text();
  const spec = /^game (.*)$/m.exec(text)?.[1];
  if (!text.startsWith('gameai-save') || !spec) {
    say(`not loaded: ${file.name} is no saved game (it starts with "gameai-save 1", then "game SPEC")`, true);
    return;
  }
  if (spec !== page.game.spec) {
    try {
      const { game } = await request({ type: 'describe', spec });
      const seats = page.seats.length === game.numPlayers ? page.seats : defaultSeats(game);
      await start(spec, seats, page.seed);
    } catch (err) {
      say(`not loaded: ${err.message}`, true);
      return;
    }
  }
  send({ type: 'load', text });
  say(`loaded ${file.name}`);
}

$('hint').addEventListener('click', giveHint);
$('undo').addEventListener('click', undo);
$('save').addEventListener('click', save);
$('new-game').addEventListener('click', () => {
  $('play').hidden = true;
  $('setup').hidden = false;
});
$('load-file').addEventListener('change', (e) => {
  const file = e.target.files[0];
  e.target.value = '';
  if (file) load(file);
});

document.addEventListener('keydown', (e) => {
  if (e.target.closest('input, textarea, select') || e.ctrlKey || e.metaKey || e.altKey) return;
  if ($('play').hidden) return;
  if (e.key === 'h') giveHint();
  else if (e.key === 'u' && !$('undo').disabled) undo();
  else if (e.key === 'n') $('new-game').click();
  else if (/^[1-9]$/.test(e.key)) {
    // SVG elements have no click(): a click event does the same.
    $('board').querySelector(`[data-key="${e.key}"]`)?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  }
  else return;
  e.preventDefault();
});

// ---- replays ----

const replay = { frames: [], views: [], index: 0, game: null, memory: [] };

function setMode(mode) {
  $('mode-play').setAttribute('aria-pressed', String(mode === 'play'));
  $('mode-replay').setAttribute('aria-pressed', String(mode === 'replay'));
  $('replay').hidden = mode !== 'replay';
  $('setup').hidden = mode !== 'play' || page.report !== null;
  $('play').hidden = mode !== 'play' || page.report === null;
}
$('mode-play').addEventListener('click', () => setMode('play'));
$('mode-replay').addEventListener('click', () => setMode('replay'));

$('replay-file').addEventListener('change', async (e) => {
  const file = e.target.files[0];
  e.target.value = '';
  if (!file) return;
  if (file.size > 64 << 20) {
    $('replay-error').textContent = `${file.name} is longer than 64 MiB`;
    return;
  }
  $('replay-text').value = await file.text();
  openReplay();
});
$('replay-open').addEventListener('click', () => openReplay());
$('replay-seat').addEventListener('change', () => openReplay());

async function openReplay() {
  const text = $('replay-text').value;
  const seatValue = $('replay-seat').value || '0';
  const seat = seatValue === 'all' || seatValue === 'spectator' ? seatValue : Number(seatValue);
  try {
    const result = await request({ type: 'replay', text, seat, index: Number($('replay-index').value) });
    $('replay-error').textContent = '';
    showReplay(result, seatValue);
  } catch (err) {
    $('replay-error').textContent = err.message;
  }
}

function showReplay({ replay: r, terminal, game }, seatValue) {
  replay.game = game;
  replay.frames = r.frames;
  replay.names = r.names;
  replay.seat = r.seat;
  replay.views = [r.initial, ...r.frames.map((f) => f.view)];
  // memory[i]: what the board keeps after frame i (Yacht's filled boxes).
  const board = boardFor(game.name);
  let memory = {};
  replay.memory = [structuredClone(memory)];
  r.frames.forEach((frame, i) => {
    board.remember?.(memory, replay.views[i], frame, r.seat === 'all' ? null : r.seat);
    replay.memory.push(structuredClone(memory));
  });
  const seatSelect = $('replay-seat');
  clear(seatSelect);
  for (let p = 0; p < game.numPlayers; ++p) seatSelect.append(el('option', { value: String(p) }, `seat ${p + 1}: ${r.names[p]}`));
  seatSelect.append(el('option', { value: 'spectator' }, 'a spectator (public only)'));
  if (terminal) seatSelect.append(el('option', { value: 'all' }, 'everything (the game is over)'));
  seatSelect.value = seatValue;
  $('replay-view').hidden = false;
  replay.index = 0;
  drawReplay();
}

function drawReplay() {
  const i = replay.index;
  const view = replay.views[i];
  const boardEl = $('replay-board');
  boardEl.dataset.game = replay.game.name;
  boardEl.dataset.currentPlayer = String(view.current_player);
  boardEl.dataset.terminal = String(view.terminal);
  boardEl.dataset.position = String(i);
  clear(boardEl);
  boardFor(replay.game.name).render(boardEl, {
    view,
    fields: view.fields ?? {},
    previous: i > 0 ? replay.views[i - 1] : null,
    lastFrame: i > 0 ? replay.frames[i - 1] : null,
    legal: [],
    viewer: typeof replay.seat === 'number' ? replay.seat : null,
    names: replay.names,
    memory: replay.memory[i],
    hint: null,
    move: () => {},
  });
  $('replay-position').textContent = `position ${i} of ${replay.frames.length}`;
  $('replay-happened').textContent = i > 0
    ? `${replay.frames[i - 1].event.names.join(' / ')}\n${replay.frames[i - 1].event.text}` : 'the start';
  $('replay-prev').disabled = $('replay-first').disabled = i === 0;
  $('replay-next').disabled = $('replay-last').disabled = i === replay.frames.length;
}

function stepReplay(to) {
  replay.index = Math.max(0, Math.min(replay.frames.length, to));
  drawReplay();
}
$('replay-first').addEventListener('click', () => stepReplay(0));
$('replay-prev').addEventListener('click', () => stepReplay(replay.index - 1));
$('replay-next').addEventListener('click', () => stepReplay(replay.index + 1));
$('replay-last').addEventListener('click', () => stepReplay(replay.frames.length));
document.addEventListener('keydown', (e) => {
  if ($('replay').hidden || $('replay-view').hidden || e.target.closest('input, textarea, select')) return;
  if (e.key === 'ArrowLeft') stepReplay(replay.index - 1);
  else if (e.key === 'ArrowRight') stepReplay(replay.index + 1);
  else if (e.key === 'Home') stepReplay(0);
  else if (e.key === 'End') stepReplay(replay.frames.length);
});
