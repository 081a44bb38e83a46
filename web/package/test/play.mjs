// Shared by the tests: a game played to its end by agents, chance drawn
// from a seed.
import * as gameai from 'gameai';

// playOut: plays `state` to the end with one agent per seat (specs),
// sampling chance from `seed`; returns the actions applied.
export function playOut(game, state, specs, seed = 1) {
  const agents = specs.map((spec, seat) => {
    const agent = gameai.loadAgent(game, spec);
    agent.startGame(seat, seed + seat);
    return agent;
  });
  const actions = [];
  try {
    for (let draw = seed; !state.isTerminal(); ++draw) {
      const player = state.currentPlayer();
      if (player === gameai.CHANCE_PLAYER) {
        const a = state.sampleChanceOutcome(draw);
        state.applyAction(a);
        actions.push(a);
      } else if (player === gameai.SIMULTANEOUS_PLAYER) {
        const joint = agents.map((agent) => agent.step(state));
        state.applyJointAction(joint);
        actions.push(joint);
      } else {
        const a = agents[player].step(state);
        state.applyAction(a);
        actions.push(a);
      }
    }
  } finally {
    for (const agent of agents) agent.delete();
  }
  return actions;
}

// dealt: a new state with its opening chance nodes drawn from `seed`.
export function dealt(game, seed = 1) {
  const state = game.newInitialState();
  for (let draw = seed; state.isChanceNode(); ++draw) {
    state.applyAction(state.sampleChanceOutcome(draw));
  }
  return state;
}
