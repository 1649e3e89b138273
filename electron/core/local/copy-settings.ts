import type { JsonStore } from '../ports';
import { SETTINGS_KEYS } from '../settings-schema';

const DISABLED_KEY = SETTINGS_KEYS.localCopyOff;
const REBIND_KEY = SETTINGS_KEYS.localCopyRebind;

/**
 * What main remembers of each profile's copy beside the copy itself: whether the user turned it off,
 * and whether its key was replaced since the copy last learned its business (kept in the settings,
 * so a quit before that pass cannot leave a copy served under a key it was not checked against).
 */
export class CopySettings {
  /** A session-only profile's flags: in memory, never in the settings file. */
  private readonly memory = new Map<string, Set<string>>();

  constructor(private readonly store: JsonStore, private readonly sessionOnly: (profileId: string) => boolean) {}

  isDisabled(profileId: string): boolean {
    return this.list(DISABLED_KEY, profileId).includes(profileId);
  }

  setDisabled(profileId: string, disabled: boolean): void {
    this.put(DISABLED_KEY, profileId, disabled);
  }

  needsRebind(profileId: string): boolean {
    return this.list(REBIND_KEY, profileId).includes(profileId);
  }

  setRebind(profileId: string, rebind: boolean): void {
    this.put(REBIND_KEY, profileId, rebind);
  }

  /** The profile is gone: nothing of it stays. */
  forget(profileId: string): void {
    this.put(DISABLED_KEY, profileId, false);
    this.put(REBIND_KEY, profileId, false);
  }

  private list(key: string, profileId?: string): string[] {
    if (profileId !== undefined && this.sessionOnly(profileId)) return [...this.memory.get(key) ?? []];
    const v = this.store.get<unknown>(key);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  }

  private put(key: string, profileId: string, on: boolean): void {
    const held = this.memory.get(key) ?? new Set<string>();
    this.memory.set(key, held);
    if (on && this.sessionOnly(profileId)) { held.add(profileId); return; }
    held.delete(profileId);
    const now = this.list(key);
    if (now.includes(profileId) === on) return;
    this.store.set(key, on ? [...now, profileId] : now.filter((id) => id !== profileId));
  }
}
