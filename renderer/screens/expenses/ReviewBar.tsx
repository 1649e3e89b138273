import { useEffect, useRef } from 'react';
import { Group, Paper, Text } from '@mantine/core';
import { IconPlayerTrackNext } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { ScreenButton, ScreenLink, useGo } from '../../router/links';
import { toList, toRecord } from '../../router/paths';
import { REVIEW_AREA } from '../../resources/groups';
import { nextInQueue } from '../../lib/queue';
import { useReviewQueue } from './reviewQueue';
import { onPlainKey } from './keys';

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
          <ScreenButton screen={toRecord('expenses', next)} size="xs" variant="light" rightSection={<IconPlayerTrackNext size={14} aria-hidden />} aria-keyshortcuts="n" title={t('review.nextHint')} data-testid="review-next">
            {t('review.next')}
          </ScreenButton>
        )}
      </Group>
    </Paper>
  );
}
