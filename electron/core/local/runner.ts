import { LOCAL_AREA_KEYS, type LocalAreaState, type LocalAreaStatus } from '../../../shared';
import { toBridgeError } from '../errors';
import type { LocalStore } from './store';
import type { AreaSync, WalkProgress } from './sync';

/**
 * One pass over every area the key can read: first the business the key belongs to (a copy holds one
 * business's records, never two), then per area the first fill where it is not finished, else a
 * freshness cycle; then the deletion checks that are due. A 403 empties that area and is remembered;
 * a lost connection ends the pass (the copy stays as it was, the UI says offline), as does a service
 * that stays busy or refuses the key (the UI says that instead).
 */
export const DELETION_CHECK_EVERY_MS = 24 * 60 * 60 * 1000;
/** A last check stamped this far in the future: the computer's clock was set back since, so the check is due. */
const CLOCK_SLACK_MS = 5 * 60 * 1000;
/** Held-aside records listed in an area's status (the count says how many in all). */
export const HELD_SHOWN = 20;

export interface RunHooks {
  status(s: LocalAreaStatus): void;
  changed(areas: string[]): void;
  /** The copy belonged to another business (or one the key could not name after a key change): it was emptied. */
  rebound(why: 'business_changed'): void;
}

export interface RunOptions {
  /** Check deletions in every area now (on demand), not only where a day has passed. */
  deletions: boolean;
  /** Try areas a 403 stopped before (a Sync now, the slow retry schedule). */
  retryDenied: boolean;
  /** Learn the business behind the key first (a copy opened, a key replaced). */
  bind: boolean;
  /** The key was replaced: a business that cannot be named empties the copy. */
  keyChanged: boolean;
}

/** `busy`: 429 / 503 past the retries; `refused`: the key was refused (the service answered both). */
export type RunEnd = 'done' | 'offline' | 'busy' | 'refused' | 'stopped';

/** The business behind the key, or null when the key may not read it (403). */
export type BusinessOf = (signal: AbortSignal) => Promise<string | null>;

/** A walk's progress goes to main (and on to every window) at most this often. */
const PROGRESS_EVERY_MS = 100;
const OFFLINE_KINDS = new Set(['network', 'timeout', 'unknown_outcome']);
/** The areas whose screens read again when an area's records changed: an expense's payments change with it. */
const changedWith = (area: string): string[] => (area === 'expenses' ? ['expenses', 'expense-payments'] : [area]);
const isDenial = (e: ReturnType<typeof toBridgeError>) => e.kind === 'api' && e.status === 403 && e.code === 'insufficient_permission';

export class Runner {
  private readonly busy = new Map<string, { state: LocalAreaState; progress: WalkProgress | null }>();
  private readonly errors = new Map<string, string>();
  /** When each area's status last went to main, and the progress held back since (said after a pause). */
  private readonly said = new Map<string, { at: number; later: ReturnType<typeof setTimeout> | null }>();
  /** When each area's deletions were last checked in this session, by the monotonic clock. */
  private readonly checkedAt = new Map<string, number>();

  constructor(
    private readonly store: LocalStore,
    private readonly sync: AreaSync,
    private readonly now: () => Date,
    private readonly hooks: RunHooks,
    private readonly businessOf: BusinessOf,
    private readonly monotonic: () => number = () => performance.now(),
  ) {}

  status(area: string, enabled: boolean): LocalAreaStatus {
    const m = this.store.meta(area);
    const b = this.busy.get(area);
    const error = this.errors.get(area) ?? null;
    const state: LocalAreaState = !enabled ? 'off' : b ? b.state : m.denied ? 'denied' : error ? 'error' : m.filled ? (m.verified ? 'ready' : 'checking') : 'empty';
    const held = this.store.heldAside(area, HELD_SHOWN);
    return {
      area: area as LocalAreaStatus['area'], state, records: this.store.count(area), ready: m.filled && m.verified && !m.denied,
      last_sync: m.last_sync, last_deletion_check: m.last_deletion_check, progress: b?.progress ?? null,
      message: m.denied ? (m.message ?? 'The API key may not read this area.') : error,
      held_aside: held.count, held: held.records.map((r) => ({ id: r.id === '' ? null : r.id, reason: r.reason, at: r.at })),
    };
  }

  /** An area the key may not read: emptied at once, remembered, never served until a read succeeds again. */
  deny(area: string, message: string | null): void {
    // Said as a change when it held rows, or was not denied before: what counts on it (what is owed, on
    // payments) reads differently from now on, even when nothing of it was copied yet.
    const changed = this.store.count(area) > 0 || !this.store.meta(area).denied;
    this.store.clear(area);
    this.store.setMeta(area, { denied: true, verified: false, message: message?.slice(0, 300) ?? null });
    this.errors.delete(area);
    if (changed) this.hooks.changed(changedWith(area));
    this.say(area);
  }

  async run(signal: AbortSignal, o: RunOptions): Promise<RunEnd> {
    if (o.bind) {
      const end = await this.bind(signal, o.keyChanged);
      if (end !== 'done') return end;
    }
    for (const area of LOCAL_AREA_KEYS) {
      if (signal.aborted) return 'stopped';
      const m = this.store.meta(area);
      if (m.denied && !o.retryDenied) continue;
      const end = await this.step(area, signal, async () => {
        if (!m.filled) {
          await this.sync.fill(area, signal, (p) => this.set(area, 'filling', p));
          this.hooks.changed([area]);
        }
        // Right after a fill too: what changed while it walked is newer than its first page.
        if ((await this.sync.cycle(area, signal)).length) this.hooks.changed(changedWith(area));
      }, m.filled ? 'syncing' : 'filling');
      if (end !== 'done') return end;
    }
    for (const area of LOCAL_AREA_KEYS) {
      const m = this.store.meta(area);
      if (!m.filled || m.denied || !this.deletionsDue(area, m.last_deletion_check, o.deletions)) continue;
      const end = await this.step(area, signal, async () => {
        if (await this.sync.checkDeletions(area, signal, (p) => this.set(area, 'syncing', p))) this.hooks.changed(changedWith(area));
        this.checkedAt.set(area, this.monotonic());
      }, 'syncing');
      if (end !== 'done') return end;
    }
    return 'done';
  }

  /**
   * Whether an area's deletions are due: a day since the last check, by the monotonic clock within a
   * session (the computer's clock set ahead and back does not stop the schedule), by the stamp across
   * sessions, and at once when the stamp is in the future.
   */
  private deletionsDue(area: string, stamp: string | null, onDemand: boolean): boolean {
    if (onDemand) return true;
    const at = this.checkedAt.get(area);
    const since = at !== undefined ? this.monotonic() - at : stamp === null ? Infinity : this.now().getTime() - Date.parse(stamp);
    if (since < -CLOCK_SLACK_MS || Number.isNaN(since)) return true;
    return since >= DELETION_CHECK_EVERY_MS;
  }

  /**
   * The business the key reads. Another than the copy's: every area is emptied and filled anew (no
   * record of one business beside another's, no mark of the old one reused). After a key change, a
   * key that may not name its business empties the copy too (it cannot be shown to be the same).
   */
  async bind(signal: AbortSignal, keyChanged: boolean): Promise<RunEnd> {
    let id: string | null;
    try {
      id = await this.businessOf(signal);
    } catch (err) {
      return this.ended(err, signal) ?? 'done';
    }
    const held = this.store.fact('business_id');
    const other = id !== null ? held !== null && held !== id : keyChanged && held !== null;
    if (other || (keyChanged && id === null && LOCAL_AREA_KEYS.some((a) => this.store.count(a) > 0))) {
      for (const area of LOCAL_AREA_KEYS) this.store.clear(area);
      this.errors.clear();
      this.hooks.changed([...LOCAL_AREA_KEYS]);
      this.hooks.rebound('business_changed');
    }
    this.store.setFact('business_id', id);
    return 'done';
  }

  private set(area: string, state: LocalAreaState, progress: WalkProgress | null): void {
    const before = this.busy.get(area);
    this.busy.set(area, { state, progress });
    const said = this.said.get(area);
    // A walk's pages come every few ms: its progress goes out at most every PROGRESS_EVERY_MS, the last one after a pause.
    if (progress && before?.state === state && said && this.monotonic() - said.at < PROGRESS_EVERY_MS) {
      said.later ??= setTimeout(() => this.say(area), PROGRESS_EVERY_MS);
      return;
    }
    this.say(area);
  }

  /** The area's status to main, now (and none waiting). */
  private say(area: string): void {
    const said = this.said.get(area);
    if (said?.later) clearTimeout(said.later);
    this.said.set(area, { at: this.monotonic(), later: null });
    this.hooks.status(this.status(area, true));
  }

  /** How a failure ends the pass (null: it does not; the area alone failed). */
  private ended(err: unknown, signal: AbortSignal): RunEnd | null {
    if (signal.aborted) return 'stopped';
    const e = toBridgeError(err);
    if (OFFLINE_KINDS.has(e.kind)) return 'offline';
    if (e.kind === 'api' && (e.status === 429 || e.status === 503)) return 'busy';
    if (e.kind === 'api' && (e.status === 401 || (e.status === 403 && !isDenial(e)))) return 'refused';
    return null;
  }

  private async step(area: string, signal: AbortSignal, work: () => Promise<void>, state: LocalAreaState): Promise<RunEnd> {
    this.set(area, state, null);
    try {
      await work();
      this.errors.delete(area);
      const m = this.store.meta(area);
      if (m.denied || !m.verified) this.store.setMeta(area, { denied: false, message: null, verified: true });
      return 'done';
    } catch (err) {
      const end = this.ended(err, signal);
      if (end) return end;
      const e = toBridgeError(err);
      if (isDenial(e)) {
        this.busy.delete(area);
        this.deny(area, e.message);
        return 'done';
      }
      this.errors.set(area, e.message.slice(0, 300));
      return 'done';
    } finally {
      this.busy.delete(area);
      this.say(area);
    }
  }
}
