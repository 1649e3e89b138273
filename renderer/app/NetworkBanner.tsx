import { useEffect, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { useT } from '../i18n';
import { clearOffline, networkState, SLOW_AFTER_MS, subscribeNetwork } from '../bridge/network';

/** Re-renders once a second while something is waiting (the seconds shown count). */
function useClock(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

/**
 * Slow and broken connections in words, above the screen: a call waiting long, a call waiting to
 * try again (and why), or no service at all with "Try again". The window never freezes meanwhile.
 */
export default function NetworkBanner() {
  const { t } = useT();
  const qc = useQueryClient();
  const s = useSyncExternalStore(subscribeNetwork, networkState);
  const now = useClock(s.waitingSince !== null || s.retry !== null);
  const retryLeft = s.retry ? Math.max(0, Math.ceil((s.retry.until - now) / 1000)) : 0;
  const waited = s.waitingSince !== null ? now - s.waitingSince : 0;

  if (s.offline) {
    const again = () => {
      clearOffline();
      void qc.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' });
    };
    return (
      <Alert color="red" variant="light" icon={<IconPlugConnectedX aria-hidden />} title={t('network.offlineTitle')} role="alert" data-testid="network-offline" mb="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm">{t('network.offlineBody')}</Text>
          <Button size="xs" variant="light" color="red" leftSection={<IconRefresh size={14} aria-hidden />} onClick={again} data-testid="network-retry">{t('network.retry')}</Button>
        </Group>
      </Alert>
    );
  }
  if (s.retry && s.waitingSince !== null) {
    return (
      <Alert color="yellow" variant="light" role="status" data-testid="network-retrying" data-reason={s.retry.reason} mb="md">
        <Group gap="sm" wrap="nowrap"><Loader size="xs" aria-hidden /><Text size="sm">{t(`network.retrying.${s.retry.reason}`, { seconds: retryLeft })}</Text></Group>
      </Alert>
    );
  }
  if (s.waitingSince !== null && waited >= SLOW_AFTER_MS) {
    return (
      <Alert color="blue" variant="light" role="status" data-testid="network-slow" mb="md">
        <Group gap="sm" wrap="nowrap"><Loader size="xs" aria-hidden /><Text size="sm">{t('network.slow', { seconds: Math.floor(waited / 1000) })}</Text></Group>
      </Alert>
    );
  }
  return null;
}
