// The engine of the web app, in a Web Worker so the page never freezes
// while a bot thinks. The full game state lives here, in a gameai Table;
// what is posted to the page is only what the Table reports for the viewer
// (the person's seat), hints for that seat, saved games the Table allows
// and replays as a seat saw them (everything only once a game is over).
import * as gameai from './gameai/index.js';

let game = null;
let table = null;
let generation = 0;  // a new game or a load stops the old game's timers
let botDelayMs = 300;

const post = (message) => postMessage(message);

function describe(spec) {
  const g = gameai.loadGame(spec);
  try {
    return {
      spec: g.spec(),
      name: g.name(),
      numPlayers: g.numPlayers(),
      params: g.params(),
      agents: g.agents(),
      ...g.playLevels(),
    };
  } finally {
    g.delete();
  }
}

function catalog() {
  return gameai.registeredGames().map((name) => describe(name));
}

// pull: the Table's report merged with what earlier pulls took from it
// (each report hands over the frames since the last one).
let pending = null;
function pull() {
  const report = table.report();
  if (pending !== null) {
    report.frames = [...pending.frames, ...report.frames];
    if (pending.reset) {
      report.reset = true;
      report.initial = pending.initial;
    }
  }
  pending = report;
  return report;
}

// nextStep: plays chance events at once, reports to the page, then plays
// the next bot move after botDelayMs (so the person can follow it, with a
// "thinking" notice), until a person must move or the game ends.
function nextStep(gen) {
  if (gen !== generation || table === null) return;
  let report = pull();
  while (!report.terminal && report.people_to_move.length === 0 &&
         report.view.current_player === 'chance') {
    table.advance();
    report = pull();
  }
  post({ type: 'report', report });
  pending = null;
  if (report.terminal || report.people_to_move.length > 0) return;
  const mover = report.view.current_player;
  post({ type: 'thinking', seat: typeof mover === 'number' ? mover : null, on: true });
  setTimeout(() => {
    if (gen !== generation) return;
    try {
      table.advance();
    } catch (err) {
      post({ type: 'error', message: err.message });
      return;
    } finally {
      post({ type: 'thinking', on: false });
    }
    nextStep(gen);
  }, botDelayMs);
}

function newGame({ spec, seats, seed }) {
  generation += 1;
  table?.delete();
  game?.delete();
  table = null;
  pending = null;
  game = gameai.loadGame(spec);
  table = gameai.newTable(game, seats, BigInt(seed));
  post({ type: 'started', spec: game.spec(), game: describe(game.spec()), seats, seed: String(seed) });
  nextStep(generation);
}

// replay: the frames of a saved game or of one game of a `gameai serve
// --log`, as `seat` saw them ('all' only for a finished game).
function replay({ text, seat, index }) {
  let state = null;
  let names = null;
  let logGames = null;
  let spec;
  try {
    if (text.startsWith('gameai-save')) {
      state = gameai.loadSaved(text);
      spec = /^game (.*)$/m.exec(text)[1];
    } else {
      ({ state, names, logGames, spec } = fromServeLog(text, index ?? 0));
    }
    const frames = state.replay(seat, names);
    post({ type: 'replay', replay: frames, terminal: state.isTerminal(), game: describe(spec), logGames });
  } finally {
    state?.delete();
  }
}

// fromServeLog: game `index` of a `gameai serve --log` or `gameai match
// --log`: the header line names the game, each game line its index, seats
// ("table") and every transition ("history": [player, action], a joint
// action one entry per seat).
function fromServeLog(text, index) {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  let header;
  try {
    header = JSON.parse(lines[0]);
  } catch {
    throw new gameai.GameaiError(
      'not a game log: a saved game starts with "gameai-save", a log of gameai serve or match with a JSON line of "type": "tournament" or "match"',
      'INVALID_ARGUMENT');
  }
  if (!['tournament', 'match'].includes(header?.type) || typeof header.game !== 'string') {
    throw new gameai.GameaiError('not a game log: its first line has no "type": "tournament" or "match" and no "game"', 'INVALID_ARGUMENT');
  }
  // Lines of a match played on several threads come in the order the games ended.
  const games = lines.slice(1).map((l) => JSON.parse(l)).filter((g) => g.type === 'game');
  if (games.length === 0) throw new gameai.GameaiError('the log holds no finished game', 'INVALID_ARGUMENT');
  const entry = games.find((g) => g.index === index);
  if (!Number.isInteger(index) || entry === undefined) {
    throw new gameai.GameaiError(`game ${index} is not in the log; it holds games 0..${games.length - 1}`, 'INVALID_ARGUMENT');
  }
  const g = gameai.loadGame(header.game);
  const state = g.newInitialState();
  try {
    const n = g.numPlayers();
    const history = entry.history ?? [];
    for (let i = 0; i < history.length;) {
      if (state.isSimultaneousNode()) {
        state.applyJointAction(history.slice(i, i + n).map(([, a]) => a));
        i += n;
      } else {
        state.applyAction(history[i][1]);
        i += 1;
      }
    }
    const names = Array.isArray(entry.table) && entry.table.length === n
      ? entry.table.map((s, p) => `${s} (seat ${p + 1})`) : null;
    return { state, names, logGames: games.length, spec: header.game };
  } catch (err) {
    state.delete();
    throw err;
  } finally {
    g.delete();
  }
}

const handlers = {
  catalog: () => post({ type: 'catalog', games: catalog() }),
  describe: ({ spec }) => post({ type: 'described', game: describe(spec) }),
  settings: ({ delayMs }) => { botDelayMs = delayMs; },
  new: newGame,
  move: ({ player, action }) => {
    table.move(player, action);
    nextStep(generation);
  },
  undo: () => {
    table.undo();
    generation += 1;
    nextStep(generation);
  },
  hint: ({ player, agent }) => {
    post({ type: 'thinking', seat: player, on: true, hint: true });
    try {
      const h = table.hint(player, agent || null);
      post({ type: 'hint', ...h });
    } finally {
      post({ type: 'thinking', on: false });
    }
  },
  save: () => post({ type: 'saved', text: table.save() }),
  load: ({ text }) => {
    table.load(text);
    generation += 1;
    nextStep(generation);
  },
  replay,
};

onmessage = (event) => {
  const message = event.data;
  const handler = handlers[message?.type];
  if (!handler) {
    post({ type: 'error', message: `unknown request ${JSON.stringify(message?.type)}` });
    return;
  }
  try {
    handler(message);
  } catch (err) {
    post({ type: 'error', request: message.type, message: err.message, code: err.code ?? null });
  }
};

post({ type: 'ready', version: gameai.version() });
