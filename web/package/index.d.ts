/// <reference lib="esnext.disposable" />
// Types of the gameai package (index.js). Numbers for actions and seats;
// seeds as numbers or BigInts below 2^64.

export declare const CHANCE_PLAYER: -1;
export declare const SIMULTANEOUS_PLAYER: -2;
export declare const TERMINAL_PLAYER: -3;

export type StatusCode =
  | 'INVALID_ARGUMENT' | 'NOT_FOUND' | 'FAILED_PRECONDITION' | 'BUFFER_TOO_SMALL'
  | 'UNIMPLEMENTED' | 'INTERNAL' | 'OUT_OF_MEMORY';

/** An error of the library: its message names what was wrong and what is accepted. */
export declare class GameaiError extends Error {
  readonly code: StatusCode;
}

/** An object holding WebAssembly memory: free it with delete() or `using`. */
declare class Native {
  delete(): void;
  readonly isDeleted: boolean;
  [Symbol.dispose](): void;
}

export interface GameType {
  simultaneous: boolean;
  stochastic: boolean;
  imperfectInformation: boolean;
  zeroSum: boolean;
}

export declare class Game extends Native {
  name(): string;
  spec(): string;
  numPlayers(): number;
  numDistinctActions(): number;
  maxGameLength(): number;
  getType(): GameType;
  params(): Record<string, string>;
  agents(): string[];
  observationTensorShape(): number[];
  /** What `gameai play --level` offers, easiest first, and the hint agent. */
  playLevels(): { levels: Array<{ name: string; agent: string }>; hintAgent: string };
  newInitialState(): State;
  deserializeState(text: string): State;
}

export declare class State extends Native {
  currentPlayer(): number;
  isTerminal(): boolean;
  isChanceNode(): boolean;
  isSimultaneousNode(): boolean;
  legalActions(player?: number): number[];
  applyAction(action: number | bigint): void;
  applyJointAction(actions: Array<number | bigint>): void;
  undoAction(): void;
  chanceOutcomes(): Array<[action: number, probability: number]>;
  sampleChanceOutcome(seed: number | bigint): number;
  returns(): number[];
  scores(): number[];
  serialize(): string;
  toString(): string;
  observationString(player: number): string;
  observationTensor(player?: number): Float32Array;
  actionToString(action: number | bigint, player?: number): string;
  stringToAction(text: string, player?: number): number;
  clone(): State;
  hint(agentSpec?: string | null): { action: number; explanation: string };
  /** The state with its history as saved-game text. */
  savedText(): string;
  /** Every transition as `seat` saw it ('all' only for a finished game). */
  replay(seat: number | 'all' | 'spectator', names?: string[] | null): Replay;
}

/** A seat's view as the network protocol sends it (docs/protocol.md). */
export interface View {
  seat: number | 'all' | null;
  current_player: number | 'chance' | 'simultaneous' | 'terminal';
  terminal: boolean;
  state: string;
  observation: string;
  scores: number[];
  /** The game's own structured view (docs/<game>.md). */
  fields?: Record<string, unknown>;
}

export interface Frame {
  event: {
    actor: number | 'chance' | 'simultaneous';
    actions: number[];
    names: string[];
    /** What `gameai play` shows for it. */
    text: string;
    /** The bots' explanations, by seat, where the game shows them. */
    reasons: Record<string, string>;
  };
  view: View;
}

export interface Replay {
  seat: number | 'all';
  names: string[];
  initial: View;
  frames: Frame[];
}

export interface TableReport {
  viewer: number | null;
  names: string[];
  seats: string[];
  people_to_move: number[];
  view: View;
  legal_actions: Array<{ id: number; name: string }>;
  /** true: `frames` start from the game's start (new game, undo, load). */
  reset: boolean;
  initial?: View;
  frames: Frame[];
  history_length: number;
  terminal: boolean;
  intro: string;
  end?: string;
}

/** One game between people and bots under the rules of `gameai play`. */
export declare class Table extends Native {
  advance(): void;
  move(player: number, action: number | bigint): void;
  undo(): void;
  hint(player: number, agentSpec?: string | null): { action: number; explanation: string };
  save(): string;
  load(text: string): void;
  report(): TableReport;
}

export declare class Agent extends Native {
  startGame(seat: number, seed?: number | bigint): void;
  step(state: State): number;
  explain(): string;
}

export interface MatchOptions {
  /** Games to play (rounded up to whole seat rotations); default 100. */
  games?: number;
  /** Default 1. */
  seed?: number | bigint;
  /** Random moves at the start of every game, 0..1000; default 0. */
  randomOpening?: number;
}

/** What `gameai match --json --series 1` prints (docs/cli.md). */
export type MatchResult = Record<string, unknown>;
/** What `gameai solve --json` prints. */
export type SolveResult = Record<string, unknown>;

export declare function loadGame(spec: string): Game;
export declare function registeredGames(): string[];
export declare function loadSaved(text: string): State;
export declare function newTable(game: Game, seats: string[], seed?: number | bigint): Table;
export declare function loadAgent(game: Game, spec: string): Agent;
export declare function solve(state: State, options?: Record<string, number | string | boolean> | string): SolveResult;
export declare function positionValue(game: Game | string, position: string,
  options?: Record<string, number | string | boolean> | string): number;
export declare function match(game: Game | string, agents: string[], options?: MatchOptions): MatchResult;
export declare function version(): number;
export declare function heapInUse(): number;
