// Compiled (not run) by run.sh against the installed package with the
// TypeScript of web/package's lock file: the declarations in index.d.ts
// describe the API as the tests use it, and reject misuse.
import * as gameai from 'gameai';

const game: gameai.Game = gameai.loadGame('mancala');
const state: gameai.State = game.newInitialState();
const actions: number[] = state.legalActions();
state.applyAction(actions[0]);
state.applyAction(3n);
const tensor: Float32Array = state.observationTensor(0);
const outcomes: Array<[number, number]> = state.chanceOutcomes();
const agent: gameai.Agent = gameai.loadAgent(game, 'alphabeta(depth=4)');
agent.startGame(0, 2n ** 63n);
const move: number = agent.step(state);
const why: string = agent.explain();
const hint: { action: number; explanation: string } = state.hint();
const result: gameai.MatchResult = gameai.match(game, ['random', 'greedy'], { games: 2, seed: 1, randomOpening: 2 });
const solved: gameai.SolveResult = gameai.solve(state, { nodes: 1000 });
const copy: gameai.State = game.deserializeState(state.serialize());
{
  using scoped = copy.clone();
  scoped.undoAction();
}
try {
  gameai.loadGame('nope');
} catch (e) {
  if (e instanceof gameai.GameaiError) {
    const code: gameai.StatusCode = e.code;
    void code;
  }
}
// @ts-expect-error an action is a number or a bigint, not a text
state.applyAction('2');
// @ts-expect-error match takes agent specs, not agents
gameai.match(game, [agent]);
// @ts-expect-error the options are named
gameai.match(game, ['random', 'random'], { rounds: 3 });
const table: gameai.Table = gameai.newTable(game, ['human', 'random'], 1n);
const report: gameai.TableReport = table.report();
if (report.people_to_move.includes(0)) table.move(0, report.legal_actions[0].id);
const replay: gameai.Replay = gameai.loadSaved('gameai-save 1\n').replay('all');
const levels: string = game.playLevels().levels[0].agent;
// @ts-expect-error a replay is seen by a seat number, 'all' or 'spectator'
state.replay('everyone');
table.delete();
void [tensor, outcomes, move, why, hint, result, solved, replay, levels];
for (const o of [agent, copy, state, game]) o.delete();
