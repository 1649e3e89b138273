import { useMemo } from 'react';
import { deletedList, type DeletedEntry } from './recentlyDeleted';
import { useProfileList } from './useProfileList';

/** This profile's recently deleted records of one area, newest first. */
export function useDeleted(area: string): DeletedEntry[] {
  const all = useProfileList(deletedList);
  return useMemo(() => all.filter((e) => e.area === area), [all, area]);
}
