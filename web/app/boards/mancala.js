// Kalah: the pits and stores with their seeds; the person's side at the
// bottom. The last sowing's pits are highlighted (every pit it changed),
// a capture rings the emptied pit; the move is a click (or key 1..pits)
// on one of the person's pits.
import { svg, el, activate, seatName } from './dom.js';

const R = 34;      // pit radius
const STEP = 84;   // pit spacing

export function render(container, ctx) {
  const f = ctx.fields;
  const n = f.pits[0].length;
  const bottom = ctx.viewer === 1 ? 1 : 0;
  const top = 1 - bottom;
  const before = ctx.previous?.fields;
  const changed = (p, i) => before && before.pits[p][i] !== f.pits[p][i];
  const storeChanged = (p) => before && before.stores[p] !== f.stores[p];
  const mover = typeof ctx.lastFrame?.event.actor === 'number' ? ctx.lastFrame.event.actor : null;
  const captured = (p, i) => before && !ctx.view.terminal && mover !== null && p !== mover &&
    before.pits[p][i] > 0 && f.pits[p][i] === 0;
  const legal = new Map(ctx.legal.map((m) => [m.id, m]));
  const width = (n + 2) * STEP;
  const board = svg('svg', { viewBox: `0 0 ${width} 260`, width, height: 260, role: 'group',
    'aria-label': 'Kalah board' });
  board.append(svg('rect', { x: 2, y: 2, width: width - 4, height: 256, rx: 40, fill: '#8a6a3a' }));

  const pit = (p, i, x, y) => {
    const classes = ['pit', changed(p, i) ? 'sown' : '', captured(p, i) ? 'captured' : ''].join(' ').trim();
    const g = svg('g', { class: classes, 'data-pit': i, 'data-player': p, 'data-seeds': f.pits[p][i] },
      svg('circle', { cx: x, cy: y, r: R }),
      svg('text', { x, y }, String(f.pits[p][i])));
    const move = p === ctx.viewer ? legal.get(i) : undefined;
    if (move) {
      activate(g, `sow pit ${i + 1} (${f.pits[p][i]} seeds)`, () => ctx.move(move.id));
      g.setAttribute('data-action', move.id);
      g.setAttribute('data-key', String(i + 1));
      if (ctx.hint === move.id) g.classList.add('hinted');
    }
    return g;
  };
  for (let i = 0; i < n; ++i) {
    board.append(pit(bottom, i, STEP * (i + 1.5), 190));
    board.append(pit(top, i, STEP * (n - i + 0.5), 70));
  }
  const store = (p, x) => svg('g', { class: `store${storeChanged(p) ? ' sown' : ''}`, 'data-store': p, 'data-seeds': f.stores[p] },
    svg('rect', { x: x - 34, y: 40, width: 68, height: 180, rx: 30 }),
    svg('text', { x, y: 130 }, String(f.stores[p])));
  board.append(store(bottom, width - STEP / 2 - 4), store(top, STEP / 2 + 4));

  const label = (p) => `${seatName(ctx, p)}: ${f.stores[p]} in store`;
  container.append(
    el('div', { class: 'mancala' },
      el('p', {}, `▲ ${label(top)}`),
      board,
      el('p', {}, `▼ ${label(bottom)}${f.empty_capture ? ' · captures also from empty opposite pits' : ''}`),
      el('p', { class: 'to-move' }, ctx.view.terminal ? 'Game over' : `To move: ${seatName(ctx, f.to_move)}`)));
}
