import { LOCAL_AREA_KEYS, ROUTES, type LocalAggregateInput, type LocalQueryInput, type LocalPaused, type LocalStatus, type RouteId } from '../../../shared';
import type { ApiSession } from '../api-session';
import { CoreError } from '../errors';
import type { CoreEvents } from '../events';
import type { LocalCopyHost, Logger } from '../ports';
import type { ProfileService } from '../profiles';
import { applyWrite, dropMissing } from './apply';
import type { CopyChoice } from './choice';
import { copyPath, openCopy, removeCopyFiles } from './files';
import { runAggregate, runQuery } from './query';
import { Runner, type RunOptions } from './runner';
import { LocalStore } from './store';
import { AreaSync, type PageSource } from './sync';
import { isRec } from './values';

export const DEFAULT_SYNC_INTERVAL_MS = 30_000;
const AFTER_WRITE_MS = 300;
const SYNC_RETRY = { maxRetries: 3, maxDelayMs: 10_000 };
const REBUILT_NOTICE = 'The local copy could not be read and is being rebuilt from the API.';

export interface LocalDeps {
  profiles: ProfileService;
  api: ApiSession;
  events: CoreEvents;
  log: Logger;
  /** Which profiles keep their copy off. */
  choice: CopyChoice;
  /** Without one the copy stays off (tests of other parts). */
  host: LocalCopyHost | undefined;
  syncIntervalMs?: number;
  now?: () => Date;
}

interface Copy {
  profileId: string;
  store: LocalStore;
  runner: Runner;
  sync: AreaSync;
  encrypted: boolean;
  memory: boolean;
  controller: AbortController;
  running: Promise<void> | null;
  pending: RunOptions | null;
  online: boolean;
  paused: LocalPaused | null;
  notice: string | null;
}

/**
 * The active profile's local copy: opened on activation, kept fresh by a cycle every interval while
 * the window is in use, on focus and after every write, and closed (or removed) with the profile.
 */
export class LocalCopies {
  private copy: Copy | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private writeTimer: ReturnType<typeof setTimeout> | null = null;
  private focused = true;
  private readonly now: () => Date;

  constructor(private readonly d: LocalDeps) {
    this.now = d.now ?? (() => new Date());
  }

  /** Opens the profile's copy and starts keeping it (nothing for a profile whose copy is off). */
  activate(profileId: string | null): void {
    if (this.copy?.profileId === profileId) return;
    this.close();
    const host = this.d.host;
    if (!host || profileId === null) return;
    const meta = this.d.profiles.get(profileId);
    if (this.d.choice.isOff(meta)) return;
    const key = meta.session_only ? null : host.copyKey(profileId);
    const opened = openCopy({ dataDir: host.dataDir(), profileId, memory: meta.session_only, key, log: this.d.log });
    const store = new LocalStore(opened.db);
    const sync = new AreaSync(store, this.source(profileId), this.now);
    const runner = new Runner(store, sync, this.now, {
      status: (s) => this.d.events.emit('local.progress', s),
      changed: (areas) => this.d.events.emit('local.changed', { areas: areas as (typeof LOCAL_AREA_KEYS)[number][] }),
    });
    this.copy = {
      profileId, store, runner, sync, encrypted: opened.db.encrypted, memory: meta.session_only, controller: new AbortController(),
      running: null, pending: null, online: true, paused: null, notice: opened.rebuilt ? REBUILT_NOTICE : null,
    };
    this.timer = setInterval(() => { if (this.focused) this.syncNow(); }, this.d.syncIntervalMs ?? DEFAULT_SYNC_INTERVAL_MS);
    this.timer.unref?.();
    this.syncNow();
  }

  /** The window gained or lost focus: a cycle on focus, none while away. */
  focus(focused: boolean): void {
    this.focused = focused;
    if (focused) this.syncNow();
  }

  /** Starts a pass now, or right after the one running. */
  syncNow(o: Partial<RunOptions> = {}): boolean {
    const c = this.copy;
    if (!c) return false;
    const want: RunOptions = { deletions: Boolean(o.deletions || c.pending?.deletions), retryDenied: Boolean(o.retryDenied || c.pending?.retryDenied) };
    if (c.running) { c.pending = want; return true; }
    c.pending = null;
    c.running = c.runner.run(c.controller.signal, want)
      .then((end) => {
        if (end === 'stopped') return;
        const online = end !== 'offline';
        const paused = end === 'busy' || end === 'refused' ? end : null;
        if (c.online === online && c.paused === paused) return;
        c.online = online;
        c.paused = paused;
        this.d.events.emit('local.online', { online, paused });
      })
      .catch((err: unknown) => this.d.log.error('local copy pass failed', { error: err }))
      .finally(() => {
        c.running = null;
        if (c.pending && this.copy === c) this.syncNow(c.pending);
      });
    return true;
  }

  /** What a write answered, applied at once; a cycle follows shortly. */
  wrote(profileId: string, routeId: RouteId, params: Record<string, string> | undefined, data: unknown): void {
    const c = this.copy;
    if (!c || c.profileId !== profileId || ROUTES[routeId].method === 'GET') return;
    try {
      const applied = applyWrite(c.store, routeId, params, data);
      if (applied.areas.length) this.d.events.emit('local.changed', { areas: applied.areas as (typeof LOCAL_AREA_KEYS)[number][] });
      if (applied.reread.length) void c.sync.reread('expense-payments', applied.reread.map((r) => r.id), c.controller.signal).catch(() => undefined);
    } catch (err) {
      this.d.log.warn('could not apply a write to the local copy', { route: routeId, error: err });
    }
    if (this.writeTimer) clearTimeout(this.writeTimer);
    this.writeTimer = setTimeout(() => this.syncNow(), AFTER_WRITE_MS);
    this.writeTimer.unref?.();
  }

  /** A record opened from the API answered 404: it is gone. */
  missing(profileId: string, routeId: RouteId, params: Record<string, string> | undefined): void {
    const c = this.copy;
    if (!c || c.profileId !== profileId) return;
    const area = dropMissing(c.store, routeId, params);
    if (area) this.d.events.emit('local.changed', { areas: [area as (typeof LOCAL_AREA_KEYS)[number]] });
  }

  query(input: LocalQueryInput) {
    const c = this.need();
    const m = c.store.meta(input.area);
    return runQuery(c.store, input, m.filled, m.last_sync);
  }

  aggregate(input: LocalAggregateInput) {
    const c = this.need();
    const m = c.store.meta(input.area);
    return runAggregate(c.store, input, m.filled, m.last_sync);
  }

  status(): LocalStatus {
    const c = this.copy;
    const enabled = c !== null;
    return {
      enabled, storage: c ? (c.memory ? 'memory' : 'file') : 'none', encrypted: c?.encrypted ?? false, online: c?.online ?? false, paused: c?.paused ?? null,
      areas: LOCAL_AREA_KEYS.map((area) => c ? c.runner.status(area, true) : ({ area, state: 'off', records: 0, ready: false, last_sync: null, last_deletion_check: null, progress: null, message: null })),
      notice: c?.notice ?? null,
    } as LocalStatus;
  }

  /** Turns the copy of a profile off (its file goes) or on again. */
  setEnabled(profileId: string, enabled: boolean): void {
    this.d.choice.set(this.d.profiles.get(profileId), enabled);
    if (!enabled) this.remove(profileId);
    else this.activate(profileId);
  }

  /** Removes a profile's copy and starts it again from nothing. */
  forget(profileId: string): void {
    this.remove(profileId);
    this.activate(profileId);
  }

  /** The profile is gone (or its copy forgotten): close and delete its file and key. */
  remove(profileId: string): void {
    if (this.copy?.profileId === profileId) this.close();
    if (!this.d.host) return;
    removeCopyFiles(copyPath(this.d.host.dataDir(), profileId));
    this.d.host.forgetCopyKey(profileId);
  }

  /** Stops the running pass and closes the file (quit, profile switch). */
  close(): void {
    const c = this.copy;
    if (!c) return;
    this.copy = null;
    if (this.timer) clearInterval(this.timer);
    if (this.writeTimer) clearTimeout(this.writeTimer);
    this.timer = null;
    c.controller.abort();
    const closeDb = () => { try { c.store.db.close(); } catch { /* already closed */ } };
    if (c.running) void c.running.finally(closeDb); else closeDb();
  }

  /** Waits for the pass in flight (tests and quit). */
  async idle(): Promise<void> {
    while (this.copy?.running) await this.copy.running;
  }

  private need(): Copy {
    if (!this.copy) throw new CoreError('invalid_request', 'The local copy is off for this profile.', { code: 'local_copy_off' });
    return this.copy;
  }

  /** Pages and records through the profile's API session, at sync priority (user requests go first). */
  private source(profileId: string): PageSource {
    // Few retries: a pass that cannot reach the API ends soon and says offline; the next one tries again.
    const opts = (signal: AbortSignal) => ({ signal, priority: 'sync' as const, retry: SYNC_RETRY });
    return {
      page: async (route, query, signal) => {
        const r = await this.d.api.call(profileId, route, { query }, opts(signal));
        const data = Array.isArray(r.data) ? r.data.filter(isRec) : [];
        return { data, next: r.page?.has_more ? r.page.next_cursor : null };
      },
      get: async (route, id, signal) => {
        try {
          const r = await this.d.api.call(profileId, route, { params: { id } }, opts(signal));
          return isRec(r.data) ? r.data : null;
        } catch (err) {
          const e = err as { status?: unknown };
          if (e.status === 404) return null;
          throw err;
        }
      },
    };
  }
}
