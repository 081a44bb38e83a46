// Small DOM helpers shared by the page and the boards.
const SVG = 'http://www.w3.org/2000/svg';

// el: an HTML element with attributes (on* functions become listeners)
// and children (strings become text).
export function el(tag, attributes = {}, ...children) {
  return build(document.createElement(tag), attributes, children);
}

// svg: the same for SVG elements.
export function svg(tag, attributes = {}, ...children) {
  return build(document.createElementNS(SVG, tag), attributes, children);
}

function build(node, attributes, children) {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith('on') && typeof value === 'function') {
      node.addEventListener(name.slice(2), value);
    } else {
      node.setAttribute(name, value === true ? '' : String(value));
    }
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'string' || typeof child === 'number' ? String(child) : child);
  }
  return node;
}

export function clear(node) {
  while (node.firstChild) node.firstChild.remove();
}

// moveButton: a button for one legal move: its words for screen readers
// and data-action, the action id the tests and the engine use.
export function moveButton(move, label, ctx, attributes = {}, ...children) {
  return el('button', {
    type: 'button',
    'data-action': move.id,
    'aria-label': label,
    class: ctx.hint === move.id ? 'hinted' : null,
    onclick: () => ctx.move(move.id),
    ...attributes,
  }, ...(children.length ? children : [move.name]));
}

// activate: makes an SVG element a keyboard-usable button.
export function activate(node, label, onActivate) {
  node.setAttribute('role', 'button');
  node.setAttribute('tabindex', '0');
  node.setAttribute('aria-label', label);
  node.addEventListener('click', onActivate);
  node.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onActivate();
    }
  });
  return node;
}

// seatName: "You" or the seat's name, for the board's labels.
export const seatName = (ctx, p) => ctx.names?.[p] ?? `Player ${p + 1}`;
