import {
  LOCAL_AREA_KEYS, ROUTES, requiredPermissions, type LocalAggregateInput, type LocalAggregateOutput, type LocalAreaStatus, type LocalNotice, type LocalPaused,
  type LocalQueryInput, type LocalQueryOutput, type LocalReadManyInput, type LocalReadManyOutput, type LocalStatus, type OutboxCounts, type OutboxEntry,
  type OutboxSubmit, type RouteId, requiredPermissions as needs,
} from '../../../shared';
import type { ApiSession } from '../api-session';
import { CoreError } from '../errors';
import type { CoreEvents } from '../events';
import type { JsonStore, LocalCopyHost, Logger } from '../ports';
import type { ProfileService } from '../profiles';
import { apiSource } from './api-source';
import { CopySettings } from './copy-settings';
import { EngineHost, type ApiAnswerer, type EngineEvents, type EngineLauncher } from './engine-host';
import type { ApiAsk } from './engine-protocol';
import { CopyFiles, removeCopyFiles } from './files';
import type { RunEnd, RunOptions } from './runner';

export const DEFAULT_SYNC_INTERVAL_MS = 30_000;
const AFTER_WRITE_MS = 300;
/** Areas the key may not read are tried again this often (a scope given back returns by itself). */
export const DENIED_RETRY_MS = 10 * 60 * 1000;
/**
 * Fills anew (a forget, the copy turned on) start at once up to REFILLS_AT_ONCE in a row, then one per
 * REFILL_EVERY_MS: a page cannot loop the copy into endless walks of the API.
 */
export const REFILL_EVERY_MS = 60_000;
export const REFILLS_AT_ONCE = 3;
/** A deletion check asked for through the bridge walks again at most this often (one walk of every area each time). */
export const ASKED_CHECK_EVERY_MS = 5 * 60 * 1000;
/** An outbox write's retries inside one attempt: few, the next pass tries again (with the same key). */
const OUTBOX_RETRY = { maxRetries: 2, maxDelayMs: 10_000 };
/** A crashed engine is started again after this long, doubling to the most while it keeps crashing. */
const RESTART_MS = { first: 500, most: 30_000 };

type AreaKey = (typeof LOCAL_AREA_KEYS)[number];

export interface LocalDeps {
  profiles: ProfileService;
  api: ApiSession;
  events: CoreEvents;
  log: Logger;
  store: JsonStore;
  /** Without one (or without an engine) the copy stays off (tests of other parts). */
  host: LocalCopyHost | undefined;
  engine: EngineLauncher | undefined;
  /** A fill's pages are fetched on the engine's thread (CoreDeps.pagesOnEngine). */
  pagesOnEngine?: boolean;
  syncIntervalMs?: number;
  monotonic?: () => number;
  /** An outbox entry reached the service (the activity log records it with its request id). */
  replayed?: (profileId: string, w: { route: RouteId; area: string; name: string | null; record_id: string | null; request_id: string }) => void;
}

interface Copy {
  profileId: string;
  /** The open request's answer: where the copy is kept. */
  path: string | null;
  key: string | null;
  engine: EngineHost | null;
  /** The engine started and opened the copy (awaited by every request). */
  ready: Promise<EngineHost>;
  encrypted: boolean;
  memory: boolean;
  stopped: boolean;
  running: Promise<void> | null;
  pending: RunOptions | null;
  online: boolean;
  paused: LocalPaused | null;
  notice: LocalNotice | null;
  /** The engine crashed and is being started again: nothing is served meanwhile. */
  restarting: boolean;
  restarts: number;
  /** The first pass waits until then (a refill too soon after the last one). */
  startAt: number;
  startTimer: ReturnType<typeof setTimeout> | null;
}

const merge = (a: RunOptions | null, b: Partial<RunOptions>): RunOptions =>
  ({ deletions: Boolean(a?.deletions || b.deletions), retryDenied: Boolean(a?.retryDenied || b.retryDenied), bind: Boolean(a?.bind || b.bind), keyChanged: Boolean(a?.keyChanged || b.keyChanged) });
const offArea = (area: AreaKey): LocalAreaStatus => ({ area, state: 'off', records: 0, ready: false, last_sync: null, last_deletion_check: null, progress: null, message: null, held_aside: 0, held: [] });

/**
 * The active profile's local copy, as main keeps it: the copy itself (store, passes, queries) runs on
 * its engine thread; main's thread only routes requests to it, answers its questions to the API through
 * the profile's session, passes its events on, schedules its passes (every interval while the window is
 * in use, on focus, after every write) and owns its file, key and settings. It serves only what the
 * current key may read of its own business.
 */
export class LocalCopies {
  private copy: Copy | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private writeTimer: ReturnType<typeof setTimeout> | null = null;
  private focused = true;
  private readonly monotonic: () => number;
  private readonly settings: CopySettings;
  private readonly files: CopyFiles | null;
  private lastDeniedRetry: number;
  /** The refill bucket: its level and when it was last topped up (monotonic). */
  private refills = { level: REFILLS_AT_ONCE, at: 0 };
  private lastAskedCheck = -Infinity;
  /** The outbox's counts as the engine last told them (a session-only profile's quit warns with them). */
  private outboxCounts: OutboxCounts = { waiting: 0, decisions: 0, failed: 0 };
  /** Last known status of each area (the engine's events keep it), answered while the engine is busy or restarting. */
  private readonly areas = new Map<string, LocalAreaStatus>();
  /** A forgotten copy's engine, its file closed, kept for the copy that follows. */
  private kept: EngineHost | null = null;

  constructor(private readonly d: LocalDeps) {
    this.monotonic = d.monotonic ?? (() => performance.now());
    this.settings = new CopySettings(d.store, (id) => d.profiles.list().profiles.some((p) => p.id === id && p.session_only));
    this.files = d.host && d.engine ? new CopyFiles(d.host.dataDir(), d.store, d.log) : null;
    this.lastDeniedRetry = this.monotonic();
  }

  /** Start-up: copy files and copy keys of profiles that no longer exist go (a removal Windows refused, a crash mid-way). */
  sweep(profileIds: ReadonlySet<string>): void {
    const host = this.d.host;
    if (!host || !this.files) return;
    const removed = this.files.sweep(profileIds);
    for (const id of host.copyKeyProfiles()) if (!profileIds.has(id)) host.forgetCopyKey(id);
    if (removed) this.d.log.info('removed local copy files of profiles that are gone', { files: removed });
  }

  /** Opens the profile's copy on a new engine thread and starts keeping it (nothing for a profile whose copy is off). */
  activate(profileId: string | null, startAt = 0): void {
    if (this.copy?.profileId === profileId) return;
    void this.close();
    const host = this.d.host;
    if (!host || !this.files || profileId === null || this.settings.isDisabled(profileId)) { this.dropKept(); return; }
    const meta = this.d.profiles.get(profileId);
    const key = meta.session_only ? { key: null, lost: false } : host.copyKey(profileId);
    const copy: Copy = {
      profileId, path: meta.session_only ? null : this.files.current(profileId), key: key.key, engine: null, ready: null as unknown as Promise<EngineHost>,
      encrypted: false, memory: meta.session_only, stopped: false, running: null, pending: null, online: true, paused: null,
      notice: key.lost ? 'key_lost' : null, restarting: false, restarts: 0, startAt, startTimer: null,
    };
    this.areas.clear();
    this.outboxCounts = { waiting: 0, decisions: 0, failed: 0 };
    this.copy = copy;
    copy.ready = this.startEngine(copy, key.lost);
    this.timer = setInterval(() => { if (this.focused) this.syncNow(); }, this.d.syncIntervalMs ?? DEFAULT_SYNC_INTERVAL_MS);
    this.timer.unref?.();
    // Every open learns the business again; after a key change nothing is served until a read under it succeeds.
    const keyChanged = this.settings.needsRebind(profileId);
    if (keyChanged) void copy.ready.then((e) => e.request({ op: 'unverify' })).catch(() => undefined);
    this.syncNow({ bind: true, keyChanged });
  }

  /** The window gained or lost focus: a cycle on focus, none while away. */
  focus(focused: boolean): void {
    this.focused = focused;
    if (focused) this.syncNow();
  }

  /** Starts a pass now (or when a refill may start), or right after the one running. */
  syncNow(o: Partial<RunOptions> = {}): boolean {
    const c = this.copy;
    if (!c || c.stopped) return false;
    const deniedDue = this.monotonic() - this.lastDeniedRetry >= DENIED_RETRY_MS;
    const want = merge(c.pending, { ...o, retryDenied: o.retryDenied || deniedDue });
    const wait = c.startAt - this.monotonic();
    if (c.startTimer && wait <= 0) { clearTimeout(c.startTimer); c.startTimer = null; }
    if (c.running || c.startTimer || c.restarting) { c.pending = want; return true; }
    if (wait > 0) {
      c.pending = want;
      c.startTimer = setTimeout(() => { c.startTimer = null; if (this.copy === c) this.syncNow(); }, wait);
      c.startTimer.unref?.();
      return true;
    }
    c.pending = null;
    if (want.retryDenied) this.lastDeniedRetry = this.monotonic();
    c.running = c.ready.then((e) => e.request<RunEnd>({ op: 'run', options: want }))
      .then((end) => this.ended(c, want, end))
      .catch((err: unknown) => { if (!c.stopped && !c.restarting) this.d.log.error('local copy pass failed', { error: err }); })
      .finally(() => {
        c.running = null;
        if (c.pending && this.copy === c && !c.stopped) this.syncNow(c.pending);
      });
    return true;
  }

  /**
   * A deletion check the user (or the page) asked for: at most one per ASKED_CHECK_EVERY_MS, so a page
   * cannot loop the copy into endless walks of every area. False when one ran too recently.
   */
  checkDeletionsAsked(): boolean {
    if (!this.copy || this.monotonic() - this.lastAskedCheck < ASKED_CHECK_EVERY_MS) return false;
    this.lastAskedCheck = this.monotonic();
    return this.syncNow({ deletions: true });
  }

  /**
   * The profile's key was replaced: the pass under the old key stops, nothing is served until reads
   * under the new key succeed, and the business is learned again (another one empties the copy).
   */
  async keyChanged(profileId: string): Promise<void> {
    this.settings.setRebind(profileId, true);
    const c = this.copy;
    if (!c || c.profileId !== profileId) return;
    c.pending = null;
    const engine = await c.ready.catch(() => null);
    if (!engine) return;
    await engine.abort();
    while (c.running) await c.running;
    if (this.copy !== c) return;
    await engine.request({ op: 'unverify' });
    this.syncNow({ bind: true, keyChanged: true, retryDenied: true });
  }

  /** The API refused the key a read (403 insufficient_permission): the areas behind that permission are emptied now. */
  async denied(profileId: string, routeId: RouteId): Promise<void> {
    const c = this.copy;
    const needed = requiredPermissions(routeId, undefined);
    if (!c || c.profileId !== profileId || needed.length !== 1) return;
    await (await c.ready).request({ op: 'deny', permission: needed[0]! });
  }

  /** What a write answered, applied at once to the areas the key reads; a cycle follows shortly. */
  wrote(profileId: string, routeId: RouteId, params: Record<string, string> | undefined, data: unknown): void {
    const c = this.copy;
    if (!c || c.profileId !== profileId || ROUTES[routeId].method === 'GET') return;
    void c.ready.then((e) => e.request({ op: 'wrote', route: routeId, ...(params ? { params } : {}), data }))
      .catch((err: unknown) => this.d.log.warn('could not apply a write to the local copy', { route: routeId, error: err }));
    this.syncSoon();
  }

  /** A pass shortly after a write (not at once: the screen that shows the write paints first, and writes in a row share one pass). */
  private syncSoon(): void {
    if (this.writeTimer) clearTimeout(this.writeTimer);
    this.writeTimer = setTimeout(() => { this.writeTimer = null; this.syncNow(); }, AFTER_WRITE_MS);
    this.writeTimer.unref?.();
  }

  /** A record opened from the API answered 404: it is gone. */
  missing(profileId: string, routeId: RouteId, params: Record<string, string> | undefined): void {
    const c = this.copy;
    if (!c || c.profileId !== profileId) return;
    void c.ready.then((e) => e.request({ op: 'missing', route: routeId, ...(params ? { params } : {}) })).catch(() => undefined);
  }

  async query(input: LocalQueryInput): Promise<LocalQueryOutput> {
    return (await this.engineFor()).request({ op: 'query', input });
  }

  async aggregate(input: LocalAggregateInput): Promise<LocalAggregateOutput> {
    return (await this.engineFor()).request({ op: 'aggregate', input });
  }

  async readMany(input: LocalReadManyInput): Promise<LocalReadManyOutput> {
    return (await this.engineFor()).request({ op: 'readMany', input });
  }

  async status(): Promise<LocalStatus> {
    const c = this.copy;
    if (c && !c.restarting) {
      const engine = await c.ready.catch(() => null);
      const fresh = engine ? await engine.request<LocalAreaStatus[]>({ op: 'status' }).catch(() => null) : null;
      for (const a of fresh ?? []) this.areas.set(a.area, a);
    }
    return {
      enabled: c !== null, storage: c ? (c.memory ? 'memory' : 'file') : 'none', encrypted: c?.encrypted ?? false, online: c?.online ?? false, paused: c?.paused ?? null,
      areas: LOCAL_AREA_KEYS.map((area) => (c ? this.shown(c, area) : offArea(area))),
      notice: c?.notice ?? null,
    };
  }

  /**
   * A write to send when the service can be reached: kept in the outbox, shown in the copy at once.
   * Only writes the key is known to be allowed (a success, the connection test) are taken.
   */
  async outboxSubmit(input: OutboxSubmit): Promise<{ entry: OutboxEntry; shown: Record<string, unknown> | null }> {
    const c = this.copy;
    if (!c) throw new CoreError('invalid_request', 'Changes cannot be kept while offline with the local copy off; they need the connection.', { code: 'local_copy_off' });
    const known = this.d.profiles.get(c.profileId).permissions_known;
    const missing = needs(input.route, input.body).filter((p) => !known.includes(p));
    if (missing.length) throw new CoreError('invalid_request', `This change needs the connection: the app does not know yet that the API key may make it (${missing.join(', ')}).`, { code: 'outbox_permission_unknown' });
    const out = await (await c.ready).request<{ entry: OutboxEntry; shown: Record<string, unknown> | null }>({ op: 'outboxSubmit', input });
    this.syncSoon();
    return out;
  }

  async outboxList(): Promise<{ entries: OutboxEntry[]; counts: OutboxCounts }> {
    if (!this.copy) return { entries: [], counts: { waiting: 0, decisions: 0, failed: 0 } };
    return (await this.engineFor()).request({ op: 'outboxList' });
  }

  async outboxDiscard(id: string): Promise<{ discarded: string[] }> {
    return (await this.engineFor()).request({ op: 'outboxDiscard', id });
  }

  async outboxResolve(input: { id: string; choice: 'again' | 'change'; body?: unknown }): Promise<{ entry: OutboxEntry }> {
    const out = await (await this.engineFor()).request<{ entry: OutboxEntry }>({ op: 'outboxResolve', input });
    this.syncNow();
    return out;
  }

  /** Changes the outbox holds that are not sent (a session-only profile's quit asks first). */
  unsentChanges(): number {
    const n = this.outboxCounts;
    return this.copy ? n.waiting + n.decisions + n.failed : 0;
  }

  /** Turning the copy off or forgetting it would lose changes that wait: refused until they are sent or discarded. */
  private refuseWhileUnsent(profileId: string): void {
    if (this.copy?.profileId === profileId && this.unsentChanges() > 0) {
      throw new CoreError('invalid_request', 'Changes made offline are still waiting to be sent. Send or discard them in the outbox first.', { code: 'local_outbox_waiting' });
    }
  }

  /** Turns the copy of a profile off (its file goes) or on again. */
  async setEnabled(profileId: string, enabled: boolean): Promise<void> {
    if (!enabled) this.refuseWhileUnsent(profileId);
    this.settings.setDisabled(profileId, !enabled);
    if (!enabled) await this.remove(profileId);
    else this.refill(profileId);
  }

  /**
   * Removes a profile's copy and starts it again from nothing (in a new file, under a new key). Its engine
   * thread closes the file and serves the new copy: a new thread's start (its modules, about 120 ms) was
   * most of the wait before the new copy's first request.
   */
  async forget(profileId: string): Promise<void> {
    this.refuseWhileUnsent(profileId);
    const engine = await this.remove(profileId, { keep: true });
    this.dropKept();
    this.kept = engine;
    this.refill(profileId);
  }

  /** No copy takes the kept engine after all: its thread ends. */
  private dropKept(): void {
    const kept = this.kept;
    this.kept = null;
    void kept?.stop();
  }

  /**
   * The profile is gone (or its copy forgotten, or turned off): its pass stops, its engine closes the file,
   * then the file and its key go. The engine's thread ends, or with `keep` is returned for the next copy.
   */
  async remove(profileId: string, o: { keep?: boolean } = {}): Promise<EngineHost | null> {
    let kept = this.copy?.profileId === profileId ? await this.close(o) : null;
    try {
      if (!this.d.host || !this.files) return kept;
      const left = this.files.remove(profileId);
      if (left.length && kept) {
        // A file the kept thread still held (Windows refused it): the thread ends, every handle with it, and the files go.
        await kept.stop();
        kept = null;
        for (const path of left) removeCopyFiles(path, this.d.log);
      }
      this.d.host.forgetCopyKey(profileId);
      this.settings.setRebind(profileId, false);
      return kept;
    } catch (e) {
      await kept?.stop();
      throw e;
    }
  }

  /** Also forgets what is kept of a removed profile's copy settings. */
  async removeProfile(profileId: string): Promise<void> {
    await this.remove(profileId);
    this.settings.forget(profileId);
  }

  /**
   * Stops the running pass, closes the file and ends the engine thread (quit, profile switch): settles once
   * all are done. With `keep`, the thread stays and is returned, its file's handles closed (null: it ended).
   */
  async close(o: { keep?: boolean } = {}): Promise<EngineHost | null> {
    const c = this.copy;
    if (!c) return null;
    this.copy = null;
    c.stopped = true;
    if (this.timer) clearInterval(this.timer);
    if (this.writeTimer) clearTimeout(this.writeTimer);
    this.writeTimer = null;
    if (c.startTimer) clearTimeout(c.startTimer);
    this.timer = null;
    const engine = await c.ready.catch(() => null);
    await engine?.abort();
    while (c.running) await c.running;
    if (o.keep && engine?.alive) {
      const released = await engine.release().then(() => true, () => false);
      if (released && engine.alive) return engine;
    }
    await engine?.stop();
    return null;
  }

  /** What the engine keeps in memory that a page's questions can grow: each is bounded (tests measure it). */
  async footprint(): Promise<{ statements: number; answers_bytes: number; counts_bytes: number; rank_epochs: number } | null> {
    return this.copy ? (await this.engineFor()).request({ op: 'footprint' }) : null;
  }

  /** Ends the engine thread at once, as a crash would (tests). */
  async crashEngine(): Promise<void> {
    await (await this.copy?.ready)?.kill();
  }

  /** Waits for the pass in flight, and a restart in progress (tests and quit). */
  async idle(): Promise<void> {
    for (;;) {
      const c = this.copy;
      if (!c) return;
      if (c.running) await c.running;
      else if (c.startTimer || c.restarting || this.writeTimer) await new Promise((r) => setTimeout(r, 20));
      else return;
    }
  }

  private async engineFor(): Promise<EngineHost> {
    const c = this.copy;
    if (!c) throw new CoreError('invalid_request', 'The local copy is off for this profile.', { code: 'local_copy_off' });
    return c.ready;
  }

  /** Starts the copy's engine thread (or takes the one a forget kept) and opens the copy in it. */
  private async startEngine(c: Copy, fresh: boolean): Promise<EngineHost> {
    const kept = this.kept;
    this.kept = null;
    const answer: ApiAnswerer = (ask, signal) => this.answer(c, ask, signal);
    const events: EngineEvents = {
      progress: (s) => { if (this.copy === c) { this.areas.set(s.area, s); this.d.events.emit('local.progress', s); } },
      changed: (areas) => { if (this.copy === c) this.d.events.emit('local.changed', { areas: areas as AreaKey[] }); },
      notice: (n) => { c.notice = n; },
      outbox: (counts) => { if (this.copy === c) { this.outboxCounts = counts; this.d.events.emit('outbox.changed', counts); } },
      crashed: (reason) => this.crashed(c, reason),
    };
    kept?.rebind(answer, events);
    const engine = kept?.alive ? kept : await EngineHost.start(this.d.engine!, answer, events);
    c.engine = engine;
    const opened = await engine.request<{ encrypted: boolean; rebuilt: boolean }>({ op: 'open', path: c.path, key: c.key, fresh });
    c.encrypted = opened.encrypted;
    if (opened.rebuilt && !c.notice) c.notice = 'rebuilt';
    if (c.stopped) await engine.stop();
    return engine;
  }

  /**
   * The engine ended on its own: main says so (every area reads the API meanwhile) and starts it again
   * on the same file; the fill goes on from its saved cursor, so nothing is read twice or missed.
   */
  private crashed(c: Copy, reason: string): void {
    if (c.stopped || this.copy !== c || c.restarting) return;
    this.d.log.error('the local copy engine stopped; starting it again', { reason });
    c.restarting = true;
    for (const area of LOCAL_AREA_KEYS) this.d.events.emit('local.progress', this.shown(c, area));
    const delay = Math.min(RESTART_MS.most, RESTART_MS.first * 2 ** c.restarts);
    c.restarts += 1;
    const again = setTimeout(() => {
      if (c.stopped || this.copy !== c) return;
      c.ready = this.startEngine(c, false);
      c.ready.then(() => {
        c.restarting = false;
        this.syncNow({ bind: true });
      }, (err: unknown) => { c.restarting = false; this.crashed(c, err instanceof Error ? err.message : 'could not start'); });
    }, delay);
    again.unref?.();
  }

  /** An area as the screens are told of it: while the engine restarts, held but not served. */
  private shown(c: Copy, area: AreaKey): LocalAreaStatus {
    const known = this.areas.get(area) ?? { ...offArea(area), state: 'empty' as const };
    return c.restarting ? { ...known, state: 'checking', ready: false, progress: null } : known;
  }

  private ended(c: Copy, want: RunOptions, end: RunEnd): void {
    if (end === 'stopped') return;
    if (want.bind && end === 'done') this.settings.setRebind(c.profileId, false);
    // A bind that did not finish is tried again by the next pass.
    if (want.bind && end !== 'done') c.pending = merge(c.pending, { bind: true, keyChanged: want.keyChanged });
    c.restarts = 0;
    const online = end !== 'offline';
    const paused = end === 'busy' || end === 'refused' ? end : null;
    if (c.online === online && c.paused === paused) return;
    c.online = online;
    c.paused = paused;
    this.d.events.emit('local.online', { online, paused });
  }

  /**
   * The engine's questions to the API, through the profile's session at sync priority (paced to the
   * rate limit, behind the user's own requests). An outbox write goes with its key; each one sent is
   * recorded in the activity log with its request id.
   */
  private async answer(c: Copy, ask: ApiAsk, signal: AbortSignal): Promise<unknown> {
    const source = apiSource(this.d.api, c.profileId, this.d.pagesOnEngine && c.engine ? c.engine.fetch : undefined);
    switch (ask.kind) {
      case 'page': return source.page(ask.route, ask.query, signal);
      case 'get': return source.get(ask.route, ask.id, signal);
      case 'business': return source.business(signal);
      case 'read': {
        const r = await this.d.api.call(c.profileId, ask.route, { ...(ask.params ? { params: ask.params } : {}), ...(ask.query ? { query: ask.query } : {}) }, { signal, priority: 'sync', retry: OUTBOX_RETRY });
        return { data: r.data, ...(r.page ? { page: r.page } : {}) };
      }
      case 'write': {
        const input = { ...(ask.params ? { params: ask.params } : {}), ...(ask.body !== undefined && ask.body !== null ? { body: ask.body } : {}) };
        const r = await this.d.api.call(c.profileId, ask.route, input, { signal, priority: 'sync', retry: OUTBOX_RETRY, ...(ask.idempotency_key ? { idempotencyKey: ask.idempotency_key } : {}) });
        this.d.replayed?.(c.profileId, { route: ask.route, area: ask.area, name: ask.name, record_id: ask.params?.id ?? (r.data && typeof r.data === 'object' && typeof (r.data as { id?: unknown }).id === 'string' ? String((r.data as { id: string }).id) : null), request_id: r.request_id });
        return { data: r.data, request_id: r.request_id };
      }
    }
  }

  /** Opens a copy filled anew; past REFILLS_AT_ONCE in a row, its first pass waits for the bucket. */
  private refill(profileId: string): void {
    // The user moved to another profile meanwhile: its copy is open (or off) already.
    if (this.d.profiles.active()?.id !== profileId) { this.dropKept(); return; }
    const now = this.monotonic();
    const b = this.refills;
    const topped = Math.min(REFILLS_AT_ONCE, b.level + (now - b.at) / REFILL_EVERY_MS);
    const wait = topped >= 1 ? 0 : (1 - topped) * REFILL_EVERY_MS;
    // A refill still waiting when the next one comes never ran: the wait does not pile up past one interval.
    this.refills = { level: Math.max(topped - 1, 0), at: now };
    this.activate(profileId, now + wait);
  }
}
