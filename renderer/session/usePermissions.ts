import { useCallback, useMemo, useSyncExternalStore } from 'react';
import type { LocalStatus, RouteId } from '../../shared';
import { useT } from '../i18n';
import { useActiveProfile } from './activeProfile';
import { useAccessReport } from './profiles';
import { useAccessSeen } from './AccessContext';
import { blockOf, factsOf, writesOffline, type PermissionFacts } from '../rules/permissions';
import { outboxBlockOf } from '../rules/outbox';
import { deniedAreas } from '../rules/access';
import { networkState, subscribeNetwork } from '../bridge/network';
import { useLocalKept, useLocalStatusPart } from '../data/localCopy';

/** The active key's permission facts, kept current as answers come in. */
export function usePermissionFacts(): PermissionFacts {
  const { active } = useActiveProfile();
  const report = useAccessReport(active.id);
  const { deniedWrites } = useAccessSeen();
  return useMemo(() => factsOf(active, report.data ?? null, deniedWrites), [active, report.data, deniedWrites]);
}

/**
 * Why the active key cannot make a write, in words (null when nothing is known against it): the
 * business has the feature off, or the key lacks permissions. `form`: said on a form that cannot be saved.
 */
export function useWriteBlock(): (route: RouteId, form?: boolean) => string | null {
  const facts = usePermissionFacts();
  const { t } = useT();
  // Offline, a write is kept in the outbox to send later: offered when the outbox can take it.
  const net = useSyncExternalStore(subscribeNetwork, networkState);
  const local = useLocalKept();
  const offline = writesOffline(net, local);
  return useCallback((route, form = false) => {
    const kept = offline ? outboxBlockOf(route, facts, local) : null;
    if (kept) return t(kept === 'copy_off' ? 'write.needsConnection' : 'outbox.needsConnectionUnproven');
    const b = blockOf(route, undefined, facts);
    if (!b) return null;
    if (b.kind === 'feature') return t(form ? 'permissions.formFeatureOff' : 'permissions.featureOff');
    return t(form ? 'permissions.formNeeds' : 'permissions.needs', { permissions: b.permissions.join(', ') });
  }, [facts, t, offline, local]);
}

/** Areas the copy's own walk found the key may not read. */
const deniedByCopy = (s: LocalStatus) => s.areas.filter((a) => a.state === 'denied').map((a) => a.area);

/**
 * Whether the active key may read an area, as far as is known: not refused by the connection test,
 * by a 403 in this session, or by the local copy's own walk. Unknown counts as readable.
 */
export function useCanRead(): (area: string) => boolean {
  const { active } = useActiveProfile();
  const report = useAccessReport(active.id);
  const { seen403 } = useAccessSeen();
  const copyDenied = useLocalStatusPart(deniedByCopy);
  const denied = useMemo(() => deniedAreas(active, report.data ?? null, seen403), [active, report.data, seen403]);
  return useCallback((area) => !denied.has(area) && !copyDenied?.includes(area), [denied, copyDenied]);
}
