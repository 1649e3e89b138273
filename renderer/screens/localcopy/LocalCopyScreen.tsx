import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { IconRefresh, IconTrash, IconTrashX, IconPower } from '@tabler/icons-react';
import { numberFormat, type BridgeError, type LocalAreaState, type LocalStatus } from '../../../shared';
import { useT } from '../../i18n';
import { invoke } from '../../bridge/invoke';
import { asBridgeError } from '../../bridge/call';
import { useLocalStatus } from '../../data/localCopy';
import { useOutboxCounts } from '../../data/outbox';
import { ScreenLink } from '../../nav/links';
import { toList } from '../../nav/paths';
import { OUTBOX_AREA } from '../../resources/groups';
import { qk } from '../../data/queryKeys';
import { askConfirm } from '../../lib/ask';
import { formatTimestamp } from '../../lib/format';
import { ErrorState } from '../../kit/ErrorState';
import type { ChipColor } from '../../kit/statusColor';

type ShownState = LocalAreaState | 'waiting';
const STATE_COLOR: Record<ShownState, ChipColor> = { empty: 'gray', filling: 'blue', ready: 'teal', syncing: 'cyan', checking: 'yellow', denied: 'orange', error: 'red', off: 'gray', waiting: 'gray' };
/** Offline, a pass that is running reads nothing: the area waits for the connection (it is not syncing). */
const shownState = (state: LocalAreaState, online: boolean): ShownState => (!online && (state === 'filling' || state === 'syncing') ? 'waiting' : state);

/**
 * The active profile's local copy: where it is kept, each area's state, records, last sync and last
 * deletion check, and what the user can do with it: sync now, check for deletions now, turn it off
 * (lists then come from the API), or forget it (the file is removed and it fills again).
 */
export default function LocalCopyScreen() {
  const { t, dyn, locale } = useT();
  const qc = useQueryClient();
  const q = useLocalStatus();
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState<BridgeError | null>(null);
  const act = async (name: string, run: () => Promise<unknown>) => {
    setBusy(name);
    setFailed(null);
    try { await run(); } catch (e) { setFailed(asBridgeError(e)); } finally { setBusy(null); void qc.invalidateQueries({ queryKey: qk.localStatus() }); }
  };
  // Changes made offline live in the copy: it is not turned off or forgotten while any is not sent.
  const counts = useOutboxCounts();
  const unsent = counts ? counts.waiting + counts.decisions + counts.failed : 0;
  const held = unsent > 0 || failed?.code === 'local_outbox_waiting';
  if (q.error) return <ErrorState error={asBridgeError(q.error)} onRetry={() => void q.refetch()} />;
  const s = q.data;
  const when = (ts: string | null) => (ts ? formatTimestamp(ts, locale) : t('localCopy.never'));
  return (
    <Stack gap="md">
      <Title order={1} size="h2" id="screen-title">{t('localCopy.title')}</Title>
      <Text c="dimmed">{t('localCopy.intro')}</Text>
      {s?.notice && <Alert color="orange" variant="light" data-testid="local-notice" data-notice={s.notice}>{t(`localCopy.notices.${s.notice}`)}</Alert>}
      {s && (
        <Paper withBorder p="md">
          <Stack gap="xs">
            <Text data-testid="local-storage">{t(s.storage === 'file' ? (s.encrypted ? 'localCopy.storedEncrypted' : 'localCopy.stored') : s.storage === 'memory' ? 'localCopy.memory' : 'localCopy.none')}</Text>
            <Group gap="sm">
              <Button leftSection={<IconRefresh size={16} aria-hidden />} loading={busy === 'sync'} disabled={!s.enabled} onClick={() => void act('sync', () => invoke('local.syncNow', {}))} data-testid="local-sync-now">{t('localCopy.syncNow')}</Button>
              <Button variant="default" leftSection={<IconTrashX size={16} aria-hidden />} loading={busy === 'deletions'} disabled={!s.enabled} onClick={() => void act('deletions', () => invoke('local.checkDeletions', {}))} data-testid="local-check-deletions">{t('localCopy.checkDeletions')}</Button>
              <Button variant="default" leftSection={<IconPower size={16} aria-hidden />} loading={busy === 'enable'} disabled={s.enabled && held} onClick={() => void act('enable', () => invoke('local.setEnabled', { enabled: !s.enabled }))} data-testid="local-toggle">
                {t(s.enabled ? 'localCopy.turnOff' : 'localCopy.turnOn')}
              </Button>
              <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} loading={busy === 'forget'} disabled={!s.enabled || held}
                onClick={() => void askConfirm({ title: t('localCopy.forgetTitle'), body: t('localCopy.forgetBody'), confirm: t('localCopy.forget'), danger: true }).then((ok) => (ok ? act('forget', () => invoke('local.forget', {})) : undefined))}
                data-testid="local-forget">{t('localCopy.forget')}</Button>
            </Group>
            {s.enabled && held && (
              <Text size="sm" c="dimmed" data-testid="local-outbox-held">
                {t('outbox.refusedLocal', { count: unsent })} <ScreenLink screen={toList(OUTBOX_AREA)}>{t('outbox.openOutbox')}</ScreenLink>
              </Text>
            )}
            {failed && failed.code !== 'local_outbox_waiting' && <ErrorState error={failed} />}
          </Stack>
        </Paper>
      )}
      {s && (
        <Paper withBorder>
          <Table data-testid="local-areas" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('localCopy.area')}</Table.Th><Table.Th>{t('localCopy.state')}</Table.Th><Table.Th ta="end">{t('localCopy.records')}</Table.Th>
                <Table.Th>{t('localCopy.lastSync')}</Table.Th><Table.Th>{t('localCopy.lastDeletionCheck')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {s.areas.map((a) => { const state = shownState(a.state, s.online); return (
                <Table.Tr key={a.area} data-area={a.area} data-state={state}>
                  <Table.Td>{dyn('areas', a.area)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={STATE_COLOR[state]}>{t(`localCopy.states.${state}`)}</Badge>
                    {a.progress && state === 'filling' && <Text span size="xs" c="dimmed" ms={6}>{t('localCopy.progress', { count: a.progress.records })}</Text>}
                    {a.message && <Text size="xs" c="dimmed">{a.message}</Text>}
                    {a.held_aside > 0 && <Text size="xs" c="orange" data-testid="local-held-count">{t('localCopy.heldCount', { count: a.held_aside })}</Text>}
                  </Table.Td>
                  <Table.Td ta="end">{numberFormat(locale).format(a.records)}</Table.Td>
                  <Table.Td>{when(a.last_sync)}</Table.Td>
                  <Table.Td>{when(a.last_deletion_check)}</Table.Td>
                </Table.Tr>
              ); })}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      {s && s.areas.some((a) => a.held_aside > 0) && <HeldAside status={s} />}
    </Stack>
  );
}

/** Records the API answered that fail the contract's check: which, why and since when (the newest of each area). */
function HeldAside({ status }: { status: LocalStatus }) {
  const { t, dyn, locale } = useT();
  return (
    <Paper withBorder p="md" data-testid="local-held">
      <Stack gap="xs">
        <Title order={2} size="h4">{t('localCopy.heldTitle')}</Title>
        <Text size="sm" c="dimmed">{t('localCopy.heldIntro')}</Text>
        <Table striped>
          <Table.Thead>
            <Table.Tr><Table.Th>{t('localCopy.area')}</Table.Th><Table.Th>{t('localCopy.heldRecord')}</Table.Th><Table.Th>{t('localCopy.heldReason')}</Table.Th><Table.Th>{t('localCopy.heldSince')}</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {status.areas.flatMap((a) => a.held.map((h) => (
              <Table.Tr key={`${a.area}-${h.id ?? ''}`} data-area={a.area}>
                <Table.Td>{dyn('areas', a.area)}</Table.Td>
                <Table.Td>{h.id ? <code dir="ltr">{h.id}</code> : t('localCopy.heldNoId')}</Table.Td>
                <Table.Td><Text size="xs" dir="ltr" ta="start">{h.reason}</Text></Table.Td>
                <Table.Td>{formatTimestamp(h.at, locale)}</Table.Td>
              </Table.Tr>
            )))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}
