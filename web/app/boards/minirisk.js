// MiniRisk: the prize on the table and the pot, your bid cards (each a
// button), every player's score, and the bids of every finished round,
// revealed together once all are in.
import { el, moveButton, seatName } from './dom.js';

export function render(container, ctx) {
  const f = ctx.fields;
  const n = f.scores.length;
  const legal = new Map(ctx.legal.map((m) => [m.id, m]));
  container.append(
    el('p', {}, `Round ${Math.min(f.round + 1, 15)} of 15`),
    el('div', { class: 'prize', 'aria-label': 'prize on the table' },
      f.prize === null ? '—' : (f.prize > 0 ? `+${f.prize}` : String(f.prize))),
    el('p', {}, `pot ${f.pot}${f.pot_cards.length > 1 ? ` (cards ${f.pot_cards.join(', ')})` : ''}`));
  if (f.hand) {
    container.append(el('h3', {}, 'Your cards'), el('div', { class: 'bid-cards' },
      f.hand.map((card) => {
        const move = legal.get(card - 1);
        return move ? moveButton(move, `bid ${card}`, ctx, {}, String(card))
          : el('span', { class: 'playing-card' }, String(card));
      })));
  }
  const scores = el('table', { class: 'seats-table', 'aria-label': 'scores' },
    el('tr', {}, el('th', {}, 'player'), el('th', {}, 'score'), el('th', {}, 'cards left')),
    ...f.scores.map((s, p) => el('tr', { 'data-player': p }, el('td', {}, seatName(ctx, p)),
      el('td', {}, String(s)), el('td', {}, String(f.hands[p].length)))));
  const rounds = el('table', { class: 'card', 'aria-label': 'bids revealed' },
    el('tr', {}, el('th', {}, 'round'), el('th', {}, 'prize'),
      ...Array.from({ length: n }, (_, p) => el('th', {}, seatName(ctx, p))), el('th', {}, 'taken by')),
    ...f.bids.map((bids, r) => el('tr', { 'data-round': r }, el('td', {}, String(r + 1)),
      el('td', {}, String(f.prizes[r])), ...bids.map((b) => el('td', {}, String(b))),
      el('td', {}, f.takers[r] >= 0 ? seatName(ctx, f.takers[r]) : 'nobody (carried over)'))));
  container.append(scores, el('h3', {}, 'Bids so far'), rounds);
}
