import type { JsonStore } from './ports';

/** Whose data: a profile's id, and whether it lives in memory only (a session-only profile). */
export interface DataOwner {
  id: string;
  session_only: boolean;
}

/**
 * One kind of data kept per connection profile in main: a saved profile's in the settings store
 * (under one key, by profile id), a session-only profile's in memory only, so nothing of it is
 * written to disk or outlives the session. What the store holds is parsed on the way out: a
 * hand-edited or older file costs an entry, never a start.
 */
export class ProfileScoped<T> {
  private readonly memory = new Map<string, T>();

  constructor(
    private readonly store: JsonStore,
    /** The settings store's key for this kind (also its name in the at-rest listing). */
    readonly storeKey: string,
    private readonly parse: (raw: unknown) => T | null,
  ) {}

  get(owner: DataOwner): T | null {
    if (owner.session_only) return this.memory.get(owner.id) ?? null;
    const raw = this.stored()[owner.id];
    return raw === undefined ? null : this.parse(raw);
  }

  set(owner: DataOwner, value: T): void {
    if (owner.session_only) this.memory.set(owner.id, value);
    else this.store.set(this.storeKey, { ...this.stored(), [owner.id]: value });
  }

  /** Everything of this profile, on disk and in memory. */
  forget(profileId: string): void {
    this.memory.delete(profileId);
    const all = this.stored();
    if (!Object.hasOwn(all, profileId)) return;
    delete all[profileId];
    this.store.set(this.storeKey, all);
  }

  /** The profiles this holds anything of, on disk and in memory. */
  profileIds(): string[] {
    return [...new Set([...Object.keys(this.stored()), ...this.memory.keys()])];
  }

  private stored(): Record<string, unknown> {
    const raw = this.store.get<unknown>(this.storeKey);
    return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? { ...(raw as Record<string, unknown>) } : {};
  }
}

/**
 * Every kind of per-profile data main keeps (activity, table views, the lists the API has no route
 * for), so that removing a profile removes all of it, and data an older build left behind for a
 * profile that no longer exists is dropped when the app starts.
 */
export class ProfileData {
  private readonly kinds: ProfileScoped<unknown>[] = [];

  constructor(private readonly store: JsonStore) {}

  /** A new kind of per-profile data, registered so that forget() and prune() reach it. */
  kind<T>(storeKey: string, parse: (raw: unknown) => T | null): ProfileScoped<T> {
    if (this.kinds.some((k) => k.storeKey === storeKey)) throw new Error(`per-profile data "${storeKey}" is declared twice`);
    const scoped = new ProfileScoped<T>(this.store, storeKey, parse);
    this.kinds.push(scoped as ProfileScoped<unknown>);
    return scoped;
  }

  forget(profileId: string): void {
    for (const k of this.kinds) k.forget(profileId);
  }

  /** Drops the data of every profile not in `existing` (left by an older build, or by a session-only profile). */
  prune(existing: ReadonlySet<string>): void {
    for (const k of this.kinds) for (const id of k.profileIds()) if (!existing.has(id)) k.forget(id);
  }

  /** Each kind with the profiles it holds data of. */
  holders(): { storeKey: string; profileIds: string[] }[] {
    return this.kinds.map((k) => ({ storeKey: k.storeKey, profileIds: k.profileIds() }));
  }
}
