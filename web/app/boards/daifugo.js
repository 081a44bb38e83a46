// Daifugo: your hand as cards (sorted by rank, jokers marked), the meld on
// the table, every other seat's card count, title and points, passes, the
// revolution and the lock as they fire, and the card exchange between
// deals. Every legal meld (and the pass) is a button; clicking cards of
// your hand narrows the list to the melds that hold them.
import { el, moveButton, seatName } from './dom.js';

const SUITS = { S: '♠', H: '♥', D: '♦', C: '♣' };
const RANKS = { T: '10' };

export function card(name, attributes = {}) {
  if (name === 'JK') {
    return el('span', { class: 'playing-card joker', 'data-card': name, 'aria-label': 'joker', ...attributes }, '🃏');
  }
  const suit = name[0];
  const rank = RANKS[name[1]] ?? name[1];
  return el('span', { class: `playing-card${suit === 'H' || suit === 'D' ? ' red' : ''}`,
    'data-card': name, 'aria-label': `${rank} of ${{ S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' }[suit]}`,
    ...attributes }, `${rank}${SUITS[suit]}`);
}

// title: the rank a place in the last deal gives (大富豪 ... 大貧民).
function title(place, n) {
  if (!place) return '';
  if (place === 1) return '大富豪 Daifugo';
  if (place === n) return '大貧民 Daihinmin';
  if (n >= 4 && place === 2) return '富豪 Fugo';
  if (n >= 4 && place === n - 1) return '貧民 Hinmin';
  return '平民 Heimin';
}

// meldCards: the cards a move's text names ("S3 S4 JK(S5)" holds S3 S4 JK).
const meldCards = (name) => name.split(' ').map((w) => w.replace(/\(.*\)$/, '')).filter((w) => w !== 'pass');

export function render(container, ctx) {
  const f = ctx.fields;
  const n = f.counts.length;
  const banners = [];
  if (f.revolution) banners.push(el('span', { class: 'banner', 'data-banner': 'revolution' }, 'Revolution: the order is reversed'));
  if (f.lock.length) banners.push(el('span', { class: 'banner', 'data-banner': 'lock' }, `Locked to ${f.lock.map((s) => SUITS[s]).join(' ')}`));
  if (f.phase === 'give_back') banners.push(el('span', { class: 'banner', 'data-banner': 'exchange' }, `Card exchange: ${seatName(ctx, f.giver)} gives back`));
  const order = f.order.length ? f.order : [...Array(n).keys()];
  const seats = el('table', { class: 'seats-table', 'aria-label': 'players' },
    el('tr', {}, el('th', {}, ''), el('th', {}, 'player'), el('th', {}, 'cards'), el('th', {}, 'title'),
      el('th', {}, 'points'), el('th', {}, 'this deal')),
    ...order.map((p) => el('tr', { 'data-player': p, 'data-count': f.counts[p] },
      el('td', {}, f.to_move === p && f.phase === 'play' ? '▶' : ''),
      el('td', {}, seatName(ctx, p)),
      el('td', {}, String(f.counts[p])),
      el('td', {}, title(f.last_places[p], n)),
      el('td', {}, String(f.points[p])),
      el('td', {}, f.places[p] ? `out, place ${f.places[p]}` : (f.passed[p] ? 'passed' : '')))));
  const field = el('div', { class: 'field', 'aria-label': 'the field' },
    f.field ? [el('span', {}, `${seatName(ctx, f.field.owner)} played: `), el('span', { class: 'cardlist' }, f.field.cards.map((c) => card(c)))]
      : el('span', {}, 'The field is empty'));
  container.append(
    el('p', {}, `Deal ${Math.min(f.games_done + 1, f.games)} of ${f.games}`, ...banners),
    seats, el('h3', {}, 'Field'), field);

  const hand = f.hand ?? (ctx.viewer === null ? null : []);
  const received = ctx.viewer !== null && ctx.viewer !== undefined ? f.received[ctx.viewer] : [];
  if (received?.length) container.append(el('p', { 'data-received': received.join(' ') }, `Received in the exchange: ${received.join(' ')}`));
  const chosen = new Set();
  const moves = el('div', { class: 'melds', 'aria-label': 'your moves' });
  const showMoves = () => {
    for (const b of moves.children) {
      const cards = b.dataset.cards ? b.dataset.cards.split(' ') : [];
      b.hidden = [...chosen].some((c) => !cards.includes(c));
    }
  };
  if (hand) {
    container.append(el('h3', {}, 'Your hand'), el('div', { class: 'cardlist', 'aria-label': 'your hand' },
      hand.map((name) => {
        const c = card(name, { role: 'button', tabindex: '0', 'aria-pressed': 'false' });
        const toggle = () => {
          if (chosen.has(name)) chosen.delete(name); else chosen.add(name);
          c.setAttribute('aria-pressed', String(chosen.has(name)));
          c.style.outline = chosen.has(name) ? '3px solid #2f6f4f' : '';
          showMoves();
        };
        c.addEventListener('click', toggle);
        c.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); toggle(); } });
        return c;
      })));
  } else if (!f.hands.every((h) => h !== null)) {
    container.append(el('p', {}, 'Hands hidden: watching as a spectator'));
  }
  if (ctx.legal.length) {
    for (const m of ctx.legal) {
      const cards = meldCards(m.name.replace(/^give /, ''));
      const label = m.name === 'pass' ? 'pass' : `${f.phase === 'give_back' ? '' : 'play '}${m.name}`;
      moves.append(moveButton(m, label, ctx, { 'data-cards': cards.join(' ') }, m.name));
    }
    container.append(el('h3', {}, 'Your moves'), moves);
  }
  // Every hand is in the view only in a replay showing everything.
  if (n > 1 && f.hands.every((h) => h !== null)) {
    container.append(el('h3', {}, 'Every hand'), ...f.hands.map((h, p) => el('p', { 'data-hand-of': p },
      `${seatName(ctx, p)}: `, el('span', { class: 'cardlist' }, (h ?? []).map((c) => card(c))))));
  }
}
