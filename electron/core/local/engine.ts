import {
  LOCAL_AREAS, LOCAL_AREA_KEYS, ROUTES, type LocalAggregateInput, type LocalAreaStatus, type LocalNotice, type LocalQueryInput, type LocalReadManyInput,
  type OutboxCounts, type OutboxSubmit, type PageInfo, type Permission, type RouteId,
} from '../../../shared';
import type { Worker } from 'node:worker_threads';
import type { KeptAnswer } from '../../client/response';
import { CoreError } from '../errors';
import { readBusiness, readPage } from './api-source';
import { applyWrite, dropMissing } from './apply';
import { BackRoomThread } from './back-room';
import type { ApiAsk } from './engine-protocol';
import { openCopy } from './files';
import { cachedBytes, runAggregate, runQuery } from './query';
import { Outbox } from './outbox/outbox';
import type { WriteApi } from './outbox/send';
import { Runner, type RunEnd, type RunOptions } from './runner';
import { LocalStore } from './store';
import { AreaSync, type PageSource } from './sync';
import { isRec } from './values';

type AreaKey = (typeof LOCAL_AREA_KEYS)[number];

/** What the engine needs from main: the API (through main's session), and a way to tell main what changed. */
export interface EnginePort {
  api(ask: ApiAsk, signal: AbortSignal): Promise<unknown>;
  progress(status: LocalAreaStatus): void;
  changed(areas: AreaKey[]): void;
  notice(notice: LocalNotice): void;
  outbox(counts: OutboxCounts): void;
}

/**
 * The copy's engine: the store, its passes, its queries, collation and text search, all on a thread
 * of its own (engine-worker.ts). One engine holds one profile's copy from `open` to `close`. It serves
 * only areas read under the current key (`verified`) and not refused by it (`denied`), and applies a
 * write's answer only to those.
 */
export class Engine {
  private store: LocalStore | null = null;
  private runner: Runner | null = null;
  private outbox: Outbox | null = null;
  private controller = new AbortController();
  private room: BackRoomThread | null = null;
  private running: Promise<RunEnd> | null = null;

  /** `backRoom`: starts the thread that builds a large area's indexes in a copy on disk (without one, the engine's thread builds them). */
  constructor(private readonly port: EnginePort, private readonly now: () => Date = () => new Date(), private readonly backRoom?: () => Worker) {}

  open(o: { path: string | null; key: string | null; fresh: boolean }): { encrypted: boolean; rebuilt: boolean } {
    const opened = openCopy({ path: o.path, key: o.key, fresh: o.fresh, log: { info: () => {}, warn: () => {}, error: () => {} } });
    void this.room?.dispose(); // a thread started ahead for the copy open before
    this.room = o.path !== null && this.backRoom ? new BackRoomThread(this.backRoom, { path: o.path, key: o.key }) : null;
    const store = new LocalStore(opened.db, this.room ? { backRoom: this.room } : {});
    const source = this.source();
    const sync = new AreaSync(store, source, this.now);
    this.store = store;
    this.runner = new Runner(store, sync, this.now, {
      status: (s) => this.port.progress(s),
      changed: (areas) => this.port.changed(areas as AreaKey[]),
      rebound: (why) => {
        this.port.notice(why);
        // What waits was made for the business the copy belonged to: it is never sent to another.
        this.outbox?.orphanAll({ kind: 'invalid_request', code: 'outbox_other_business', message: 'This change was made for the business the API key belonged to before; it was not sent to the new one.' });
      },
    }, source.business);
    this.outbox = new Outbox(store, this.writeApi(), (counts, areas) => {
      this.port.outbox(counts);
      if (areas.length) this.port.changed(areas as AreaKey[]);
    }, (area, ids) => {
      void sync.reread(area, ids, this.controller.signal).then(() => this.port.changed([area as AreaKey]), () => undefined);
    }, this.now);
    this.port.outbox(this.outbox.entries.counts());
    return { encrypted: opened.db.encrypted, rebuilt: opened.rebuilt };
  }

  /**
   * One pass (main schedules them one at a time); `abort` stops it: the business first, then the
   * outbox's waiting writes in the order made, then the areas (which then bring what the writes changed).
   */
  async run(options: RunOptions): Promise<RunEnd> {
    const { runner } = this.need();
    if (this.controller.signal.aborted) this.controller = new AbortController();
    this.running = (async () => {
      const signal = this.controller.signal;
      if (options.bind) {
        const bound = await runner.bind(signal, options.keyChanged);
        if (bound !== 'done') return bound;
      }
      const sent = await this.replay();
      if (sent !== 'done') return sent;
      return runner.run(signal, { ...options, bind: false });
    })();
    try {
      return await this.running;
    } finally {
      this.running = null;
    }
  }

  /** Sends what the outbox holds (part of every pass; also on its own when the user asks). */
  async replay(): Promise<RunEnd> {
    const outbox = this.outbox;
    if (!outbox?.hasWaiting()) return 'done';
    return outbox.replay(this.controller.signal, (area) => this.readable(area));
  }

  outboxSubmit(input: OutboxSubmit) {
    return this.needOutbox().submit(input, (area) => this.readable(area));
  }

  outboxList() {
    return this.needOutbox().list();
  }

  outboxDiscard(id: string) {
    return { discarded: this.needOutbox().discard(id) };
  }

  outboxResolve(input: { id: string; choice: 'again' | 'change'; body?: unknown }) {
    return { entry: this.needOutbox().resolveEntry(input.id, input.choice, input.body) };
  }

  /** Stops the pass in flight; settles once it has stopped. */
  async abort(): Promise<void> {
    this.controller.abort();
    await this.running?.catch(() => undefined);
  }

  query(input: LocalQueryInput) {
    const store = this.serving(input.area);
    const m = store.meta(input.area);
    return runQuery(store, input, m.filled, m.last_sync);
  }

  aggregate(input: LocalAggregateInput) {
    const store = this.serving(input.area);
    const m = store.meta(input.area);
    return runAggregate(store, input, m.filled, m.last_sync);
  }

  /** Several reads in one hop; one refused read refuses the call (as the bridge's input check does). */
  readMany({ reads }: LocalReadManyInput) {
    return { results: reads.map((r) => ('query' in r ? { query: this.query(r.query) } : { aggregate: this.aggregate(r.aggregate) })) };
  }

  status(): LocalAreaStatus[] {
    const { runner } = this.need();
    return LOCAL_AREA_KEYS.map((area) => runner.status(area, true));
  }

  /** What a write answered, applied at once to the areas the key reads (once an area's fill has ended, if one is ending). */
  async wrote(routeId: RouteId, params: Record<string, string> | undefined, data: unknown): Promise<void> {
    const { store } = this.need();
    if (ROUTES[routeId].method === 'GET') return;
    await store.writable();
    const applied = applyWrite(store, routeId, params, data, (area) => this.readable(area));
    if (applied.areas.length) this.port.changed(applied.areas as AreaKey[]);
    if (applied.reread.length && this.readable('expense-payments')) {
      const sync = new AreaSync(store, this.source(), this.now);
      void sync.reread('expense-payments', applied.reread.map((r) => r.id), this.controller.signal)
        .then(() => this.port.changed(['expense-payments']), () => undefined);
    }
  }

  /** A record opened from the API answered 404: it is gone. */
  async missing(routeId: RouteId, params: Record<string, string> | undefined): Promise<void> {
    await this.need().store.writable();
    const area = dropMissing(this.need().store, routeId, params);
    if (area) this.port.changed([area as AreaKey]);
  }

  /** The API refused the key a read of this permission: its areas are emptied now. */
  async deny(permission: Permission): Promise<void> {
    const { store, runner } = this.need();
    await store.writable();
    for (const a of Object.values(LOCAL_AREAS)) if (a.permission === permission && !store.meta(a.area).denied) runner.deny(a.area, null);
  }

  /** The key changed: nothing is served until a read under the new key succeeds. */
  async unverify(): Promise<void> {
    const { store, runner } = this.need();
    await store.writable();
    for (const area of LOCAL_AREA_KEYS) store.setMeta(area, { verified: false });
    for (const area of LOCAL_AREA_KEYS) this.port.progress(runner.status(area, true));
  }

  footprint(): { statements: number; answers_bytes: number; counts_bytes: number; rank_epochs: number } {
    const { store } = this.need();
    const bytes = cachedBytes(store);
    return { statements: store.db.statementsHeld(), answers_bytes: bytes.answers, counts_bytes: bytes.counts, rank_epochs: LOCAL_AREA_KEYS.reduce((n, a) => n + store.ranks.epoch(a), 0) };
  }

  /** Stops the pass and closes the file (the worker then ends, releasing every handle). */
  async close(): Promise<void> {
    await this.abort();
    await this.room?.dispose();
    this.room = null;
    try { this.store?.db.close(); } catch { /* already closed */ }
    this.store = null;
    this.runner = null;
    this.outbox = null;
  }

  private needOutbox(): Outbox {
    this.need();
    return this.outbox!;
  }

  /** The outbox's writes and reads, asked of main. */
  private writeApi(): WriteApi {
    return {
      write: async (w, signal) => this.port.api({ kind: 'write', ...w }, signal) as Promise<{ data: unknown; request_id: string }>,
      read: async (route, input, signal) => this.port.api({ kind: 'read', route, ...input }, signal) as Promise<{ data: unknown; page?: PageInfo }>,
    };
  }

  private need(): { store: LocalStore; runner: Runner } {
    if (!this.store || !this.runner) throw new CoreError('invalid_request', 'The local copy is off for this profile.', { code: 'local_copy_off' });
    return { store: this.store, runner: this.runner };
  }

  private readable(area: string): boolean {
    const m = this.need().store.meta(area);
    return m.verified && !m.denied;
  }

  /** The store, when it may serve this area: not for an area the key may not read, nor one not yet checked under the key. */
  private serving(area: string): LocalStore {
    const { store } = this.need();
    const m = store.meta(area);
    if (m.denied) throw new CoreError('invalid_request', 'The API key may not read this area; the local copy holds none of it.', { code: 'local_area_denied' });
    if (!m.verified) throw new CoreError('invalid_request', 'This area of the local copy is being checked under the current API key; read it from the API meanwhile.', { code: 'local_area_unchecked' });
    return store;
  }

  /** Pages, records and the business, asked of main (which reads them through the profile's session). */
  private source(): PageSource & { business: (signal: AbortSignal) => Promise<string | null> } {
    return {
      page: async (route, query, signal) => readPage(route, await this.port.api({ kind: 'page', route, query }, signal) as KeptAnswer),
      get: async (route, id, signal) => {
        const r = await this.port.api({ kind: 'get', route, id }, signal);
        return isRec(r) ? r : null;
      },
      business: async (signal) => {
        const r = await this.port.api({ kind: 'business' }, signal);
        return r === null ? null : readBusiness(r as KeptAnswer);
      },
    };
  }
}
