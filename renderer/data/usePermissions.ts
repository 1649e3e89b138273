import { useMemo } from 'react';
import { useActiveProfile } from '../app/activeProfile';
import { useAccessReport } from '../app/profiles';
import { useAccessSeen } from '../state/AccessContext';
import { factsOf, type PermissionFacts } from '../state/permissions';

/** The active key's permission facts, kept current as answers come in. */
export function usePermissionFacts(): PermissionFacts {
  const { active } = useActiveProfile();
  const report = useAccessReport(active.id);
  const { deniedWrites } = useAccessSeen();
  return useMemo(() => factsOf(active, report.data ?? null, deniedWrites), [active, report.data, deniedWrites]);
}
