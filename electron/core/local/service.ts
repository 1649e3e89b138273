import { LOCAL_AREAS, LOCAL_AREA_KEYS, ROUTES, requiredPermissions, type LocalAggregateInput, type LocalNotice, type LocalPaused, type LocalQueryInput, type LocalStatus, type RouteId } from '../../../shared';
import type { ApiSession } from '../api-session';
import { CoreError } from '../errors';
import type { CoreEvents } from '../events';
import type { JsonStore, LocalCopyHost, Logger } from '../ports';
import type { ProfileService } from '../profiles';
import { apiSource } from './api-source';
import { applyWrite, dropMissing } from './apply';
import { CopySettings } from './copy-settings';
import { CopyFiles, openCopy } from './files';
import { cachedBytes, runAggregate, runQuery } from './query';
import { Runner, type RunOptions } from './runner';
import { LocalStore } from './store';
import { AreaSync } from './sync';

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

type AreaKey = (typeof LOCAL_AREA_KEYS)[number];

export interface LocalDeps {
  profiles: ProfileService;
  api: ApiSession;
  events: CoreEvents;
  log: Logger;
  store: JsonStore;
  /** Without one the copy stays off (tests of other parts). */
  host: LocalCopyHost | undefined;
  syncIntervalMs?: number;
  now?: () => Date;
  monotonic?: () => number;
}

interface Copy {
  profileId: string;
  store: LocalStore;
  runner: Runner;
  encrypted: boolean;
  memory: boolean;
  controller: AbortController;
  running: Promise<void> | null;
  pending: RunOptions | null;
  online: boolean;
  paused: LocalPaused | null;
  notice: LocalNotice | null;
  /** The first pass waits until then (a refill too soon after the last one). */
  startAt: number;
  startTimer: ReturnType<typeof setTimeout> | null;
}

const merge = (a: RunOptions | null, b: Partial<RunOptions>): RunOptions =>
  ({ deletions: Boolean(a?.deletions || b.deletions), retryDenied: Boolean(a?.retryDenied || b.retryDenied), bind: Boolean(a?.bind || b.bind), keyChanged: Boolean(a?.keyChanged || b.keyChanged) });

/**
 * The active profile's local copy: opened on activation, kept fresh by a cycle every interval while
 * the window is in use, on focus and after every write, and closed (or removed) with the profile.
 * It serves only what the current key may read of its own business: areas not yet checked under the
 * key, or refused by it, are neither served nor written.
 */
export class LocalCopies {
  private copy: Copy | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private writeTimer: ReturnType<typeof setTimeout> | null = null;
  private focused = true;
  private readonly now: () => Date;
  private readonly monotonic: () => number;
  private readonly settings: CopySettings;
  private readonly files: CopyFiles | null;
  private lastDeniedRetry: number;
  /** The refill bucket: its level and when it was last topped up (monotonic). */
  private refills = { level: REFILLS_AT_ONCE, at: 0 };
  private lastAskedCheck = -Infinity;

  constructor(private readonly d: LocalDeps) {
    this.now = d.now ?? (() => new Date());
    this.monotonic = d.monotonic ?? (() => performance.now());
    this.settings = new CopySettings(d.store);
    this.files = d.host ? new CopyFiles(d.host.dataDir(), d.store, d.log) : null;
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

  /** Opens the profile's copy and starts keeping it (nothing for a profile whose copy is off). */
  activate(profileId: string | null, startAt = 0): void {
    if (this.copy?.profileId === profileId) return;
    void this.close();
    const host = this.d.host;
    if (!host || !this.files || profileId === null || this.settings.isDisabled(profileId)) return;
    const meta = this.d.profiles.get(profileId);
    const key = meta.session_only ? { key: null, lost: false } : host.copyKey(profileId);
    const opened = openCopy({ path: meta.session_only ? null : this.files.current(profileId), key: key.key, log: this.d.log, fresh: key.lost });
    const store = new LocalStore(opened.db);
    const source = apiSource(this.d.api, profileId);
    const sync = new AreaSync(store, source, this.now);
    const copy: Copy = {
      profileId, store, encrypted: opened.db.encrypted, memory: meta.session_only, controller: new AbortController(),
      running: null, pending: null, online: true, paused: null, notice: key.lost ? 'key_lost' : opened.rebuilt ? 'rebuilt' : null,
      startAt, startTimer: null,
      runner: null as unknown as Runner,
    };
    copy.runner = new Runner(store, sync, this.now, {
      status: (s) => this.d.events.emit('local.progress', s),
      changed: (areas) => this.d.events.emit('local.changed', { areas: areas as AreaKey[] }),
      rebound: (why) => { copy.notice = why; },
    }, source.business, this.monotonic);
    this.copy = copy;
    this.timer = setInterval(() => { if (this.focused) this.syncNow(); }, this.d.syncIntervalMs ?? DEFAULT_SYNC_INTERVAL_MS);
    this.timer.unref?.();
    // Every open learns the business again; after a key change nothing is served until a read under it succeeds.
    const keyChanged = this.settings.needsRebind(profileId);
    if (keyChanged) this.unverifyAll(copy);
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
    if (!c) return false;
    const deniedDue = this.monotonic() - this.lastDeniedRetry >= DENIED_RETRY_MS;
    const want = merge(c.pending, { ...o, retryDenied: o.retryDenied || deniedDue });
    const wait = c.startAt - this.monotonic();
    if (c.startTimer && wait <= 0) { clearTimeout(c.startTimer); c.startTimer = null; }
    if (c.running || c.startTimer) { c.pending = want; return true; }
    if (wait > 0) {
      c.pending = want;
      c.startTimer = setTimeout(() => { c.startTimer = null; if (this.copy === c) this.syncNow(); }, wait);
      c.startTimer.unref?.();
      return true;
    }
    c.pending = null;
    if (want.retryDenied) this.lastDeniedRetry = this.monotonic();
    c.running = c.runner.run(c.controller.signal, want)
      .then((end) => {
        if (end === 'stopped') return;
        if (want.bind && end === 'done') this.settings.setRebind(c.profileId, false);
        const online = end !== 'offline';
        const paused = end === 'busy' || end === 'refused' ? end : null;
        // A bind that did not finish is tried again by the next pass.
        if (want.bind && end !== 'done') c.pending = merge(c.pending, { bind: true, keyChanged: want.keyChanged });
        if (c.online === online && c.paused === paused) return;
        c.online = online;
        c.paused = paused;
        this.d.events.emit('local.online', { online, paused });
      })
      .catch((err: unknown) => this.d.log.error('local copy pass failed', { error: err }))
      .finally(() => {
        c.running = null;
        if (c.pending && this.copy === c && !c.controller.signal.aborted) this.syncNow(c.pending);
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
    c.controller.abort();
    c.pending = null;
    while (c.running) await c.running;
    if (this.copy !== c) return;
    c.controller = new AbortController();
    this.unverifyAll(c);
    this.syncNow({ bind: true, keyChanged: true, retryDenied: true });
  }

  /** The API refused the key a read (403 insufficient_permission): the areas behind that permission are emptied now. */
  denied(profileId: string, routeId: RouteId): void {
    const c = this.copy;
    if (!c || c.profileId !== profileId) return;
    const needed = requiredPermissions(routeId, undefined);
    if (needed.length !== 1) return;
    for (const a of Object.values(LOCAL_AREAS)) if (a.permission === needed[0] && !c.store.meta(a.area).denied) c.runner.deny(a.area, null);
  }

  /** What a write answered, applied at once to the areas the key reads; a cycle follows shortly. */
  wrote(profileId: string, routeId: RouteId, params: Record<string, string> | undefined, data: unknown): void {
    const c = this.copy;
    if (!c || c.profileId !== profileId || ROUTES[routeId].method === 'GET') return;
    try {
      const applied = applyWrite(c.store, routeId, params, data, (area) => this.readable(c, area));
      if (applied.areas.length) this.d.events.emit('local.changed', { areas: applied.areas as AreaKey[] });
      if (applied.reread.length && this.readable(c, 'expense-payments')) {
        void new AreaSync(c.store, apiSource(this.d.api, profileId), this.now).reread('expense-payments', applied.reread.map((r) => r.id), c.controller.signal).catch(() => undefined);
      }
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
    if (area) this.d.events.emit('local.changed', { areas: [area as AreaKey] });
  }

  query(input: LocalQueryInput) {
    const c = this.serving(input.area);
    const m = c.store.meta(input.area);
    return runQuery(c.store, input, m.filled, m.last_sync);
  }

  aggregate(input: LocalAggregateInput) {
    const c = this.serving(input.area);
    const m = c.store.meta(input.area);
    return runAggregate(c.store, input, m.filled, m.last_sync);
  }

  status(): LocalStatus {
    const c = this.copy;
    return {
      enabled: c !== null, storage: c ? (c.memory ? 'memory' : 'file') : 'none', encrypted: c?.encrypted ?? false, online: c?.online ?? false, paused: c?.paused ?? null,
      areas: LOCAL_AREA_KEYS.map((area) => c ? c.runner.status(area, true) : ({ area, state: 'off' as const, records: 0, ready: false, last_sync: null, last_deletion_check: null, progress: null, message: null, held_aside: 0, held: [] })),
      notice: c?.notice ?? null,
    };
  }

  /** Turns the copy of a profile off (its file goes) or on again. */
  async setEnabled(profileId: string, enabled: boolean): Promise<void> {
    this.settings.setDisabled(profileId, !enabled);
    if (!enabled) await this.remove(profileId);
    else this.refill(profileId);
  }

  /** Removes a profile's copy and starts it again from nothing (in a new file, under a new key). */
  async forget(profileId: string): Promise<void> {
    await this.remove(profileId);
    this.refill(profileId);
  }

  /** The profile is gone (or its copy forgotten, or turned off): its pass stops, its file closes, then the file and its key go. */
  async remove(profileId: string): Promise<void> {
    if (this.copy?.profileId === profileId) await this.close();
    if (!this.d.host || !this.files) return;
    this.files.remove(profileId);
    this.d.host.forgetCopyKey(profileId);
    this.settings.setRebind(profileId, false);
  }

  /** Also forgets what is kept of a removed profile's copy settings. */
  async removeProfile(profileId: string): Promise<void> {
    await this.remove(profileId);
    this.settings.forget(profileId);
  }

  /** Stops the running pass and closes the file (quit, profile switch): settles once the file is closed. */
  async close(): Promise<void> {
    const c = this.copy;
    if (!c) return;
    this.copy = null;
    if (this.timer) clearInterval(this.timer);
    if (this.writeTimer) clearTimeout(this.writeTimer);
    if (c.startTimer) clearTimeout(c.startTimer);
    this.timer = null;
    c.controller.abort();
    while (c.running) await c.running;
    try { c.store.db.close(); } catch { /* already closed */ }
  }

  /** What the copy keeps in main's memory that a page's questions can grow: each is bounded (tests measure it). */
  footprint(): { statements: number; answers_bytes: number; counts_bytes: number; rank_epochs: number } | null {
    const c = this.copy;
    if (!c) return null;
    const bytes = cachedBytes(c.store);
    return { statements: c.store.db.statementsHeld(), answers_bytes: bytes.answers, counts_bytes: bytes.counts, rank_epochs: LOCAL_AREA_KEYS.reduce((n, a) => n + c.store.ranks.epoch(a), 0) };
  }

  /** Waits for the pass in flight (tests and quit). */
  async idle(): Promise<void> {
    while (this.copy?.running || this.copy?.startTimer) {
      if (this.copy.running) await this.copy.running;
      else await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Opens a copy filled anew; past REFILLS_AT_ONCE in a row, its first pass waits for the bucket. */
  private refill(profileId: string): void {
    const now = this.monotonic();
    const b = this.refills;
    const topped = Math.min(REFILLS_AT_ONCE, b.level + (now - b.at) / REFILL_EVERY_MS);
    const wait = topped >= 1 ? 0 : (1 - topped) * REFILL_EVERY_MS;
    // A refill still waiting when the next one comes never ran: the wait does not pile up past one interval.
    this.refills = { level: Math.max(topped - 1, 0), at: now };
    this.activate(this.d.profiles.active()?.id === profileId ? profileId : null, now + wait);
  }

  private unverifyAll(c: Copy): void {
    for (const area of LOCAL_AREA_KEYS) c.store.setMeta(area, { verified: false });
    for (const area of LOCAL_AREA_KEYS) this.d.events.emit('local.progress', c.runner.status(area, true));
  }

  private readable(c: Copy, area: string): boolean {
    const m = c.store.meta(area);
    return m.verified && !m.denied;
  }

  /** The copy, when it may serve this area: not for an area the key may not read, nor one not yet checked under the key. */
  private serving(area: string): Copy {
    const c = this.copy;
    if (!c) throw new CoreError('invalid_request', 'The local copy is off for this profile.', { code: 'local_copy_off' });
    const m = c.store.meta(area);
    if (m.denied) throw new CoreError('invalid_request', 'The API key may not read this area; the local copy holds none of it.', { code: 'local_area_denied' });
    if (!m.verified) throw new CoreError('invalid_request', 'This area of the local copy is being checked under the current API key; read it from the API meanwhile.', { code: 'local_area_unchecked' });
    return c;
  }
}
