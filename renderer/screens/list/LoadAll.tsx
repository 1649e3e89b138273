import { Button, Group, Loader, Paper, Text } from '@mantine/core';
import { IconListDetails, IconPlayerStop } from '@tabler/icons-react';
import { useT } from '../../i18n';
import { useLocale } from '../../kit/useLocale';
import { LOAD_ALL_MAX } from '../../rules/tableStore';
import type { LoadAllStatus } from './useLoadAll';

/** "Load all" / "Back to pages": a toggle button (pressed while every row is loaded). */
export function LoadAllButton({ on, onChange }: { on: boolean; onChange: (on: boolean) => void }) {
  const { t } = useT();
  return (
    <Button variant={on ? 'light' : 'default'} aria-pressed={on} leftSection={<IconListDetails size={16} aria-hidden />} onClick={() => onChange(!on)} data-testid="load-all">
      {t('loadAll.button')}
    </Button>
  );
}

/** How far "load all" has come: rows so far and Stop while loading, then all, capped, stopped or failed. */
export function LoadAllBar({ status, count, onStop, onResume, onRetry }: { status: LoadAllStatus; count: number; onStop: () => void; onResume: () => void; onRetry: () => void }) {
  const { t } = useT();
  const locale = useLocale();
  const text = {
    loading: t('loadAll.loading', { count }),
    done: t('loadAll.done', { count }),
    capped: t('loadAll.capped', { count, max: LOAD_ALL_MAX.toLocaleString(locale) }),
    stopped: t('loadAll.stopped', { count }),
    failed: t('loadAll.failed', { count }),
  }[status];
  return (
    <Paper withBorder px="sm" py={6} data-testid="load-all-status" data-status={status} data-count={count}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="xs" wrap="nowrap">
          {status === 'loading' && <Loader size="xs" aria-hidden />}
          <Text size="sm" role="status" aria-live="polite">{text}</Text>
        </Group>
        {status === 'loading' && <Button size="xs" variant="default" leftSection={<IconPlayerStop size={14} aria-hidden />} onClick={onStop} data-testid="load-all-stop">{t('loadAll.stop')}</Button>}
        {status === 'stopped' && <Button size="xs" variant="default" onClick={onResume} data-testid="load-all-resume">{t('loadAll.button')}</Button>}
        {status === 'failed' && <Button size="xs" variant="default" onClick={onRetry}>{t('errors.retry')}</Button>}
      </Group>
    </Paper>
  );
}
