// The two-player Lines board: coloured balls on the grid, the preview and
// both scores. A move is two clicks: a ball, then an empty cell it can
// reach (each such cell is then a button with the move's data-action and
// its text, "b3-k7"). The last move's ball and the balls it cleared are
// marked.
import { el, seatName } from './dom.js';

const COLORS = ['#d1342f', '#2f7fd1', '#2fa84f', '#e3b21c', '#8a3fc1', '#1fb5b0', '#e06d1a', '#555'];
const letter = (color) => String.fromCharCode(65 + color);
const cellName = (r, c) => `${String.fromCharCode(97 + c)}${r + 1}`;

export function render(container, ctx) {
  const f = ctx.fields;
  const cells = f.rows * f.cols;
  const before = ctx.previous?.fields;
  const lastMove = ctx.lastFrame?.event.actions.length === 1 && typeof ctx.lastFrame.event.actor === 'number'
    ? ctx.lastFrame.event.actions[0] : null;
  const moved = lastMove !== null && lastMove < cells * cells
    ? { from: Math.floor(lastMove / cells), to: lastMove % cells } : null;
  const movesFrom = new Map();
  for (const m of ctx.legal) {
    const from = Math.floor(m.id / cells);
    if (!movesFrom.has(from)) movesFrom.set(from, new Map());
    movesFrom.get(from).set(m.id % cells, m);
  }
  let selected = null;
  const grid = el('div', { class: 'lines-grid', role: 'grid', 'aria-label': `board ${f.rows} by ${f.cols}`,
    style: `grid-template-columns: repeat(${f.cols + 1}, 34px)` });
  const buttons = [];
  const select = (cell) => {
    selected = selected === cell ? null : cell;
    const targets = selected === null ? new Map() : movesFrom.get(selected);
    buttons.forEach((b, i) => {
      const ball = b.dataset.color !== undefined;
      const target = targets.get(i);
      b.setAttribute('aria-pressed', String(i === selected));
      b.classList.toggle('target', Boolean(target));
      if (target) {
        b.dataset.action = String(target.id);
        b.setAttribute('aria-label', `move ${target.name}`);
        b.disabled = false;
      } else {
        delete b.dataset.action;
        b.setAttribute('aria-label', ball
          ? `${letter(Number(b.dataset.color))} ball at ${b.dataset.cell}${movesFrom.has(i) ? ': select' : ''}`
          : `empty ${b.dataset.cell}`);
        b.disabled = !(ball && movesFrom.has(i));
      }
      b.classList.toggle('hinted', ctx.hint !== null && ((target && target.id === ctx.hint) ||
        (!target && selected === null && Math.floor(ctx.hint / cells) === i)));
    });
  };
  for (let r = f.rows - 1; r >= 0; --r) {
    grid.append(el('span', { class: 'axis', 'aria-hidden': 'true' }, String(r + 1)));
    for (let c = 0; c < f.cols; ++c) {
      const cell = r * f.cols + c;
      const color = f.board[r][c];
      const wasBall = before && before.board[r][c] >= 0;
      const classes = ['cell'];
      if (color < 0 && wasBall && (!moved || moved.from !== cell)) classes.push('cleared');
      if (moved && moved.to === cell) classes.push('moved');
      const button = el('button', { type: 'button', class: classes.join(' '), 'data-cell': cellName(r, c),
        'data-index': cell, 'data-color': color >= 0 ? color : null, role: 'gridcell' },
      color >= 0 ? el('span', { class: 'ball', style: `background:${COLORS[color]}`, title: letter(color) }) : null);
      button.addEventListener('click', () => {
        if (button.dataset.action) ctx.move(Number(button.dataset.action));
        else if (movesFrom.has(cell)) select(cell);
      });
      buttons[cell] = button;
      grid.append(button);
    }
  }
  grid.append(el('span', { class: 'axis' }),
    ...Array.from({ length: f.cols }, (_, c) => el('span', { class: 'axis', 'aria-hidden': 'true' }, String.fromCharCode(97 + c))));
  select(null);
  const preview = el('span', { class: 'preview', 'aria-label': 'next balls' },
    ...f.preview.map((color) => el('span', { class: 'ball', title: letter(color),
      style: `background:${COLORS[color]};width:18px;height:18px;display:inline-block;border-radius:50%;margin:0 2px` })));
  container.append(
    el('p', {}, `${seatName(ctx, 0)}: ${f.score[0]} · ${seatName(ctx, 1)}: ${f.score[1]} · turn ${f.turns} of ${f.max_turns} · lines of ${f.min_line} clear`),
    el('p', {}, 'next: ', preview, f.over ? ' · Game over' : ` · ${seatName(ctx, f.player)} to move`),
    grid,
    el('p', {}, 'Click a ball, then an empty cell it can reach through empty cells.'));
}
