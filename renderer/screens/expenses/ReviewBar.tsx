import { useEffect, useRef } from 'react';
import { Group, Paper, Text } from '@mantine/core';
import { IconPlayerTrackNext } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { ScreenButton, ScreenLink, useGo } from '../../nav/links';
import { toList, toRecord } from '../../nav/paths';
import { REVIEW_AREA } from '../../resources/groups';
import { nextInQueue } from '../../rules/workQueue';
import { declOf } from '../../resources/lookup';
import { useRecord } from '../../data/useRecord';
import { useReviewQueue } from './reviewQueue';
import { onPlainKey } from '../../keys/plainKey';

/**
 * Above an expense: where it stands in the review queue, and one click (or N) to the next expense
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
  useEffect(() => (next ? onPlainKey('KeyN', () => go(toRecord('expenses', next))) : undefined), [next, go]);
  // An expense waiting for review that the kept queue does not list came in since it was read: read it again.
  const waiting = useRecord(declOf('expenses')!, id).data?.data as { review_status?: string } | undefined;
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
            {at >= 0 ? t('review.position', { n: at + 1, count: ids.length }) : ids.length > 0 ? t('review.notInQueue', { count: ids.length }) : t('review.done')}
          </Text>
        </Group>
        {next && (
          <ScreenButton screen={toRecord('expenses', next)} size="xs" variant="light" rightSection={<IconPlayerTrackNext size={14} aria-hidden className="flip-rtl" />} aria-keyshortcuts="n" title={t('review.nextHint')} data-testid="review-next">
            {t('review.next')}
          </ScreenButton>
        )}
      </Group>
    </Paper>
  );
}
