import { Button } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { useWrite } from '../../data/useWrite';
import { useActiveProfile } from '../../session/activeProfile';
import type { ResourceDecl } from '../../resources/types';
import { useGo } from '../../nav/links';
import { toRecord } from '../../nav/paths';
import { notify } from '../../kit/notify';
import { forgetDeleted } from '../../session/recentlyDeleted';
import { usePermissionFacts } from '../../session/usePermissions';
import { missingFor } from '../../rules/permissions';
import { WriteProblem } from '../form/WriteProblem';

/** Restores a soft-deleted record (spec section 3) and opens it. */
export function RestoreButton({ decl, id, name, compact }: { decl: ResourceDecl; id: string; name: string; compact?: boolean }) {
  const { t } = useT();
  const go = useGo();
  const { active } = useActiveProfile();
  const facts = usePermissionFacts();
  const route = decl.writes!.restore!.route;
  const w = useWrite({ route, area: decl.area, id, params: { id }, name, action: 'restore', ...(decl.detail.route ? { readRoute: decl.detail.route } : {}) });
  const missing = missingFor(route, undefined, facts);
  const run = async () => {
    try {
      const r = await w.submit(undefined);
      forgetDeleted(active.id, decl.area, id);
      notify({ title: t('restore.done'), message: name, requestId: r.request_id || undefined });
      go(toRecord(decl.area, id));
    } catch {
      /* shown below */
    }
  };
  return (
    <>
      <Button size={compact ? 'compact-sm' : 'sm'} variant="light" leftSection={<IconRestore size={14} aria-hidden />} onClick={() => void run()} loading={w.pending} disabled={missing.length > 0} title={missing.length ? t('permissions.needs', { permissions: missing.join(', ') }) : undefined} data-testid="restore">
        {t('restore.button')}
      </Button>
      {!compact && <WriteProblem error={w.error} uncertain={w.uncertain} area={decl.area} writing={missing} />}
    </>
  );
}
