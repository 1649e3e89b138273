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
    return this.has(DISABLED_KEY, profileId);
  }

  setDisabled(profileId: string, disabled: boolean): void {
    this.put(DISABLED_KEY, profileId, disabled);
  }

  needsRebind(profileId: string): boolean {
    return this.has(REBIND_KEY, profileId);
  }

  setRebind(profileId: string, rebind: boolean): void {
    this.put(REBIND_KEY, profileId, rebind);
  }

  /** The profile is gone: nothing of it stays. */
  forget(profileId: string): void {
    this.put(DISABLED_KEY, profileId, false);
    this.put(REBIND_KEY, profileId, false);
  }

  private has(key: string, profileId: string): boolean {
    return this.sessionOnly(profileId) ? this.memory.get(key)?.has(profileId) === true : this.stored(key).includes(profileId);
  }

  private stored(key: string): string[] {
    const v = this.store.get<unknown>(key);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  }

  /** On: in memory for a session-only profile, in the settings otherwise. Off: from both (a removed profile is no longer known as session-only). */
  private put(key: string, profileId: string, on: boolean): void {
    const held = this.memory.get(key) ?? new Set<string>();
    this.memory.set(key, held);
    if (on && this.sessionOnly(profileId)) { held.add(profileId); return; }
    held.delete(profileId);
    const now = this.stored(key);
    if (now.includes(profileId) === on) return;
    this.store.set(key, on ? [...now, profileId] : now.filter((id) => id !== profileId));
  }
}
