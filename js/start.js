// Every page's first script (builder/pages.py makes each page's module script this one,
// with the page's own script in data-start): the service worker first, then the page.
//
// On a first visit the service worker is installed and takes the page before anything
// else is fetched, so that the page's modules, snapshots.json and the engine's runtime
// come through it, from their compressed copies (docs/boot.md "A first visit"). Then
// the preloads the build listed (the template #start-preloads: every module of the
// page's script, snapshots.json) go in the head, all fetched at once, and the page's
// script is imported. Where no service worker can be (a frame on another site, http on
// another host than localhost, a browser without), or it has not taken the page within
// TAKE_OVER_MS, the page goes on without it and fetches the files as they are.
// Offline mode (js/flows/offline.js) saves the site only once the engine is up.

const TAKE_OVER_MS = 3000;

/** Until the service worker controls this page, or it cannot. */
async function serviceWorkerFirst() {
  let container;
  try {
    container = navigator.serviceWorker; // reading it throws in some sandboxed frames
  } catch {
    return;
  }
  if (!container || !window.isSecureContext || container.controller) return;
  let registration;
  try {
    registration = await container.register(new URL('../sw.js', import.meta.url));
  } catch {
    return; // refused: a frame on another site, a file: URL
  }
  if (!registration) return; // a browser that refuses it without an error
  await new Promise((resolve) => {
    container.addEventListener('controllerchange', resolve, {once: true});
    setTimeout(resolve, TAKE_OVER_MS);
    if (container.controller) resolve();
  });
}

const script = document.querySelector('script[data-start]');
await serviceWorkerFirst();
const preloads = document.getElementById('start-preloads');
if (preloads) document.head.appendChild(preloads.content); // (imports nothing: not dom.js)
await import(new URL(script.dataset.start, document.baseURI).href);
