import { useMemo } from 'react';
import { asBridgeError, callRoute } from '../../bridge/call';
import { notify } from '../../kit/notify';
import { usePermissionFacts } from '../../session/usePermissions';
import { useT } from '../../i18n';
import { declOf } from '../../resources/lookup';
import { useGo } from '../../nav/links';
import { toAction, toDrawer } from '../../nav/paths';
import { missingFor } from '../../rules/permissions';

/** The review status an expense waits in before someone approves it (spec section 3). */
const WAITING = 'needs_review';

/**
 * "Approve the next expense": the newest expense waiting for review, at its approve form when the
 * area declares one, else in the drawer over the expenses (where its approve button is). Offered
 * when the key can read expenses and is not known to lack the approve permission.
 */
export function useNextExpense(readable: boolean): { label: string; run: () => void } | null {
  const { t } = useT();
  const go = useGo();
  const facts = usePermissionFacts();
  const approve = declOf('expenses')?.writes?.actions?.find((a) => a.key === 'approve');
  const allowed = !approve || missingFor(approve.route, undefined, facts).length === 0;
  return useMemo(() => {
    if (!readable || !allowed) return null;
    return {
      label: approve ? t('palette.approveNext') : t('palette.reviewNext'),
      run: () => void callRoute('expenses.list', { query: { status: WAITING, limit: 1 } }).then((r) => {
        const id = r.data[0]?.id;
        if (!id) notify({ title: t('palette.noneWaiting') });
        else if (approve?.form) go(toAction('expenses', id, approve.key));
        else go(toDrawer('expenses', id));
      }, (e: unknown) => notify({ title: t('errors.title'), message: t(`errors.kind.${asBridgeError(e).kind}`), tone: 'error' })),
    };
  }, [readable, allowed, approve, t, go]);
}
