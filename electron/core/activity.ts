import { randomUUID } from 'node:crypto';
import { ACTIVITY_LIMIT, activityEntrySchema, type ActivityEntry, type ActivityRecord } from '../../shared';
import type { DataOwner, ProfileData, ProfileScoped } from './profile-data';
import { redactValue } from './redact';
import { SETTINGS_KEYS } from './settings-schema';

/** Entries that no longer parse (an older app's) are left out, not the whole log. */
const parseLog = (raw: unknown): ActivityEntry[] | null =>
  Array.isArray(raw) ? raw.flatMap((e) => { const p = activityEntrySchema.safeParse(e); return p.success ? [p.data] : []; }) : null;

/**
 * The writes made from the app, per profile, newest first and at most ACTIVITY_LIMIT: kept in the
 * settings store so they survive a restart. A session-only profile's log lives in memory, like its key.
 */
export class ActivityLog {
  private readonly logs: ProfileScoped<ActivityEntry[]>;

  constructor(
    data: ProfileData,
    private readonly secrets: () => Iterable<string>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.logs = data.kind(SETTINGS_KEYS.activity, parseLog);
  }

  record(owner: DataOwner, entry: ActivityRecord): ActivityEntry {
    // A name is whatever the record was called: scrubbed like any other text that leaves the core.
    const full = redactValue({ ...entry, id: randomUUID(), at: this.now().toISOString() }, this.secrets()) as ActivityEntry;
    this.logs.set(owner, [full, ...this.list(owner)].slice(0, ACTIVITY_LIMIT));
    return full;
  }

  /** Newest first. */
  list(owner: DataOwner): ActivityEntry[] {
    return this.logs.get(owner) ?? [];
  }
}
