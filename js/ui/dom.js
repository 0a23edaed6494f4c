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

function append(node, children) {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** An HTML element: el('button', {class: 'x', text: 'Play', onclick}, ...children). */
export function el(tag, attributes, ...children) {
  return append(assign(document.createElement(tag), attributes), children);
}

/** An SVG element, same calling convention as el(). */
export function svg(tag, attributes, ...children) {
  return append(assign(document.createElementNS(SVG_NS, tag), attributes), children);
}

export function clear(node) {
  while (node.firstChild) node.firstChild.remove();
  return node;
}

/** Replace node's children with these (skipping null, undefined and false, as el()
 *  does; the DOM's own append would show them as the text "null"). */
export function replaceChildren(node, ...children) {
  return append(clear(node), children);
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
