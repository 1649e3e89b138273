import { useMemo, useSyncExternalStore } from 'react';
import { useActiveProfile } from '../app/activeProfile';
import { readDeleted, subscribeDeleted, type DeletedEntry } from './recentlyDeleted';

/** This profile's recently deleted records of one area, newest first. */
export function useDeleted(area: string): DeletedEntry[] {
  const { active } = useActiveProfile();
  const text = useSyncExternalStore(subscribeDeleted, () => JSON.stringify(readDeleted(active.id)));
  return useMemo(() => (JSON.parse(text) as DeletedEntry[]).filter((e) => e.area === area), [text, area]);
}
