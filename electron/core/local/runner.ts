import { LOCAL_AREA_KEYS, type LocalAreaState, type LocalAreaStatus } from '../../../shared';
import { toBridgeError } from '../errors';
import type { LocalStore } from './store';
import type { AreaSync, WalkProgress } from './sync';

/**
 * One pass over every area the key can read: the first fill where it is not finished, else a
 * freshness cycle; then the deletion checks that are due. A 403 stops that area (and is
 * remembered); a lost connection ends the pass (the copy stays as it was, the UI says offline), as
 * does a service that stays busy or refuses the key (the UI says that instead).
 */
export const DELETION_CHECK_EVERY_MS = 24 * 60 * 60 * 1000;

export interface RunHooks {
  status(s: LocalAreaStatus): void;
  changed(areas: string[]): void;
}

export interface RunOptions {
  /** Check deletions in every area now (on demand), not only where a day has passed. */
  deletions: boolean;
  /** Try areas a 403 stopped before (a Sync now after the key changed). */
  retryDenied: boolean;
}

/** `busy`: 429 / 503 past the retries; `refused`: the key was refused (the service answered both). */
export type RunEnd = 'done' | 'offline' | 'busy' | 'refused' | 'stopped';

const OFFLINE_KINDS = new Set(['network', 'timeout', 'unknown_outcome']);
/** The areas whose screens read again when an area's records changed: an expense's payments change with it. */
const changedWith = (area: string): string[] => (area === 'expenses' ? ['expenses', 'expense-payments'] : [area]);

export class Runner {
  private readonly busy = new Map<string, { state: LocalAreaState; progress: WalkProgress | null }>();
  private readonly errors = new Map<string, string>();

  constructor(private readonly store: LocalStore, private readonly sync: AreaSync, private readonly now: () => Date, private readonly hooks: RunHooks) {}

  status(area: string, enabled: boolean): LocalAreaStatus {
    const m = this.store.meta(area);
    const b = this.busy.get(area);
    const error = this.errors.get(area) ?? null;
    const state: LocalAreaState = !enabled ? 'off' : b ? b.state : m.denied ? 'denied' : error ? 'error' : m.filled ? 'ready' : 'empty';
    return {
      area: area as LocalAreaStatus['area'], state, records: this.store.count(area), ready: m.filled,
      last_sync: m.last_sync, last_deletion_check: m.last_deletion_check, progress: b?.progress ?? null,
      message: m.denied ? (m.message ?? 'The API key may not read this area.') : error,
    };
  }

  async run(signal: AbortSignal, o: RunOptions): Promise<RunEnd> {
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
    const day = this.now().getTime() - DELETION_CHECK_EVERY_MS;
    for (const area of LOCAL_AREA_KEYS) {
      const m = this.store.meta(area);
      if (!m.filled || m.denied) continue;
      if (!o.deletions && m.last_deletion_check !== null && Date.parse(m.last_deletion_check) > day) continue;
      const end = await this.step(area, signal, async () => {
        if (await this.sync.checkDeletions(area, signal, (p) => this.set(area, 'syncing', p))) this.hooks.changed(changedWith(area));
      }, 'syncing');
      if (end !== 'done') return end;
    }
    return 'done';
  }

  private set(area: string, state: LocalAreaState, progress: WalkProgress | null): void {
    this.busy.set(area, { state, progress });
    this.hooks.status(this.status(area, true));
  }

  private async step(area: string, signal: AbortSignal, work: () => Promise<void>, state: LocalAreaState): Promise<RunEnd> {
    this.set(area, state, null);
    try {
      await work();
      this.errors.delete(area);
      if (this.store.meta(area).denied) this.store.setMeta(area, { denied: false, message: null });
      return 'done';
    } catch (err) {
      if (signal.aborted) return 'stopped';
      const e = toBridgeError(err);
      if (e.kind === 'api' && e.status === 403 && e.code === 'insufficient_permission') {
        this.store.setMeta(area, { denied: true, message: e.message.slice(0, 300) });
        return 'done';
      }
      if (OFFLINE_KINDS.has(e.kind)) return 'offline';
      if (e.kind === 'api' && (e.status === 429 || e.status === 503)) return 'busy';
      if (e.kind === 'api' && (e.status === 401 || e.status === 403)) return 'refused';
      this.errors.set(area, e.message.slice(0, 300));
      return 'done';
    } finally {
      this.busy.delete(area);
      this.hooks.status(this.status(area, true));
    }
  }
}
