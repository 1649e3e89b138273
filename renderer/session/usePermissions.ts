import { useCallback, useMemo } from 'react';
import type { RouteId } from '../../shared';
import { useT } from '../i18n';
import { useActiveProfile } from './activeProfile';
import { useAccessReport } from './profiles';
import { useAccessSeen } from './AccessContext';
import { blockOf, factsOf, type PermissionFacts } from '../rules/permissions';

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
  return useCallback((route, form = false) => {
    const b = blockOf(route, undefined, facts);
    if (!b) return null;
    if (b.kind === 'feature') return t(form ? 'permissions.formFeatureOff' : 'permissions.featureOff');
    return t(form ? 'permissions.formNeeds' : 'permissions.needs', { permissions: b.permissions.join(', ') });
  }, [facts, t]);
}
