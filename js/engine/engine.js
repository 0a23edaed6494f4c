// The page's side of the worker: boots it, sends {id, method, params}, and resolves
// each answer by id. Errors come back as data; a failed boot rejects every request.
//
// A worker can stop without a word: terminate(), a crash of the wasm runtime, a phone
// ending it in the background (a Worker fires no event for any of these). The page
// notices it three ways, each making the engine "stopped" (onStopped) once it was ready:
// - at once where there are Web Locks (https, localhost): the worker holds a lock of
//   its own while it lives (its name comes with "ready") and the page asks for the same
//   lock; given to the page, it says the worker is gone, however it went;
// - an error or messageerror event of the worker, or its own "stopped" message (the
//   wasm runtime failed for good: worker.js);
// - silence: requests wait and the worker has said nothing for SILENT_MS while the page
//   is shown. No request takes a fraction of that (a computer's move stops itself after
//   at most 1.8 s, one review step at its node budget or its 5-s safety stop: filler.ai),
//   and Python runs synchronously in the worker, so a busy engine could not answer a ping
//   anyway: the bound is on silence itself, and generous. A hidden page's time does not count (its worker may be frozen).

/** A refusal of the engine or the worker: `type` is its kind, `problem` is
 *  {code, params, message} for i18n's problemText (message: English, for the console). */
export class EngineError extends Error {
  constructor(type, problem) {
    const known = problem && typeof problem === 'object' ? problem : {message: String(problem ?? '')};
    super(known.message || known.code || type);
    this.type = type;
    this.problem = {code: known.code ?? null, params: known.params ?? {}, message: known.message ?? ''};
  }
}

const problem = (code, params = {}, message = '') => ({code, params, message});

export const SILENT_MS = 60_000;

export class Engine {
  /** listeners: {onProgress({stage, fraction}), onReady({version}), onBootError({problem}),
   *  onStopped({problem}): the worker stopped after it was ready; every request waiting
   *  was refused with an EngineError of type 'EngineStopped'} */
  constructor(listeners = {}) {
    this.listeners = listeners;
    this.pending = new Map(); // id -> {resolve, reject}
    this.nextId = 1;
    this.worker = null;
    this.status = 'idle'; // idle | booting | ready | failed | stopped
    this.generation = 0; // one per worker: tables live in the worker that opened them
    this.silence = null; // the timer of SILENT_MS while requests wait
    document.addEventListener('visibilitychange', () => this.listen());
  }

  start() {
    this.stop();
    this.status = 'booting';
    this.generation += 1;
    let worker;
    try {
      worker = new Worker(new URL('./worker.js', import.meta.url), {type: 'module'});
    } catch (error) {
      const detail = String(error && error.message || error);
      this.fail(problem('boot.other', {detail}, detail));
      return;
    }
    this.worker = worker;
    const own = (handle) => (event) => {
      if (this.worker === worker) handle(event); // not a worker this page let go of
    };
    worker.onmessage = own((event) => this.receive(event.data));
    worker.onerror = own((event) => {
      event.preventDefault?.();
      if (this.status === 'ready') this.lost(event.message || 'error');
      else {
        this.fail(event.message ? problem('boot.other', {detail: event.message}, event.message)
          : problem('boot.worker', {}, 'The worker stopped.'));
      }
    });
    worker.onmessageerror = own(() => this.lost('messageerror'));
  }

  stop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.rejectAll(new EngineError('Restarted', problem('boot.restarted', {}, 'The engine was restarted.')));
  }

  receive(message) {
    if (!message || typeof message !== 'object') return;
    this.listen(); // it said something: the silence starts again
    if (message.type === 'progress') {
      this.listeners.onProgress?.(message);
    } else if (message.type === 'ready') {
      this.status = 'ready';
      this.watch(message.lock);
      this.listen();
      this.listeners.onReady?.(message);
    } else if (message.type === 'boot-error') {
      if (message.detail) console.warn('filler: engine boot failed:', message.detail);
      this.fail(message.problem || problem('boot.other', {detail: message.message || '?'}, message.message));
    } else if (message.type === 'stopped') {
      this.lost(message.detail || 'stopped');
    } else if ('id' in message) {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      this.listen();
      if (message.ok) waiting.resolve(message.result);
      else waiting.reject(new EngineError(message.error?.type || 'Error', message.error));
    }
  }

  /** Wait for the worker's own lock: it is given to this page once the worker is gone. */
  watch(lock) {
    if (typeof lock !== 'string' || !navigator.locks) return;
    const worker = this.worker;
    navigator.locks.request(lock, () => {
      if (this.worker === worker) this.lost('gone');
    }).catch(() => {}); // no lock to wait for: the silence still tells
  }

  /** (Re)start the silence bound while requests wait and the page is shown; else none. */
  listen() {
    clearTimeout(this.silence);
    this.silence = null;
    if (this.status !== 'ready' || !this.pending.size || document.hidden) return;
    this.silence = setTimeout(() => this.lost(`no answer in ${SILENT_MS / 1000} s`), SILENT_MS);
  }

  /** The worker stopped while it was running (gone, an error, silent): let it go and
   *  refuse what waits, once; boot.js restarts it. `detail` is for the console. */
  lost(detail) {
    if (this.status !== 'ready') return;
    console.warn('filler: the engine stopped:', detail);
    this.status = 'stopped';
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.listen();
    const error = new EngineError('EngineStopped', problem('engine.stopped', {}, `The engine stopped (${detail}).`));
    this.rejectAll(error);
    this.listeners.onStopped?.({problem: error.problem});
  }

  fail(bootProblem) {
    if (this.status === 'failed') return;
    this.status = 'failed';
    if (this.worker) this.worker.terminate();
    this.worker = null;
    const error = new EngineError('BootError', bootProblem);
    this.rejectAll(error);
    this.listeners.onBootError?.({problem: error.problem});
  }

  rejectAll(error) {
    for (const {reject} of this.pending.values()) reject(error);
    this.pending.clear();
  }

  /** Ask the engine; resolves with the result or rejects with an EngineError. */
  request(method, params = {}) {
    if (!this.worker) return Promise.reject(new EngineError('NotStarted', 'The engine is not running.'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, {resolve, reject});
      this.worker.postMessage({id, method, params});
      if (this.pending.size === 1) this.listen(); // the first to wait: the silence counts from now
    });
  }
}
