// gameai for JavaScript: the library's C API (include/gameai/c_api.h),
// compiled to WebAssembly, wrapped in classes named after the Python
// module's (camelCase). Every call is synchronous once the module has
// loaded (top-level await below). Objects holding WebAssembly memory are
// freed by delete() (or `using`, Symbol.dispose); a FinalizationRegistry
// frees the ones a program drops, as a backstop.
import createGameaiCore from './gameai_core.mjs';

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';

async function loadCore() {
  const options = {};
  if (isNode) {
    // Emscripten's loader would fetch() a file path in Node; the bytes are
    // read here instead.
    const { readFile } = await import('node:fs/promises');
    options.wasmBinary = await readFile(new URL('./gameai_core.wasm', import.meta.url));
  }
  return createGameaiCore(options);
}

const core = await loadCore();

// The C API's status codes (gameai_status), by value.
const STATUS = [
  'OK', 'INVALID_ARGUMENT', 'NOT_FOUND', 'FAILED_PRECONDITION',
  'BUFFER_TOO_SMALL', 'UNIMPLEMENTED', 'INTERNAL', 'OUT_OF_MEMORY',
];
const BUFFER_TOO_SMALL = 4;
export const CHANCE_PLAYER = -1;
export const SIMULTANEOUS_PLAYER = -2;
export const TERMINAL_PLAYER = -3;
const SPECTATOR = -4;
const EVERY_SEAT = -5;

/** An error of the library: its message, and the status as `code`. */
export class GameaiError extends Error {
  constructor(message, code) {
    super(message);
    this.name = 'GameaiError';
    this.code = code;
  }
}

function fail(status) {
  throw new GameaiError(core.UTF8ToString(core._gameai_last_error()),
    STATUS[status] ?? `STATUS_${status}`);
}

function check(status) {
  if (status !== 0) fail(status);
}

function argumentError(message) {
  return new GameaiError(message, 'INVALID_ARGUMENT');
}

// ---- memory of the module ----

// Scratch: blocks of the module's heap for one call, all freed at the end.
class Scratch {
  constructor() { this.blocks = []; }
  alloc(bytes) {
    const p = core._malloc(Math.max(bytes, 8));
    if (p === 0) throw new GameaiError('out of WebAssembly memory', 'OUT_OF_MEMORY');
    this.blocks.push(p);
    return p;
  }
  string(text, name) {
    if (typeof text !== 'string') throw argumentError(`${name} must be a string; got ${typeof text}`);
    const bytes = core.lengthBytesUTF8(text) + 1;
    const p = this.alloc(bytes);
    core.stringToUTF8(text, p, bytes);
    return p;
  }
  // strings: an array of C strings (a pointer to `texts.length` pointers).
  strings(texts, name) {
    // Each text first: an allocation may grow the memory and detach a view.
    const pointers = texts.map((t) => this.string(t, name));
    const array = this.alloc(4 * texts.length);
    new Uint32Array(core.HEAPU8.buffer, array, texts.length).set(pointers);
    return array;
  }
  free() {
    for (const p of this.blocks) core._free(p);
    this.blocks = [];
  }
}

function withScratch(body) {
  const scratch = new Scratch();
  try {
    return body(scratch);
  } finally {
    scratch.free();
  }
}

const u32 = (p) => new Uint32Array(core.HEAPU8.buffer, p, 1)[0];
const i32 = (p) => new Int32Array(core.HEAPU8.buffer, p, 1)[0];
const i64 = (p) => new BigInt64Array(core.HEAPU8.buffer, p, 1)[0];
const f64 = (p) => new Float64Array(core.HEAPU8.buffer, p, 1)[0];

// readOne: the value a call writes at its output pointer, read by `read`
// (u32 for counts and handles, i32, i64 for actions, f64).
function readOne(read, call) {
  return withScratch((s) => {
    const out = s.alloc(8);
    check(call(out));
    return read(out);
  });
}
const readAction = (call) => Number(readOne(i64, call));

// jsonResult: the JSON text of a result object that `create` makes (read
// by `json`, freed by `free`), parsed.
function jsonResult(create, json, free) {
  const result = readOne(u32, create);
  try {
    return JSON.parse(readString((b, c, l) => json(result, b, c, l)));
  } finally {
    free(result);
  }
}

// readString: a text from a call (buffer, capacity, *length): asked for its
// length first, then read.
function readString(call) {
  return withScratch((s) => {
    const length = s.alloc(4);
    let status = call(0, 0, length);
    if (status === 0) return '';
    if (status !== BUFFER_TOO_SMALL) fail(status);
    const size = u32(length);
    const buffer = s.alloc(size);
    check(call(buffer, size, length));
    return core.UTF8ToString(buffer, size);
  });
}

// readArray: the values of a call (values, capacity, *count) as a typed
// array of `Type` (a copy, outside the module's memory).
function readArray(Type, call) {
  return withScratch((s) => {
    const count = s.alloc(4);
    let status = call(0, 0, count);
    if (status === 0) return new Type(0);
    if (status !== BUFFER_TOO_SMALL) fail(status);
    const n = u32(count);
    const values = s.alloc(n * Type.BYTES_PER_ELEMENT);
    check(call(values, n, count));
    return new Type(core.HEAPU8.buffer, values, n).slice();
  });
}

const int64List = (call) => Array.from(readArray(BigInt64Array, call), Number);

// ---- arguments ----

function intArgument(value, name, low, high) {
  if (!Number.isSafeInteger(value) || value < low || value > high) {
    throw argumentError(`${name} must be an integer in [${low}, ${high}]; got ${String(value)}`);
  }
  return value;
}

// A seed: a non-negative integer below 2^64 (a number or a BigInt).
function seedArgument(value, name = 'seed') {
  const max = (1n << 64n) - 1n;
  if ((typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) ||
      (typeof value === 'bigint' && value >= 0n && value <= max)) {
    return BigInt(value);
  }
  throw argumentError(`${name} must be an integer in [0, 2^64 - 1]; got ${String(value)}`);
}

function actionArgument(value) {
  if (typeof value === 'bigint') value = Number(value);
  if (!Number.isSafeInteger(value)) {
    throw argumentError(`an action must be an integer; got ${String(value)}`);
  }
  return BigInt(value);
}

// ---- lifetime ----

const registry = new FinalizationRegistry(({ free, pointer }) => free(pointer));

// Native: an object owning a pointer of the module, freed once.
class Native {
  constructor(pointer, free, kind) {
    this._pointer = pointer;
    this._free = free;
    this._kind = kind;
    registry.register(this, { free, pointer }, this);
  }
  get pointer() {
    if (this._pointer === 0) {
      throw new GameaiError(`this ${this._kind} was deleted`, 'FAILED_PRECONDITION');
    }
    return this._pointer;
  }
  /** Frees the WebAssembly memory now; the object is unusable after. */
  delete() {
    if (this._pointer === 0) return;
    registry.unregister(this);
    this._free(this._pointer);
    this._pointer = 0;
  }
  get isDeleted() { return this._pointer === 0; }
  [Symbol.dispose ?? Symbol.for('Symbol.dispose')]() { this.delete(); }
}

// created: the handle a call wrote at `out`, made into an object.
function created(call, wrap) {
  return wrap(readOne(u32, call));
}

// ---- games ----

export class Game extends Native {
  constructor(pointer) {
    super(pointer, core._gameai_game_free, 'Game');
  }
  /** The registry name, e.g. "mancala". */
  name() { return readString((b, c, l) => core._gameai_game_name(this.pointer, b, c, l)); }
  /** The canonical spec with every parameter. */
  spec() { return readString((b, c, l) => core._gameai_game_spec(this.pointer, b, c, l)); }
  numPlayers() { return readOne(i32, (out) => core._gameai_game_num_players(this.pointer, out)); }
  numDistinctActions() {
    return readAction((out) => core._gameai_game_num_distinct_actions(this.pointer, out));
  }
  maxGameLength() { return readOne(i32, (out) => core._gameai_game_max_game_length(this.pointer, out)); }
  /** {simultaneous, stochastic, imperfectInformation, zeroSum} as booleans. */
  getType() {
    return withScratch((s) => {
      const out = s.alloc(16);
      check(core._gameai_game_get_type(this.pointer, out));
      const field = (i) => i32(out + 4 * i) !== 0;
      return { simultaneous: field(0), stochastic: field(1),
        imperfectInformation: field(2), zeroSum: field(3) };
    });
  }
  /** The parameters, name to value in spec form ("6", "false"). */
  params() {
    const result = {};
    const count = readOne(u32, (out) => core._gameai_game_param_count(this.pointer, out));
    for (let i = 0; i < count; ++i) {
      const name = readString((b, c, l) => core._gameai_game_param_name(this.pointer, i, b, c, l));
      result[name] = readString((b, c, l) => core._gameai_game_param_value(this.pointer, i, b, c, l));
    }
    return result;
  }
  /** The agent names loadAgent accepts for this game. */
  agents() {
    const count = readOne(u32, (out) => core._gameai_game_agent_count(this.pointer, out));
    const names = [];
    for (let i = 0; i < count; ++i) {
      names.push(readString((b, c, l) => core._gameai_game_agent_name(this.pointer, i, b, c, l)));
    }
    return names;
  }
  /** The dimensions of State.observationTensor ([] when the game has none). */
  observationTensorShape() {
    return Array.from(readArray(Int32Array,
      (v, c, n) => core._gameai_game_observation_tensor_shape(this.pointer, v, c, n)));
  }
  /** {levels: [{name, agent}, ...] easiest first, hintAgent}: what
   * `gameai play --level` offers. */
  playLevels() {
    const r = JSON.parse(readString((b, c, l) => core._gameai_game_play_levels_json(this.pointer, b, c, l)));
    return { levels: r.levels, hintAgent: r.hint_agent };
  }
  newInitialState() {
    return created((out) => core._gameai_state_new_initial(this.pointer, out), (p) => new State(p));
  }
  /** A state from State.serialize()'s text (or a saved game's). */
  deserializeState(text) {
    return withScratch((s) => {
      const t = s.string(text, 'text');
      return created((out) => core._gameai_state_deserialize(this.pointer, t, out),
        (p) => new State(p));
    });
  }
  toString() { return this.isDeleted ? 'Game(deleted)' : `Game(${this.spec()})`; }
}

/** A game from its spec, e.g. "mancala(pits=6,seeds=4)". */
export function loadGame(spec) {
  return withScratch((s) => {
    const t = s.string(spec, 'spec');
    return created((out) => core._gameai_game_load(t, out), (p) => new Game(p));
  });
}

/** The names of the games this build has, in registration order. */
export function registeredGames() {
  const count = readOne(u32, (out) => core._gameai_registered_game_count(out));
  const names = [];
  for (let i = 0; i < count; ++i) {
    names.push(readString((b, c, l) => core._gameai_registered_game_name(i, b, c, l)));
  }
  return names;
}

// ---- states ----

export class State extends Native {
  constructor(pointer) {
    super(pointer, core._gameai_state_free, 'State');
  }
  /** A seat 0..n-1, or CHANCE_PLAYER, SIMULTANEOUS_PLAYER, TERMINAL_PLAYER. */
  currentPlayer() {
    return readOne(i32, (out) => core._gameai_state_current_player(this.pointer, out));
  }
  isTerminal() {
    return readOne(i32, (out) => core._gameai_state_is_terminal(this.pointer, out)) !== 0;
  }
  isChanceNode() { return this.currentPlayer() === CHANCE_PLAYER; }
  isSimultaneousNode() { return this.currentPlayer() === SIMULTANEOUS_PLAYER; }
  /** Legal actions of `player` (default: the one to move), ascending. */
  legalActions(player = this.currentPlayer()) {
    return int64List((v, c, n) => core._gameai_state_legal_actions(this.pointer, player, v, c, n));
  }
  /** Applies the action of the one to move; an illegal one throws and
   * changes nothing. */
  applyAction(action) {
    check(core._gameai_state_apply_action(this.pointer, actionArgument(action)));
  }
  /** At a simultaneous node: one action per seat. */
  applyJointAction(actions) {
    if (!Array.isArray(actions)) throw argumentError('applyJointAction takes an array of actions, one per seat');
    withScratch((s) => {
      const p = s.alloc(8 * actions.length);
      const view = new BigInt64Array(core.HEAPU8.buffer, p, actions.length);
      actions.forEach((a, i) => { view[i] = actionArgument(a); });
      check(core._gameai_state_apply_joint_action(this.pointer, p, actions.length));
    });
  }
  undoAction() { check(core._gameai_state_undo(this.pointer)); }
  /** [[action, probability], ...] at a chance node, [] elsewhere. */
  chanceOutcomes() {
    return withScratch((s) => {
      const count = s.alloc(4);
      const call = (a, p, c) => core._gameai_state_chance_outcomes(this.pointer, a, p, c, count);
      let status = call(0, 0, 0);
      if (status === 0) return [];
      if (status !== BUFFER_TOO_SMALL) fail(status);
      const n = u32(count);
      const actions = s.alloc(8 * n);
      const probabilities = s.alloc(8 * n);
      check(call(actions, probabilities, n));
      const a = new BigInt64Array(core.HEAPU8.buffer, actions, n);
      const p = new Float64Array(core.HEAPU8.buffer, probabilities, n);
      return Array.from(a, (action, i) => [Number(action), p[i]]);
    });
  }
  /** A chance outcome drawn from `seed` alone (not applied). */
  sampleChanceOutcome(seed) {
    const s = seedArgument(seed);
    return readAction((out) => core._gameai_state_sample_chance(this.pointer, s, out));
  }
  /** One return per seat (all 0 before the end). */
  returns() {
    return Array.from(readArray(Float64Array, (v, c, n) => core._gameai_state_returns(this.pointer, v, c, n)));
  }
  /** Each seat's score in the game's own terms. */
  scores() {
    return Array.from(readArray(Float64Array, (v, c, n) => core._gameai_state_scores(this.pointer, v, c, n)));
  }
  serialize() { return readString((b, c, l) => core._gameai_state_serialize(this.pointer, b, c, l)); }
  toString() {
    if (this.isDeleted) return 'State(deleted)';
    return readString((b, c, l) => core._gameai_state_to_string(this.pointer, b, c, l));
  }
  /** What seat `player` sees, as text: never another seat's secrets. */
  observationString(player) {
    return readString((b, c, l) => core._gameai_state_observation_string(this.pointer, player, b, c, l));
  }
  /** What seat `player` (default: the one to move) sees, as numbers in
   * Game.observationTensorShape(). */
  observationTensor(player = this.currentPlayer()) {
    return readArray(Float32Array,
      (v, c, n) => core._gameai_state_observation_tensor(this.pointer, player, v, c, n));
  }
  /** The game's text for an action of `player` (default: the one to move). */
  actionToString(action, player = this.currentPlayer()) {
    const a = actionArgument(action);
    return readString((b, c, l) => core._gameai_state_action_to_string(this.pointer, player, a, b, c, l));
  }
  /** The action a text names for `player` (default: the one to move). */
  stringToAction(text, player = this.currentPlayer()) {
    return withScratch((s) => {
      const t = s.string(text, 'text');
      return readAction((out) => core._gameai_state_string_to_action(this.pointer, player, t, out));
    });
  }
  clone() {
    return created((out) => core._gameai_state_clone(this.pointer, out), (p) => new State(p));
  }
  /** The state with its history as saved-game text (`gameai play`'s save). */
  savedText() {
    return readString((b, c, l) => core._gameai_state_saved_text(this.pointer, b, c, l));
  }
  /** Every transition as `seat` saw it ('all': everything, for a finished
   * game; 'spectator': what is public): {seat, names, initial, frames}. */
  replay(seat, names = null) {
    const code = seat === 'all' ? EVERY_SEAT : seat === 'spectator' ? SPECTATOR
      : intArgument(seat, 'seat', 0, 63);
    if (names !== null && (!Array.isArray(names) || names.some((n) => typeof n !== 'string'))) {
      throw argumentError('names must be an array of strings, one per seat');
    }
    return withScratch((s) => {
      const list = names === null ? 0 : s.strings(names, 'a name');
      return JSON.parse(readString((b, c, l) => core._gameai_state_replay_json(
        this.pointer, code, list, names === null ? 0 : names.length, b, c, l)));
    });
  }
  /** {action, explanation}: the move `agentSpec` (default: the game's
   * strongest agent) plays for the one to move, seeing only that seat's view. */
  hint(agentSpec = null) {
    return withScratch((s) => {
      const spec = agentSpec === null ? 0 : s.string(agentSpec, 'agentSpec');
      const action = s.alloc(8);
      const explanation = readString((b, c, l) =>
        core._gameai_state_hint(this.pointer, spec, action, b, c, l));
      return { action: Number(i64(action)), explanation };
    });
  }
}

// ---- agents ----

export class Agent extends Native {
  constructor(pointer) {
    super(pointer, core._gameai_agent_free, 'Agent');
  }
  /** Seats the agent for a new game; `seed` makes its play reproducible. */
  startGame(seat, seed = 0) {
    check(core._gameai_agent_start_game(this.pointer, seat, seedArgument(seed)));
  }
  /** The agent's action in `state`, seeing only its seat's view. */
  step(state) {
    if (!(state instanceof State)) throw argumentError('step takes a State');
    return readAction((out) => core._gameai_agent_step(this.pointer, state.pointer, out));
  }
  /** Why the last step played what it did ("" when the agent does not say). */
  explain() { return readString((b, c, l) => core._gameai_agent_explain(this.pointer, b, c, l)); }
}

/** An agent of `game` from its spec, e.g. "alphabeta(depth=6)". */
export function loadAgent(game, spec) {
  if (!(game instanceof Game)) throw argumentError('loadAgent takes a Game and an agent spec');
  return withScratch((s) => {
    const t = s.string(spec, 'spec');
    return created((out) => core._gameai_agent_load(game.pointer, t, out), (p) => new Agent(p));
  });
}

/** The game of a saved-game text, with its whole history. */
export function loadSaved(text) {
  return withScratch((s) => {
    const t = s.string(text, 'text');
    return created((out) => core._gameai_state_load_saved(t, out), (p) => new State(p));
  });
}

// ---- play tables ----

/** One game between people ("human") and bots under the rules of
 * `gameai play`; it reports only what the viewer (the first person) sees. */
export class Table extends Native {
  constructor(pointer) {
    super(pointer, core._gameai_table_free, 'Table');
  }
  /** Plays the next chance event or bot move. */
  advance() { check(core._gameai_table_advance(this.pointer)); }
  /** A person's move. */
  move(player, action) {
    check(core._gameai_table_move(this.pointer, player, actionArgument(action)));
  }
  /** Back to the viewer's previous move (throws saying why not). */
  undo() { check(core._gameai_table_undo(this.pointer)); }
  /** {action, explanation} of `agentSpec` (default: the strongest) for `player`. */
  hint(player, agentSpec = null) {
    return withScratch((s) => {
      const spec = agentSpec === null ? 0 : s.string(agentSpec, 'agentSpec');
      const action = s.alloc(8);
      const explanation = readString((b, c, l) =>
        core._gameai_table_hint(this.pointer, player, spec, action, b, c, l));
      return { action: Number(i64(action)), explanation };
    });
  }
  /** The game as saved-game text (throws where it would hold hidden cards). */
  save() { return readString((b, c, l) => core._gameai_table_save(this.pointer, b, c, l)); }
  /** Loads a saved game of the same game spec. */
  load(text) {
    withScratch((s) => check(core._gameai_table_load(this.pointer, s.string(text, 'text'))));
  }
  /** What the viewer may know now, and the transitions since the last report. */
  report() {
    return JSON.parse(readString((b, c, l) => core._gameai_table_report_json(this.pointer, b, c, l)));
  }
}

/** A play table of `game` with one spec per seat ("human" for a person). */
export function newTable(game, seats, seed = 1) {
  if (!(game instanceof Game)) throw argumentError('newTable takes a Game, the seat specs and a seed');
  if (!Array.isArray(seats) || seats.some((a) => typeof a !== 'string')) {
    throw argumentError('newTable takes the seats as an array of specs ("human" for a person)');
  }
  return withScratch((s) => {
    const specs = s.strings(seats, 'a seat spec');
    return created((out) => core._gameai_table_new(game.pointer, specs, seats.length,
      seedArgument(seed), out), (p) => new Table(p));
  });
}

// ---- solvers and matches ----

// options: {nodes: 1000000, time_s: 5} or the solver's option text.
function solverOptions(options) {
  if (typeof options === 'string') return options;
  if (options === null || typeof options !== 'object') {
    throw argumentError('solver options are an object such as {nodes: 1000000} or a text such as "nodes=1000000"');
  }
  return Object.entries(options).map(([k, v]) => `${k}=${v}`).join(',');
}

/** The exact solver's result for `state`, as `gameai solve --json` prints
 * it; throws for a game without a solver (naming those with one). */
export function solve(state, options = {}) {
  if (!(state instanceof State)) throw argumentError('solve takes a State');
  return withScratch((s) => {
    const text = s.string(solverOptions(options), 'options');
    return jsonResult((out) => core._gameai_state_solve(state.pointer, text, out),
      core._gameai_solve_result_json, core._gameai_solve_result_free);
  });
}

/** The exact value of a position in the game's own short text (Yacht's
 * scorecard at a turn's start). */
export function positionValue(game, position, options = {}) {
  const owned = typeof game === 'string' ? loadGame(game) : null;
  try {
    const g = owned ?? game;
    if (!(g instanceof Game)) throw argumentError('positionValue takes a Game or a game spec');
    return withScratch((s) => {
      const text = s.string(position, 'position');
      const solver = s.string(solverOptions(options), 'options');
      return readOne(f64, (out) => core._gameai_position_value(g.pointer, text, solver, out));
    });
  } finally {
    owned?.delete();
  }
}

/** Plays `games` games between the agent specs from `seed` (seats rotate)
 * and returns what `gameai match --json --series 1` prints. */
export function match(game, agents, { games = 100, seed = 1, randomOpening = 0 } = {}) {
  const spec = game instanceof Game ? game.spec() : game;
  if (typeof spec !== 'string') throw argumentError('match takes a Game or a game spec');
  if (!Array.isArray(agents) || agents.some((a) => typeof a !== 'string')) {
    throw argumentError('match takes the agents as an array of agent specs');
  }
  intArgument(games, 'games', 1, 100_000_000);
  intArgument(randomOpening, 'randomOpening', 0, 1000);
  return withScratch((s) => {
    const specs = s.strings(agents, 'an agent spec');
    const gameText = s.string(spec, 'game');
    return jsonResult((out) => core._gameai_match_random_opening(gameText, specs, agents.length,
      BigInt(games), seedArgument(seed), randomOpening, out),
    core._gameai_match_result_json, core._gameai_match_result_free);
  });
}

/** The C API version of the loaded module. */
export function version() { return core._gameai_version(); }

/** Bytes of the module's heap in use now (for leak checks). */
export function heapInUse() { return core._gameai_wasm_heap_in_use(); }
