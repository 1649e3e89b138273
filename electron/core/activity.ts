import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ACTIVITY_LIMIT, activityEntrySchema, type ActivityEntry, type ActivityRecord } from '../../shared';
import type { JsonStore } from './ports';
import { redactValue } from './redact';

const STORE_KEY = 'activity';
const storedLogs = z.record(z.string(), z.array(z.unknown()));

/**
 * The writes made from the app, per profile, newest first and at most ACTIVITY_LIMIT: kept in the
 * settings store so they survive a restart. A session-only profile's log lives in memory, like its key.
 */
export class ActivityLog {
  private readonly session = new Map<string, ActivityEntry[]>();

  constructor(
    private readonly store: JsonStore,
    private readonly secrets: () => Iterable<string>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  record(profileId: string, sessionOnly: boolean, entry: ActivityRecord): ActivityEntry {
    // A name is whatever the record was called: scrubbed like any other text that leaves the core.
    const full = redactValue({ ...entry, id: randomUUID(), at: this.now().toISOString() }, this.secrets()) as ActivityEntry;
    const next = [full, ...this.list(profileId, sessionOnly)].slice(0, ACTIVITY_LIMIT);
    if (sessionOnly) this.session.set(profileId, next);
    else this.store.set(STORE_KEY, { ...this.logs(), [profileId]: next });
    return full;
  }

  /** Newest first; entries that no longer parse (an older app's) are left out. */
  list(profileId: string, sessionOnly: boolean): ActivityEntry[] {
    const raw = sessionOnly ? this.session.get(profileId) ?? [] : this.logs()[profileId] ?? [];
    return raw.flatMap((e) => {
      const parsed = activityEntrySchema.safeParse(e);
      return parsed.success ? [parsed.data] : [];
    });
  }

  /** A removed profile's history goes with it. */
  forget(profileId: string): void {
    this.session.delete(profileId);
    const logs = this.logs();
    if (!(profileId in logs)) return;
    delete logs[profileId];
    this.store.set(STORE_KEY, logs);
  }

  private logs(): Record<string, unknown[]> {
    const parsed = storedLogs.safeParse(this.store.get(STORE_KEY));
    return parsed.success ? { ...parsed.data } : {};
  }
}
