import { useCallback, useMemo, useRef, useState } from 'react';
import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlayerTrackNext } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { asBridgeError } from '../../bridge/call';
import { fields } from '../../resources/define';
import type { ListItem } from '../../resources/types';
import { useGo } from '../../nav/links';
import { toRecord } from '../../nav/paths';
import { labelKeyOf } from '../../lib/format';
import { ErrorState } from '../../kit/ErrorState';
import { ListTable, type RowSelection } from '../list/ListTable';
import { approvable, toggleSelection } from '../../rules/bulk';
import { labelOf as nameOf } from '../../resources/lookup';
import { BulkApprove } from './BulkApprove';
import { useReviewQueue } from './reviewQueue';

type Row = Record<string, unknown>;

/** What a reviewer needs to see from the list: who, which document, how much, and what blocks approval (each section is one status). */
export const QUEUE_COLUMNS = fields<ListItem<'expenses.list'>>([
  ['issue_date', 'date'], ['supplier_name', 'text'], ['supplier_document_number', 'text'],
  ['total', 'decimalMoney', { currency: 'currency' }], ['blocking_issues', 'issues'],
]);

/** The queue's columns keep their natural widths. */
const NO_WIDTHS: Readonly<Record<string, number>> = {};
const noResize = () => undefined;

/** Expenses picked for bulk approval: only those that can be approved, kept while the queue refreshes. */
function useQueueSelection(rows: readonly Row[], on: boolean): (RowSelection & { set: (ids: ReadonlySet<string>) => void }) | null {
  const { t } = useT();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef<string | null>(null);
  const ids = useMemo(() => rows.filter(approvable).map((r) => String(r.id)), [rows]);
  const order = useRef(ids);
  order.current = ids;
  // An expense that left the queue (approved elsewhere) or can no longer be approved leaves the selection.
  const live = useMemo(() => { const ok = new Set(ids); return [...selected].every((id) => ok.has(id)) ? selected : new Set([...selected].filter((id) => ok.has(id))); }, [selected, ids]);
  const onToggle = useCallback((id: string, range: boolean) => {
    // Read now: the updater runs at render, after the anchor below has moved on.
    const from = anchor.current;
    setSelected((prev) => toggleSelection(order.current, prev, id, from, range));
    anchor.current = id;
  }, []);
  const labelOf = useCallback((r: Row) => t('bulk.selectRow', { name: nameOf('expenses', r) }), [t]);
  const set = useCallback((ids: ReadonlySet<string>) => { setSelected(ids); anchor.current = null; }, []);
  return useMemo(() => (on ? { selected: live, onToggle, labelOf, can: approvable, header: t('bulk.selectHeader'), set } : null), [on, live, onToggle, labelOf, t, set]);
}

function QueueSection({ status, title, id }: { status: 'needs_review' | 'draft'; title: (n: number) => string; id: string }) {
  const { t, dyn } = useT();
  const go = useGo();
  const q = useReviewQueue(status);
  const headers = useMemo(() => QUEUE_COLUMNS.map((c) => dyn('fields', labelKeyOf(c))), [dyn]);
  const rows = q.data?.rows ?? [];
  const first = rows[0];
  const selection = useQueueSelection(rows, status === 'needs_review');
  const open = (r: Row) => go(toRecord('expenses', String(r.id)));
  return (
    <Paper withBorder component="section" aria-labelledby={id} data-testid={`queue-${status}`}>
      <Group justify="space-between" p="md" pb="xs">
        <Title order={2} size="h4" id={id}>{title(rows.length)}</Title>
        {status === 'needs_review' && first && (
          <Button leftSection={<IconPlayerTrackNext size={16} aria-hidden className="flip-rtl" />} onClick={() => open(first)} data-testid="review-start">{t('review.start')}</Button>
        )}
      </Group>
      {selection && rows.length > 0 && <BulkApprove rows={rows} selected={selection.selected} onSelect={selection.set} />}
      {q.error ? <ErrorState error={asBridgeError(q.error)} area="expenses" onRetry={() => void q.refetch()} />
        : q.isPending ? <Center py="lg" role="status"><Loader aria-label={t('app.loading')} /></Center>
          : rows.length === 0 ? <Text c="dimmed" p="md" pt={0}>{t('review.empty')}</Text>
            : <ListTable tableId={`queue-table-${status}`} rows={rows} columns={QUEUE_COLUMNS} headers={headers} rowId="id" onOpen={open} busy={q.isFetching} caption={title(rows.length)} widths={NO_WIDTHS} onResize={noResize} fill {...(selection ? { selection } : {})} />}
      {q.data?.more && <Text size="sm" c="dimmed" p="md" pt="xs">{t('review.more', { count: rows.length })}</Text>}
    </Paper>
  );
}

/**
 * The bookkeeper's review queue: expenses waiting for review first (oldest first), each with its
 * amounts and what blocks its approval, then the drafts not yet sent for review. On an expense
 * opened from it, J goes on to the next (as J steps to the next record of a table anywhere).
 */
export function ReviewQueue() {
  const { t } = useT();
  return (
    <Stack gap="md">
      <Title order={1} size="h2" id="screen-title">{t('review.title')}</Title>
      <Text c="dimmed">{t('review.intro')} {t('review.nextHint')}</Text>
      <QueueSection status="needs_review" id="queue-waiting" title={(n) => t('review.waiting', { n })} />
      <QueueSection status="draft" id="queue-drafts" title={(n) => t('review.drafts', { n })} />
    </Stack>
  );
}
