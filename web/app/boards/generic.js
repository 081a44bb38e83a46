// Any game: its observation text and a button per legal move.
import { el, moveButton } from './dom.js';

export function render(container, ctx) {
  container.append(
    el('pre', { class: 'observation' }, ctx.view.observation),
    el('div', { class: 'melds' }, ctx.legal.map((m) => moveButton(m, m.name, ctx))));
}
