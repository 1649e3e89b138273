import type { ProfileMeta } from '../../../shared';
import type { JsonStore } from '../ports';
import type { ProfileData, ProfileScoped } from '../profile-data';

/** Where an older build kept the ids of the profiles whose copy is off (one list for all). */
const LEGACY_KEY = 'localCopy.disabled';

/**
 * Whether a profile's local copy is off: per-profile data like the rest, so it goes with the
 * profile, is dropped at start for a profile that is gone, and stays in memory for a session-only one.
 */
export class CopyChoice {
  private readonly off: ProfileScoped<true>;

  constructor(data: ProfileData, store: JsonStore, profileOf: (id: string) => ProfileMeta | undefined) {
    this.off = data.kind('local_copy_off', (raw) => (raw === true ? true : null));
    // The older list, moved over once: the user's choice is kept for each profile that still exists.
    const legacy = store.get<unknown>(LEGACY_KEY);
    if (legacy === undefined) return;
    for (const id of Array.isArray(legacy) ? legacy : []) {
      const owner = typeof id === 'string' ? profileOf(id) : undefined;
      if (owner) this.off.set(owner, true);
    }
    store.delete(LEGACY_KEY);
  }

  isOff(owner: ProfileMeta): boolean {
    return this.off.get(owner) === true;
  }

  set(owner: ProfileMeta, enabled: boolean): void {
    if (enabled) this.off.forget(owner.id);
    else this.off.set(owner, true);
  }
}
