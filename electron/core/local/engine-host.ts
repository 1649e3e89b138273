import type { Worker } from 'node:worker_threads';
import type { BridgeError, LocalAreaStatus, LocalNotice, OutboxCounts } from '../../../shared';
import { markKept } from '../../client/response';
import { CoreError, toBridgeError } from '../errors';
import { engineMessageSchema, type ApiAsk, type EngineRequest, type HostMessage } from './engine-protocol';

/** Starts an engine thread (engine-launch.ts: the built engine.js, or a bundle made from the sources in development and tests). */
export type EngineLauncher = () => Promise<Worker>;

export interface EngineEvents {
  progress(status: LocalAreaStatus): void;
  changed(areas: string[]): void;
  notice(notice: LocalNotice): void;
  outbox(counts: OutboxCounts): void;
  /** The thread ended without being asked to (a native crash, an exception, out of memory). */
  crashed(reason: string): void;
}

/** Answers the engine's questions to the API (main's session, at sync priority). */
export type ApiAnswerer = (ask: ApiAsk, signal: AbortSignal) => Promise<unknown>;

export const ENGINE_RESTARTING = 'local_engine_restarting';

/** How long a closed engine is given to end its thread itself before it is ended from outside. */
const STOP_WAIT_MS = 5_000;

/**
 * Main's side of one engine thread: requests by id and their answers, the engine's questions to the
 * API answered through main's session, its events passed on, and its end noticed. Every message from
 * the thread is checked against the protocol's schemas before it is used.
 */
export class EngineHost {
  private next = 0;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  private apiController = new AbortController();
  private lastFetch = 0;
  private readonly fetches = new Map<number, { resolve: (r: Response) => void; reject: (e: unknown) => void }>();
  private stopping = false;
  private ended = false;

  private constructor(private readonly worker: Worker, private answer: ApiAnswerer, private events: EngineEvents) {
    worker.on('message', (raw: unknown) => this.receive(raw));
    worker.on('error', (err) => { if (!this.stopping) this.events.crashed(err instanceof Error ? err.message.slice(0, 200) : 'engine error'); });
    worker.on('exit', (code) => {
      this.ended = true;
      const reason = `the local copy's engine stopped (exit ${code})`;
      for (const p of this.pending.values()) p.reject(new CoreError('internal', 'The local copy is restarting; lists read the API meanwhile.', { code: ENGINE_RESTARTING }));
      this.pending.clear();
      for (const f of this.fetches.values()) f.reject(new TypeError('fetch failed: the engine stopped'));
      this.fetches.clear();
      this.apiController.abort();
      if (!this.stopping) this.events.crashed(reason);
    });
  }

  static async start(launch: EngineLauncher, answer: ApiAnswerer, events: EngineEvents): Promise<EngineHost> {
    return new EngineHost(await launch(), answer, events);
  }

  get alive(): boolean {
    return !this.ended;
  }

  request<T = unknown>(request: EngineRequest): Promise<T> {
    if (this.ended) return Promise.reject(new CoreError('internal', 'The local copy is restarting; lists read the API meanwhile.', { code: ENGINE_RESTARTING }));
    const id = ++this.next;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.post({ type: 'request', id, request });
    });
  }

  /**
   * A transport for main's client (`CallOptions.transport`): the exchange runs on the engine's thread
   * (engine-fetch.ts), and a 2xx body stays there for the page's reader. The client's retries, pacing and
   * errors stay main's; the key goes in the request's header, as it would to Node's own fetch.
   */
  readonly fetch: typeof fetch = (input, init) => {
    const signal = init?.signal ?? undefined;
    if (this.ended) return Promise.reject(new TypeError('fetch failed: the engine stopped'));
    if (signal?.aborted) return Promise.reject(signal.reason);
    const id = ++this.lastFetch;
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => { this.fetches.delete(id); this.post({ type: 'fetch-abort', id }); reject(signal?.reason); };
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      this.fetches.set(id, { resolve: (r) => { done(); resolve(r); }, reject: (e) => { done(); reject(e); } });
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      this.post({ type: 'fetch', id, url, method: init?.method === 'HEAD' ? 'HEAD' : 'GET', headers: [...new Headers(init?.headers)] });
    });
  };

  /** Stops the pass in flight: main's API calls for it are cancelled too. */
  async abort(): Promise<void> {
    this.apiController.abort();
    this.apiController = new AbortController();
    await this.request({ op: 'abort' }).catch(() => undefined);
  }

  /**
   * Closes the copy's file in the engine and keeps the thread for the copy that follows (a forget): settles
   * once the file's handles are closed, so the files can be deleted. Then `rebind` hands it to the next copy.
   */
  async release(): Promise<void> {
    this.apiController.abort();
    this.apiController = new AbortController();
    await this.request({ op: 'release' });
  }

  /** The next copy's answers to the engine's questions and its events (a thread kept across a forget). */
  rebind(answer: ApiAnswerer, events: EngineEvents): void {
    this.answer = answer;
    this.events = events;
  }

  /** Closes the copy's file in the engine, then ends the thread (every file handle goes with it). */
  async stop(): Promise<void> {
    if (this.ended) return;
    this.stopping = true;
    this.apiController.abort();
    await this.request({ op: 'close' }).catch(() => undefined);
    // The engine ends its thread itself once closed (engine-worker.ts); ended from outside only when it does not.
    const ended = new Promise<boolean>((resolve) => {
      if (this.ended) { resolve(true); return; }
      const timer = setTimeout(() => resolve(false), STOP_WAIT_MS);
      this.worker.once('exit', () => { clearTimeout(timer); resolve(true); });
    });
    if (!await ended) await this.worker.terminate();
  }

  /** Ends the thread at once, as a crash would (tests). */
  async kill(): Promise<void> {
    await this.worker.terminate();
  }

  /** `move`: buffers that go to the engine rather than being copied (a page's bytes). */
  private post(m: HostMessage, move: ArrayBuffer[] = []): void {
    this.worker.postMessage(m, move);
  }

  private receive(raw: unknown): void {
    const parsed = engineMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    const m = parsed.data;
    switch (m.type) {
      case 'reply': {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (m.ok) p?.resolve(m.data); else p?.reject(new CoreError(m.error.kind, m.error.message, withoutKindAndMessage(m.error)));
        return;
      }
      case 'progress': this.events.progress(m.payload); return;
      case 'changed': this.events.changed(m.payload.areas); return;
      case 'notice': this.events.notice(m.notice); return;
      case 'outbox': this.events.outbox(m.counts); return;
      case 'fetched': {
        const f = this.fetches.get(m.id);
        this.fetches.delete(m.id);
        if (!f) return;
        if (!m.ok) { f.reject(new TypeError('fetch failed', { cause: { code: m.code ?? undefined } })); return; }
        const res = new Response(m.body, { status: m.status, statusText: m.statusText, headers: m.headers });
        f.resolve(m.kept === null ? res : markKept(res, m.kept));
        return;
      }
      case 'api': {
        const signal = this.apiController.signal;
        this.answer(m.ask, signal).then(
          (data) => { if (!this.ended) this.post({ type: 'api-reply', id: m.id, ok: true, data }, bodyOf(data)); },
          (err: unknown) => { if (!this.ended) this.post({ type: 'api-reply', id: m.id, ok: false, error: toBridgeError(err) }); },
        );
      }
    }
  }
}

/** A page's bytes in an answer (main keeps no copy of them). */
const bodyOf = (data: unknown): ArrayBuffer[] => {
  const body = typeof data === 'object' && data !== null ? (data as { body?: unknown }).body : undefined;
  return body instanceof ArrayBuffer ? [body] : [];
};

function withoutKindAndMessage(e: BridgeError): Omit<BridgeError, 'kind' | 'message'> {
  const { kind: _k, message: _m, ...rest } = e;
  return rest;
}
