// The page's side of the worker: boots it, sends {id, method, params}, and resolves
// each answer by id. Errors come back as data; a failed boot rejects every request.

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

export class Engine {
  /** listeners: {onProgress({stage, fraction}), onReady({version}), onBootError({problem})} */
  constructor(listeners = {}) {
    this.listeners = listeners;
    this.pending = new Map(); // id -> {resolve, reject}
    this.nextId = 1;
    this.worker = null;
    this.status = 'idle'; // idle | booting | ready | failed
    this.generation = 0; // one per worker: tables live in the worker that opened them
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
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault?.();
      this.fail(event.message ? problem('boot.other', {detail: event.message}, event.message)
        : problem('boot.worker', {}, 'The worker stopped.'));
    };
  }

  stop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.rejectAll(new EngineError('Restarted', problem('boot.restarted', {}, 'The engine was restarted.')));
  }

  receive(message) {
    if (!message || typeof message !== 'object') return;
    if (message.type === 'progress') {
      this.listeners.onProgress?.(message);
    } else if (message.type === 'ready') {
      this.status = 'ready';
      this.listeners.onReady?.(message);
    } else if (message.type === 'boot-error') {
      if (message.detail) console.warn('filler: engine boot failed:', message.detail);
      this.fail(message.problem || problem('boot.other', {detail: message.message || '?'}, message.message));
    } else if ('id' in message) {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.ok) waiting.resolve(message.result);
      else waiting.reject(new EngineError(message.error?.type || 'Error', message.error));
    }
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
    });
  }
}
