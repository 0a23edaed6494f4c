// The store's modules (js/store/) in Node, for tests/engine/test_store.py: the devices
// a test asks for, each with its own storage in memory and a store opened over it, and
// the test's JavaScript run against them, the way a browser test's page.evaluate runs it
// in a page. One request a line on stdin, one answer a line on stdout:
//
//   {device, open: {options}}          (re)opens the device's store, as a reload does:
//                                      answers {persistent, notices}
//   {device, evaluate: "(arg) => ...", arg}   runs the function with `store`,
//                                      `localStorage` (the device's storage), `events`
//                                      (what its store reported), `S` (storage.js's
//                                      exports) and `page(path)` (imports js/<path>) as globals
//
// An answer is {ok: true, value} or {ok: false, error}. Options of `open`: the store's
// (openStorage), and `now`: a fixed time (ms) for the store's clock.

import { createInterface } from "node:readline";

const S = await import(new URL("../../js/store/storage.js", import.meta.url).href);
const { MemoryArea, openStorage } = S;

const page = (path) => import(new URL(`../../js/${path}`, import.meta.url).href);
const devices = new Map(); // name -> {area, store, events}

function open(name, { now, ...options } = {}) {
  const device = devices.get(name) ?? { area: new MemoryArea() };
  device.store?.close();
  device.events = [];
  device.store = openStorage({ renewMs: 0, ...options, window: null, area: device.area,
                               now: now === undefined ? () => Date.now() : () => now });
  device.store.subscribe((event) => device.events.push(event));
  devices.set(name, device);
  return { persistent: device.store.persistent, notices: device.store.notices };
}

async function evaluate(name, code, arg) {
  const device = devices.get(name);
  Object.assign(globalThis, { S, page, store: device.store, localStorage: device.area, events: device.events });
  return (0, eval)(`(${code})`)(arg);
}

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const request = JSON.parse(line);
  let answer;
  try {
    const value = "open" in request ? open(request.device, request.open) : await evaluate(request.device, request.evaluate, request.arg);
    answer = { ok: true, value: value === undefined ? null : value };
  } catch (error) {
    answer = { ok: false, error: String(error?.stack ?? error) };
  }
  process.stdout.write(JSON.stringify(answer) + "\n");
}
