import { useMemo, useSyncExternalStore } from 'react';
import { useActiveProfile } from './activeProfile';
import type { ProfileList } from './profileList';

/** The active profile's entries of a profile list, kept current as it changes. */
export function useProfileList<T>(list: ProfileList<T>): T[] {
  const { active } = useActiveProfile();
  // The snapshot is text: a new array on every read would render forever.
  const text = useSyncExternalStore(list.subscribe, () => JSON.stringify(list.read(active.id)));
  return useMemo(() => JSON.parse(text) as T[], [text]);
}
