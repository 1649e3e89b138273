import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconChecks, IconSquareCheck, IconX } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { inlineMoney, moneyOfDecimal } from '../../lib/money';
import { askConfirm } from '../../lib/ask';
import { labelOf } from '../../resources/lookup';
import { approvable, totalsByCurrency, type BulkOutcome } from '../../rules/bulk';
import { approveMany, type BulkKeys } from '../../data/approveMany';
import { useWriteBlock } from '../../session/usePermissions';
import { ScreenLink } from '../../nav/links';
import { toRecord } from '../../nav/paths';
import { WriteGate } from '../../kit/WriteGate';
import { onPlainKey } from '../../keys/plainKey';
import { useBulkOutcomeText } from './bulkText';

type Row = Record<string, unknown>;
/** One approval of the last run: the expense as it was sent (its revision), and what it came to. */
interface Ran { id: string; name: string; record: Row; outcome: BulkOutcome }

/**
 * The review queue's bulk approval: pick expenses (checkboxes, shift for a range, x on a row, or all
 * that can be approved), confirm once with how many and their total, and each is approved in turn at
 * the revision shown with a key of its own. The result lists what was approved and, for each other,
 * why; a changed expense is offered again at its new revision, a lost answer retried with its own key.
 */
export function BulkApprove({ rows, selected, onSelect }: { rows: readonly Row[]; selected: ReadonlySet<string>; onSelect: (ids: ReadonlySet<string>) => void }) {
  const { t, locale } = useT();
  const qc = useQueryClient();
  const block = useWriteBlock()('expenses.approve');
  const text = useBulkOutcomeText();
  const keys = useRef<BulkKeys>(new Map());
  const [running, setRunning] = useState<{ done: number; n: number } | null>(null);
  const [ran, setRan] = useState<Ran[] | null>(null);
  const can = rows.filter(approvable);
  const chosen = rows.filter((r) => selected.has(String(r.id)));

  const run = useCallback(async (items: Row[], ask: boolean) => {
    if (items.length === 0 || running) return;
    if (ask) {
      const total = totalsByCurrency(items, 'total').map((x) => inlineMoney(moneyOfDecimal(x.total, x.currency, locale))).join(' + ') || '—';
      const ok = await askConfirm({ title: t('bulk.confirmTitle', { count: items.length }), body: t('bulk.confirmBody', { count: items.length, total }), confirm: t('bulk.approve', { count: items.length }) });
      if (!ok) return;
    }
    const out: Ran[] = [];
    setRan(null);
    setRunning({ done: 0, n: items.length });
    const named = items.map((r) => ({ id: String(r.id), name: labelOf('expenses', r), record: r }));
    await approveMany(qc, named, keys.current, (id, outcome) => {
      const item = named.find((x) => x.id === id)!;
      out.push({ id, name: item.name, record: item.record, outcome });
      setRunning({ done: out.length, n: items.length });
    });
    setRunning(null);
    setRan(out);
    onSelect(new Set());
  }, [running, locale, t, qc, onSelect]);

  const approveSelected = useCallback(() => void run(chosen, true), [run, chosen]);
  useEffect(() => (chosen.length > 0 && !block && !running ? onPlainKey('KeyA', approveSelected) : undefined), [chosen.length, block, running, approveSelected]);

  const approved = ran?.filter((r) => r.outcome.kind === 'approved') ?? [];
  const failed = ran?.filter((r) => r.outcome.kind !== 'approved') ?? [];
  // Changed since shown and still waiting: the version read again is the one approved next time.
  const again = failed.flatMap((r) => (r.outcome.kind === 'stale' && r.outcome.again && r.outcome.current ? [r.outcome.current] : []));
  // A lost answer is retried as it was sent (same revision, so the same key), even once the queue no
  // longer lists it because the approval did go through: the retry then gets the service's stored answer.
  const retry = failed.flatMap((r) => (r.outcome.kind === 'unknown' ? [r.record] : []));

  return (
    <Stack gap="xs" px="md" pb="xs" data-testid="bulk-approve">
      <Group gap="xs">
        <Button size="xs" variant="default" leftSection={<IconSquareCheck size={14} aria-hidden />} disabled={can.length === 0 || running !== null} onClick={() => onSelect(new Set(can.map((r) => String(r.id))))} data-testid="bulk-select-all">
          {t('bulk.selectAll', { n: can.length })}
        </Button>
        {selected.size > 0 && (
          <>
            <WriteGate reason={block}>
              {(disabled) => (
                <Button size="xs" leftSection={<IconChecks size={14} aria-hidden />} disabled={disabled || running !== null} onClick={approveSelected} aria-keyshortcuts="a" data-testid="bulk-approve-selected">
                  {t('bulk.approve', { count: chosen.length })}
                </Button>
              )}
            </WriteGate>
            <Button size="xs" variant="subtle" leftSection={<IconX size={14} aria-hidden />} disabled={running !== null} onClick={() => onSelect(new Set())} data-testid="bulk-clear">{t('bulk.clear')}</Button>
            <Text size="sm" c="dimmed" data-testid="bulk-count">{t('bulk.selected', { count: selected.size })}</Text>
          </>
        )}
      </Group>
      <Text size="sm" role="status" data-testid="bulk-progress">{running ? t('bulk.progress', { done: running.done, n: running.n }) : ''}</Text>
      {ran && (
        <Alert color={failed.length ? 'orange' : 'teal'} variant="light" title={t('bulk.resultTitle', { count: approved.length, total: ran.length })} withCloseButton closeButtonLabel={t('bulk.dismiss')} onClose={() => setRan(null)} data-testid="bulk-result">
          {approved.length > 0 && (
            <>
              <Text size="sm" fw={600}>{t('bulk.approvedList')}</Text>
              <List size="sm" data-testid="bulk-approved">
                {approved.map((r) => <List.Item key={r.id} data-id={r.id}><ScreenLink screen={toRecord('expenses', r.id)} dir="auto">{r.name}</ScreenLink></List.Item>)}
              </List>
            </>
          )}
          {failed.length > 0 && (
            <>
              <Text size="sm" fw={600} mt="xs">{t('bulk.failedList')}</Text>
              <List size="sm" data-testid="bulk-failed">
                {failed.map((r) => (
                  <List.Item key={r.id} data-id={r.id} data-outcome={r.outcome.kind}>
                    <ScreenLink screen={toRecord('expenses', r.id)} dir="auto">{r.name}</ScreenLink>: {text(r.outcome)}
                  </List.Item>
                ))}
              </List>
              <Group gap="xs" mt="xs">
                {again.length > 0 && <Button size="xs" onClick={() => void run(again, true)} data-testid="bulk-again">{t('bulk.again', { n: again.length })}</Button>}
                {retry.length > 0 && <Button size="xs" variant="default" onClick={() => void run(retry, false)} data-testid="bulk-retry">{t('bulk.retry', { n: retry.length })}</Button>}
              </Group>
            </>
          )}
        </Alert>
      )}
    </Stack>
  );
}
