import { useCallback } from 'react';
import type { OutboxEntry } from '../../../shared';
import { useT } from '../../i18n';
import { notify } from '../../kit/notify';
import { useGo } from '../../nav/links';
import { toOutboxEntry, type ScreenTarget } from '../../nav/paths';

/** A form's write kept in the outbox to send later: said so (with the way to it), and on to where a save leads. */
export function useOnKept(): (entry: OutboxEntry, name: string, to: ScreenTarget) => void {
  const { t } = useT();
  const go = useGo();
  return useCallback((entry, name, to) => {
    notify({ title: t('outbox.keptTitle'), message: t('outbox.keptBody', { name: entry.name ?? name }), link: { screen: toOutboxEntry(entry.id), label: t('outbox.openOutbox') } });
    go(to, { replace: true });
  }, [t, go]);
}
