// The analysis board's last analysis (flows/analysis.js): "filler:analysis" = {version,
// open, start, tree, path}: the engine's start (a variant's board, a saved game's, a
// painted one: api/analysis.py says its shape, and checks it again when it is opened),
// the tree of colors played from it ({children: [{color, children}]}, the first child of
// a node its main line), the position shown (a path of the tree) and whether the analysis
// was open when the page was left (then it opens again). One for the device, not exported
// (the link carries an analysis to another device); a value that does not read is set
// aside whole.
//
// The write rule (as a match's, continuation.js): a stored analysis is replaced only by
// its continuation, the same start with a tree that holds every line of the stored one;
// another start (a new analysis) only when the caller names it (`rewrite: "new"`).

import { PREFIX } from "../keys.js";
import { StoreProblem, isCount, isObject, wrongField } from "../problems.js";

export const ANALYSIS_KEY = PREFIX + "analysis";
export const TREE_MOVES = 5000; // the most colors a kept tree holds
const MOST_COLORS = 9;

const isColor = (value) => isCount(value) && value < MOST_COLORS;

/** The number of moves of `tree`, or -1 when it is not a tree of colors (each node's
 *  children of different colors), or holds more than TREE_MOVES. */
export function treeMoves(tree) {
  let count = 0;
  const pending = [tree];
  while (pending.length) {
    const node = pending.pop();
    if (!isObject(node) || !Array.isArray(node.children)) return -1;
    const colors = new Set();
    for (const child of node.children) {
      if (!isObject(child) || !isColor(child.color) || colors.has(child.color)) return -1;
      colors.add(child.color);
      pending.push(child);
      if (++count > TREE_MOVES) return -1;
    }
  }
  return count;
}

const childOf = (node, color) => node.children.find((child) => child.color === color) ?? null;

/** Whether `path` (colors) is a position of `tree`. */
export function inTree(tree, path) {
  let node = tree;
  for (const color of path) {
    node = childOf(node, color);
    if (!node) return false;
  }
  return true;
}

/** Whether `tree` holds every line of `before`. */
export function holds(tree, before) {
  return before.children.every((old) => {
    const child = childOf(tree, old.color);
    return child !== null && holds(child, old);
  });
}

export function checkAnalysis(value) {
  if (!isObject(value)) return wrongField("analysis");
  if (typeof value.open !== "boolean") return wrongField("open");
  if (!isObject(value.start) || typeof value.start.variant !== "string") return wrongField("start");
  if (treeMoves(value.tree) < 0) return new StoreProblem("tree", "the tree of moves does not read");
  if (!Array.isArray(value.path) || !value.path.every(isColor) || !inTree(value.tree, value.path)) return wrongField("path");
  return null;
}

/** How `next` stands to the `stored` analysis: "continues" (the same start, every stored
 *  line kept), "other" (another start) or "shorter" (a stored line dropped). */
export function analysisRelation(stored, next) {
  if (JSON.stringify(stored.start) !== JSON.stringify(next.start)) return "other";
  return holds(next.tree, stored.tree) ? "continues" : "shorter";
}

export const analysis = { name: "analysis", key: ANALYSIS_KEY, check: checkAnalysis };
