import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconChecks, IconPlayerTrackNext } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { ScreenButton, ScreenLink, useGo } from '../../nav/links';
import { toList, toRecord } from '../../nav/paths';
import { REVIEW_AREA } from '../../resources/groups';
import { nextInQueue } from '../../rules/workQueue';
import { declOf, labelOf } from '../../resources/lookup';
import { approvable, type BulkOutcome } from '../../rules/bulk';
import { approveMany, type BulkKeys } from '../../data/approveMany';
import { useWriteBlock } from '../../session/usePermissions';
import { askConfirm } from '../../lib/ask';
import { notify } from '../../kit/notify';
import { WriteGate } from '../../kit/WriteGate';
import { useBulkOutcomeText } from './bulkText';
import { useRecord } from '../../data/useRecord';
import { useReviewQueue } from './reviewQueue';
import { onPlainKey } from '../../keys/plainKey';

/**
 * Above an expense: where it stands in the review queue, and one click (or J) to the next expense
 * to review. After an approval the expense leaves the queue; the next is the one after it in the
 * order the user was working through.
 */
export function ReviewBar({ id }: { id: string }) {
  const { t } = useT();
  const go = useGo();
  const q = useReviewQueue('needs_review');
  const ids = (q.data?.rows ?? []).map((r) => String(r.id));
  const order = useRef<string[]>([]);
  if (ids.includes(id) && order.current.join() !== ids.join()) order.current = ids;
  const next = q.data ? nextInQueue(id, ids, order.current) : null;
  const at = ids.indexOf(id);
  // J, as for the next record of a table (N creates a record everywhere).
  useEffect(() => (next ? onPlainKey('KeyJ', () => go(toRecord('expenses', next))) : undefined), [next, go]);
  // An expense waiting for review that the kept queue does not list came in since it was read: read it again.
  const waiting = useRecord(declOf('expenses')!, id).data?.data as Record<string, unknown> | undefined;
  const missing = waiting?.review_status === 'needs_review' && q.data !== undefined && at < 0 && !q.isFetching;
  const { refetch } = q;
  const reread = useRef(false);
  useEffect(() => {
    if (!missing || reread.current) return;
    reread.current = true;
    void refetch();
  }, [missing, refetch]);
  if (!q.data) return null;
  return (
    <Paper withBorder px="md" py="xs" data-testid="review-bar">
      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          <ScreenLink screen={toList(REVIEW_AREA)} size="sm">{t('review.backToQueue')}</ScreenLink>
          <Text size="sm" c="dimmed" data-testid="review-position">
            {at >= 0 ? t('review.position', { n: at + 1, total: ids.length }) : ids.length > 0 ? t('review.notInQueue', { count: ids.length }) : t('review.done')}
          </Text>
        </Group>
        <Group gap="xs">
        {waiting && approvable(waiting) && <ApproveAndNext record={waiting} next={next} />}
        {next && (
          <ScreenButton screen={toRecord('expenses', next)} size="xs" variant="light" rightSection={<IconPlayerTrackNext size={14} aria-hidden className="flip-rtl" />} aria-keyshortcuts="j" title={t('review.nextHint')} data-testid="review-next">
            {t('review.next')}
          </ScreenButton>
        )}
        </Group>
      </Group>
    </Paper>
  );
}

/** Approves the expense shown (confirmed, at its revision, with its own key) and goes on to the next one to review. */
function ApproveAndNext({ record, next }: { record: Record<string, unknown>; next: string | null }) {
  const { t, dyn } = useT();
  const go = useGo();
  const qc = useQueryClient();
  const block = useWriteBlock()('expenses.approve');
  const text = useBulkOutcomeText();
  const keys = useRef<BulkKeys>(new Map());
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = String(record.id);
  const name = labelOf('expenses', record);
  const run = async () => {
    const ok = await askConfirm({ title: `${dyn('actions', 'approve')}: ${name}`, body: t('confirmAction.approve'), confirm: t('bulk.approveNext') });
    if (!ok) return;
    setBusy(true);
    setProblem(null);
    let done: BulkOutcome | null = null;
    await approveMany(qc, [{ id, name, record }], keys.current, (_, o) => { done = o; });
    setBusy(false);
    const o = done as BulkOutcome | null;
    if (o?.kind === 'approved') {
      notify({ title: t('write.saved'), message: name, requestId: o.requestId || undefined });
      go(next ? toRecord('expenses', next) : toList(REVIEW_AREA));
    } else if (o) {
      setProblem(text(o));
    }
  };
  return (
    <>
      {problem && <Text size="sm" c="red" role="alert" data-testid="approve-next-problem">{problem}</Text>}
      <WriteGate reason={block}>
        {(disabled) => <Button size="xs" leftSection={<IconChecks size={14} aria-hidden />} loading={busy} disabled={disabled} onClick={() => void run()} data-testid="approve-and-next">{t('bulk.approveNext')}</Button>}
      </WriteGate>
    </>
  );
}
