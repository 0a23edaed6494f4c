// The page's side of the worker: boots it, sends {id, method, params}, and resolves
// each answer by id. Errors come back as data; a failed boot rejects every request.

export class EngineError extends Error {
  constructor(type, message) {
    super(message);
    this.type = type;
  }
}

export class Engine {
  /** listeners: {onProgress({stage, fraction}), onReady({version}), onBootError({message})} */
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
      this.fail(String(error && error.message || error));
      return;
    }
    this.worker = worker;
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault?.();
      this.fail(event.message || 'The worker stopped.');
    };
  }

  stop() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.rejectAll(new EngineError('Restarted', 'The engine was restarted.'));
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
      this.fail(message.message || 'Unknown error');
    } else if ('id' in message) {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.ok) waiting.resolve(message.result);
      else waiting.reject(new EngineError(message.error?.type || 'Error', message.error?.message || ''));
    }
  }

  fail(message) {
    if (this.status === 'failed') return;
    this.status = 'failed';
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.rejectAll(new EngineError('BootError', message));
    this.listeners.onBootError?.({message});
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
