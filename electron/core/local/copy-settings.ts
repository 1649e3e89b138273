import type { JsonStore } from '../ports';

const DISABLED_KEY = 'localCopy.disabled';
const REBIND_KEY = 'localCopy.rebind';

/**
 * What main remembers of each profile's copy beside the copy itself: whether the user turned it off,
 * and whether its key was replaced since the copy last learned its business (kept in the settings,
 * so a quit before that pass cannot leave a copy served under a key it was not checked against).
 */
export class CopySettings {
  constructor(private readonly store: JsonStore) {}

  isDisabled(profileId: string): boolean {
    return this.list(DISABLED_KEY).includes(profileId);
  }

  setDisabled(profileId: string, disabled: boolean): void {
    this.put(DISABLED_KEY, profileId, disabled);
  }

  needsRebind(profileId: string): boolean {
    return this.list(REBIND_KEY).includes(profileId);
  }

  setRebind(profileId: string, rebind: boolean): void {
    this.put(REBIND_KEY, profileId, rebind);
  }

  /** The profile is gone: nothing of it stays. */
  forget(profileId: string): void {
    this.put(DISABLED_KEY, profileId, false);
    this.put(REBIND_KEY, profileId, false);
  }

  private list(key: string): string[] {
    const v = this.store.get<unknown>(key);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  }

  private put(key: string, profileId: string, on: boolean): void {
    const now = this.list(key);
    if (now.includes(profileId) === on) return;
    this.store.set(key, on ? [...now, profileId] : now.filter((id) => id !== profileId));
  }
}
