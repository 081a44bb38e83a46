// boardFor: the board module that draws a game (the generic one for games
// without their own). A board module exports render(container, ctx) and,
// where it keeps something from the events, remember(memory, before, frame).
import * as generic from './generic.js';
import * as mancala from './mancala.js';
import * as yacht from './yacht.js';
import * as linesboard from './linesboard.js';
import * as minirisk from './minirisk.js';
import * as daifugo from './daifugo.js';

const boards = { mancala, yacht, linesboard, minirisk, daifugo };

export function boardFor(name) {
  return boards[name] ?? generic;
}
