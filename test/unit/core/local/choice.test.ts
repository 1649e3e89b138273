import { describe, expect, it } from 'vitest';
import type { ProfileMeta } from '../../../../shared';
import { CopyChoice } from '../../../../electron/core/local/choice';
import { ProfileData } from '../../../../electron/core/profile-data';
import { MemoryStore } from '../../../harness/memory-host';

const profile = (id: string, session_only = false) => ({ id, session_only }) as ProfileMeta;

describe('whether a profile keeps its local copy off', () => {
  it('is per-profile data: a saved profile\'s in the settings store, a session-only one\'s in memory, gone with the profile', () => {
    const store = new MemoryStore();
    const data = new ProfileData(store);
    const choice = new CopyChoice(data, store, () => undefined);
    const saved = profile('p-saved');
    const session = profile('p-session', true);
    choice.set(saved, false);
    choice.set(session, false);
    expect([choice.isOff(saved), choice.isOff(session)]).toEqual([true, true]);
    expect(store.dump()).toContain('p-saved');
    expect(store.dump()).not.toContain('p-session');
    choice.set(saved, true);
    expect(choice.isOff(saved)).toBe(false);
    data.forget('p-session');
    expect(choice.isOff(session)).toBe(false);
    expect(data.holders().find((k) => k.storeKey === 'local_copy_off')?.profileIds).toEqual([]);
  });

  it('takes over an older build\'s list for the profiles that still exist, and drops the list', () => {
    const store = new MemoryStore();
    store.set('localCopy.disabled', ['p-kept', 'p-gone', 7]);
    const kept = profile('p-kept');
    const choice = new CopyChoice(new ProfileData(store), store, (id) => (id === kept.id ? kept : undefined));
    expect(choice.isOff(kept)).toBe(true);
    expect(choice.isOff(profile('p-gone'))).toBe(false);
    expect(store.get('localCopy.disabled')).toBeUndefined();
    expect(store.dump()).not.toContain('p-gone');
  });
});
