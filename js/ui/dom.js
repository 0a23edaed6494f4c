// Small DOM helpers. Text always goes in through textContent, never as HTML.

const SVG_NS = 'http://www.w3.org/2000/svg';

function assign(node, attributes) {
  for (const [name, value] of Object.entries(attributes || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'text') node.textContent = String(value);
    else if (name === 'dataset') Object.assign(node.dataset, value);
    else if (name.startsWith('on') && typeof value === 'function') {
      node.addEventListener(name.slice(2), value);
    } else node.setAttribute(name, value === true ? '' : String(value));
  }
  return node;
}

/** The nodes to insert for `children` (nested lists flattened): null, undefined and
 *  false left out, anything else not a node as its text. The DOM's own append, before
 *  and the rest would write null as the text "null": the page inserts only through the
 *  helpers below (tests/engine/test_page_dom.py checks it). */
function nodes(children) {
  return children.flat(Infinity).filter((child) => child !== null && child !== undefined && child !== false)
    .map((child) => (child instanceof Node ? child : document.createTextNode(String(child))));
}

/** Redraw with `redraw()` the controls inside `parts`, the keyboard's focus kept on the
 *  new control of the same `data-<key>` as the one it was on (a redraw does not throw a
 *  keyboard user back to the page's start), without scrolling to it. */
export function keepingFocus(parts, key, redraw) {
  const active = document.activeElement;
  const wanted = active && parts.some((part) => part.contains(active)) ? active.dataset?.[key] : undefined;
  redraw();
  if (wanted === undefined) return;
  const selector = `[data-${key}="${CSS.escape(wanted)}"]`;
  parts.map((part) => part.querySelector(selector)).find(Boolean)?.focus({preventScroll: true});
}

/** Add children at the end of `node` (as el() adds its children). */
export function append(node, ...children) {
  node.append(...nodes(children));
  return node;
}

/** Add children at the start of `node`. */
export function prepend(node, ...children) {
  node.prepend(...nodes(children));
  return node;
}

/** Put nodes right before `node`, as its siblings. */
export function placeBefore(node, ...siblings) {
  node.before(...nodes(siblings));
  return node;
}

/** Put nodes right after `node`, as its siblings. */
export function placeAfter(node, ...siblings) {
  node.after(...nodes(siblings));
  return node;
}

/** An HTML element: el('button', {class: 'x', text: 'Play', onclick}, ...children). */
export function el(tag, attributes, ...children) {
  return append(assign(document.createElement(tag), attributes), ...children);
}

/** An SVG element, same calling convention as el(). */
export function svg(tag, attributes, ...children) {
  return append(assign(document.createElementNS(SVG_NS, tag), attributes), ...children);
}

export function clear(node) {
  while (node.firstChild) node.firstChild.remove();
  return node;
}

/** Replace node's children with these (leaving out null, undefined and false, as el()
 *  does). */
export function replaceChildren(node, ...children) {
  node.replaceChildren(...nodes(children));
  return node;
}

/** Set or remove an attribute only when it changes (cheap redraws). */
export function setAttr(node, name, value) {
  if (value === null || value === undefined || value === false) {
    if (node.hasAttribute(name)) node.removeAttribute(name);
  } else {
    const text = String(value);
    if (node.getAttribute(name) !== text) node.setAttribute(name, text);
  }
}

/** Run `draw` once in the next animation frame however often it is asked for. */
export function frameBatcher(draw) {
  let queued = false;
  return () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      draw();
    });
  };
}
