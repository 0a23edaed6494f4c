// Offline mode: registers the service worker (sw.js next to index.html, which build.py
// writes from js/sw.js; on a first visit js/start.js registered it already, so that it
// serves the boot's files compressed), asks it to save the site (a first visit's save
// leaves out what only a mode not opened or another language needs: sw.js), and tells
// the page when a new version is ready, so it can offer a reload.
//
//   const { status, reason } = await registerOffline();
//     status "installing"  the site is being saved (at once when an earlier visit did);
//                          whenOfflineReady() resolves when it is, and status is "ready":
//                          offline mode is on
//            "unavailable" no offline mode (reason: "unsupported" | "refused: <message>"),
//                          e.g. in an iframe on another site; the page goes on without it
//   onUpdateReady(() => showReloadOffer())   a new version is waiting (returns unsubscribe)
//   applyUpdate()                            switch to the new version and reload the page
//   offlineState()                           {status, reason, updateReady} right now
//                                            (status "unregistered" before registerOffline)
//
// registerOffline() never throws. Call it once the engine is up: saving the site downloads
// what the boot did not and would compete with the boot for the network and the CPU.

const state = { status: "unregistered", reason: "", updateReady: false };
const updateListeners = new Set();
let registration = null;
let offlineReady = null;
let reloadOnControllerChange = false;

export function offlineState() {
  return { ...state };
}

export function onUpdateReady(listener) {
  updateListeners.add(listener);
  if (state.updateReady) queueMicrotask(() => listener());
  return () => updateListeners.delete(listener);
}

export function whenOfflineReady() {
  return offlineReady || Promise.resolve(state.status === "ready");
}

function announceUpdate() {
  if (state.updateReady) return;
  state.updateReady = true;
  for (const listener of updateListeners) {
    try {
      listener();
    } catch (error) {
      setTimeout(() => { throw error; });
    }
  }
}

function watchForUpdates(container) {
  // A waiting worker while another one controls the page is a new version.
  const check = () => {
    if (registration.waiting && container.controller) announceUpdate();
  };
  const follow = (installing) => {
    if (!installing) return;
    installing.addEventListener("statechange", () => {
      if (installing.state === "installed") check();
    });
  };
  // The browser checks for a new sw.js on each visit, maybe before this script ran.
  follow(registration.installing);
  registration.addEventListener("updatefound", () => follow(registration.installing));
  container.addEventListener("controllerchange", () => {
    if (reloadOnControllerChange) location.reload();
  });
  check();
}

export async function registerOffline() {
  let container;
  try {
    container = navigator.serviceWorker; // reading it throws in some sandboxed frames
  } catch (error) {
    container = undefined;
  }
  if (!container || !window.isSecureContext) {
    Object.assign(state, { status: "unavailable", reason: "unsupported" });
    return offlineState();
  }
  try {
    registration = await container.register(new URL("../../sw.js", import.meta.url));
  } catch (error) {
    // Chromium refuses service workers in iframes on another site (and on file: URLs).
    Object.assign(state, { status: "unavailable", reason: `refused: ${error && error.message || error}` });
    return offlineState();
  }
  state.status = "installing"; // "ready" once saved (at once if an earlier visit did)
  offlineReady = saveSite(container);
  watchForUpdates(container);
  return offlineState();
}

/** The files of the site this page fetched before the service worker took it (the style
 *  sheets and the first script of a first visit, which came as they are): the service
 *  worker saves them from the browser's HTTP cache, revalidated, rather than fetch their
 *  gzip copies anew. */
function fetchedItself() {
  return performance.getEntriesByType("resource")
    .filter((entry) => entry.workerStart === 0 && new URL(entry.name).origin === location.origin)
    .map((entry) => new URL(entry.name).href);
}

/** Ask the active worker to save the site (what is not kept yet); true once it has. */
async function saveSite(container) {
  try {
    const { active } = await container.ready;
    const channel = new MessageChannel();
    const answer = new Promise((resolve) => { channel.port1.onmessage = (event) => resolve(event.data); });
    active.postMessage({ type: "save", fetched: fetchedItself() }, [channel.port2]);
    const { saved, reason } = await answer;
    if (!saved) console.warn("filler: the site could not be saved for offline play:", reason);
    if (saved) state.status = "ready";
    return Boolean(saved);
  } catch (error) {
    console.warn("filler: the site could not be saved for offline play:", error);
    return false;
  }
}

export function applyUpdate() {
  const waiting = registration && registration.waiting;
  if (!waiting) {
    location.reload();
    return;
  }
  reloadOnControllerChange = true;
  waiting.postMessage({ type: "skip-waiting" });
}
