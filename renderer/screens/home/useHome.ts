import { useState } from 'react';
import type { LocalAreaStatus } from '../../../shared';
import { useLocalStatus } from '../../data/localCopy';
import { dayIn } from '../../lib/calendar';
import { userTimeZone } from '../../lib/zone';
import type { HomeContext } from '../../resources/home';

export interface HomeNow extends HomeContext {
  /** The user's time zone, in which date ranges of moments (a lead's last change) start. */
  zone: string;
}

/** Today on the user's clock, fixed for the screen's life (a figure does not move under the pointer at midnight). */
export function useHomeNow(): HomeNow {
  const [now] = useState(() => {
    const zone = userTimeZone();
    return { zone, today: dayIn(Date.now(), zone) };
  });
  return now;
}

/** The copy's state of the areas a section reads: all filled, or what is still missing. */
export function useAreasState(areas: readonly string[]): { ready: boolean; missing: LocalAreaStatus[]; asOf: string | null } {
  const status = useLocalStatus().data;
  const states = areas.map((a) => status?.areas.find((x) => x.area === a));
  const missing = states.filter((s): s is LocalAreaStatus => s !== undefined && !s.ready);
  const ready = status?.enabled === true && states.every((s) => s?.ready === true);
  // The oldest of their last syncs: every figure is at least as fresh as this.
  const syncs = states.map((s) => s?.last_sync ?? null).filter((x): x is string => x !== null).sort();
  return { ready, missing, asOf: syncs[0] ?? null };
}
