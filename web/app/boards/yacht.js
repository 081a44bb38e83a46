// Yacht: the five dice (click to keep, then Roll), rolls left, and every
// player's scorecard with the points each open box would take now for the
// person at their turn, the upper bonus progress and the totals. A box's
// points are kept from the events (a scorecard holds only the totals).
import { el, svg, moveButton, seatName } from './dom.js';

const PIPS = {
  1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]],
  4: [[1, 1], [1, 3], [3, 1], [3, 3]], 5: [[1, 1], [1, 3], [2, 2], [3, 1], [3, 3]],
  6: [[1, 1], [1, 2], [1, 3], [3, 1], [3, 2], [3, 3]],
};

function dieFace(face) {
  return svg('svg', { viewBox: '0 0 48 48', width: 48, height: 48, 'aria-hidden': 'true' },
    ...PIPS[face].map(([x, y]) => svg('circle', { cx: x * 12, cy: y * 12, r: 4.5, fill: '#222' })));
}

// remember: a box's points when a player writes into it (the change of
// the upper sum for ACES..SIXES, of the total otherwise).
export function remember(memory, before, frame) {
  const e = frame.event;
  const a = e.actions[0];
  if (typeof e.actor !== 'number' || e.actions.length !== 1 || a < 32 || a >= 45) return;
  const c = a - 32;
  const was = before.fields.cards[e.actor];
  const now = frame.view.fields.cards[e.actor];
  memory.boxes ??= {};
  memory.boxes[e.actor] ??= {};
  memory.boxes[e.actor][c] = c < 6 ? now.upper - was.upper
    : now.total - was.total - (now.upper >= 63 && was.upper < 63 ? 35 : 0);
}

export function render(container, ctx) {
  const f = ctx.fields;
  const myTurn = ctx.legal.length > 0;
  const holds = new Map(ctx.legal.filter((m) => m.name.startsWith('hold')).map((m) => [m.name, m]));
  const kept = new Set();
  const rollButton = el('button', { type: 'button', class: 'roll' }, 'Roll');
  const updateRoll = () => {
    const faces = [...kept].map((i) => f.dice[i]).sort((x, y) => x - y);
    const name = faces.length ? `hold ${faces.join(' ')}` : 'hold';
    const move = holds.get(name);
    rollButton.disabled = !move;
    rollButton.dataset.action = move ? String(move.id) : '';
    rollButton.setAttribute('aria-label', move
      ? `roll ${5 - faces.length} dice${faces.length ? `, keeping ${faces.join(' ')}` : ''}`
      : 'roll (not possible now)');
    rollButton.classList.toggle('hinted', Boolean(move) && ctx.hint === move.id);
  };
  rollButton.addEventListener('click', () => {
    if (rollButton.dataset.action !== '') ctx.move(Number(rollButton.dataset.action));
  });
  const dice = el('div', { class: 'dice', role: 'group', 'aria-label': 'dice' });
  f.dice.forEach((face, i) => {
    const die = el('button', { type: 'button', class: 'die', 'data-die': i, 'data-face': face,
      'aria-pressed': 'false', 'aria-label': `die ${i + 1} shows ${face}: keep` }, dieFace(face));
    die.disabled = !myTurn || holds.size === 0;
    die.addEventListener('click', () => {
      if (kept.has(i)) kept.delete(i); else kept.add(i);
      die.setAttribute('aria-pressed', String(kept.has(i)));
      updateRoll();
    });
    dice.append(die);
  });
  // A hinted hold: its dice kept already, Roll marked.
  const hinted = ctx.legal.find((m) => m.id === ctx.hint && m.name.startsWith('hold'));
  if (hinted) {
    const faces = hinted.name.split(' ').slice(1).map(Number);
    for (const face of faces) {
      const i = f.dice.findIndex((d, j) => d === face && !kept.has(j));
      kept.add(i);
      dice.children[i].setAttribute('aria-pressed', 'true');
    }
  }
  updateRoll();

  const phase = f.phase === 'over' ? 'Game over'
    : `Round ${Math.min(f.round + 1, f.rounds)} of ${f.rounds} · ${seatName(ctx, f.player)}: ${f.phase === 'roll' ? 'rolling' : 'keep dice and roll again, or score'} · rerolls left: ${f.rolls_left}`;
  container.append(el('p', { class: 'phase' }, phase), dice);
  if (myTurn) container.append(el('p', {}, rollButton, ' click dice to keep them, then roll; or write into a box below'));

  const scoreMoves = new Map(ctx.legal.filter((m) => m.name.startsWith('score')).map((m) => [m.id - 32, m]));
  const players = f.cards.length;
  const head = el('tr', {}, el('th', {}, 'box'),
    ...f.cards.map((_, p) => el('th', { scope: 'col' }, seatName(ctx, p))));
  const rows = f.categories.map((name, c) => el('tr', {}, el('th', { scope: 'row' }, name),
    ...f.cards.map((card, p) => {
      if (!card.open[c]) {
        const points = ctx.memory.boxes?.[p]?.[c];
        return el('td', { 'data-box': c, 'data-player': p }, points === undefined ? '✓' : String(points));
      }
      const move = p === ctx.viewer ? scoreMoves.get(c) : undefined;
      if (move) {
        const points = f.would_score?.[c] ?? 0;
        return el('td', { class: 'open', 'data-box': c, 'data-player': p },
          moveButton(move, `score ${name} for ${points} points`, ctx, {}, `+${points}`));
      }
      return el('td', { class: 'open', 'data-box': c, 'data-player': p }, '');
    })));
  const sumRow = (label, value) => el('tr', { class: 'sum' }, el('th', { scope: 'row' }, label),
    ...f.cards.map((card) => el('td', {}, value(card))));
  const table = el('table', { class: 'card', 'aria-label': 'scorecards' },
    el('thead', {}, head),
    el('tbody', {}, ...rows.slice(0, 6),
      sumRow(`upper (bonus ${f.upper_bonus} at ${f.upper_bonus_threshold})`,
        (card) => `${card.upper}/${f.upper_bonus_threshold}${card.upper >= f.upper_bonus_threshold ? ' ✔' : ''}`),
      ...rows.slice(6),
      sumRow('total', (card) => String(card.total))));
  container.append(table);
  void players;
}
