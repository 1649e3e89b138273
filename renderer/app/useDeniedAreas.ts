import { useEffect, useMemo, useState } from 'react';
import type { ProfileMeta } from '../../shared';
import type { AccessReport } from '../rules/access';

type AccessModule = typeof import('../rules/access');
const NONE: ReadonlySet<string> = new Set();

/**
 * Areas closed to the active key, for the navigation's locks. The rule reads the route table, which
 * the first screen does not otherwise need: it is loaded once there is something to decide (the
 * connection test answered, or an area refused), so the first paint does not wait for it.
 */
export function useDeniedAreas(profile: ProfileMeta, report: AccessReport | null, seen403: ReadonlySet<string>): ReadonlySet<string> {
  const [access, setAccess] = useState<AccessModule | null>(null);
  const needed = report !== null || seen403.size > 0;
  useEffect(() => {
    if (needed && !access) void import('../rules/access').then((m) => setAccess(() => m));
  }, [needed, access]);
  return useMemo(() => (access ? access.deniedAreas(profile, report, seen403) : NONE), [access, profile, report, seen403]);
}
