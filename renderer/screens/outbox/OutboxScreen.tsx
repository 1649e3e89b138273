import { useSyncExternalStore } from 'react';
import { Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconGitCompare, IconSend, IconTrash } from '@tabler/icons-react';
import type { OutboxEntry } from '../../../shared';
import { asBridgeError } from '../../bridge/invoke';
import { useOutbox } from '../../data/outbox';
import { useLocalStatus } from '../../data/localCopy';
import { networkState, subscribeNetwork } from '../../bridge/network';
import { writesOffline } from '../../rules/permissions';
import { useT } from '../../i18n';
import { RequestIdCell } from '../../kit/RequestIdCell';
import { ErrorState } from '../../kit/ErrorState';
import { EntryState, useEntryText } from '../../kit/outboxText';
import { PaperSection } from '../../kit/PaperSection';
import { formatTimestamp } from '../../lib/format';
import { ScreenButton, ScreenLink } from '../../nav/links';
import { toOutboxEntry, toRecord } from '../../nav/paths';
import { declOf } from '../../resources/lookup';
import { unsent } from '../../rules/outbox';
import { formOf, useEntryActions } from './entryActions';

/** The record an entry writes, while it can be opened (a deleted one cannot; a record made offline by its temporary id, then its own). */
function recordOf(e: OutboxEntry): string | null {
  if (e.route.endsWith('.delete') || !declOf(e.area)?.detail.route) return null;
  return e.result_id ?? e.temp_id ?? e.params?.id ?? e.record_id;
}

/** What an entry does, the record's name a link to it. */
export function EntryWhat({ e }: { e: OutboxEntry }) {
  const text = useEntryText();
  const { dyn } = useT();
  const id = recordOf(e);
  return (
    <span>
      {text.verb(e)} · {dyn('areas', e.area)} · {id ? <ScreenLink screen={toRecord(e.area, id)} dir="auto">{text.name(e)}</ScreenLink> : <span dir="auto">{text.name(e)}</span>}
    </span>
  );
}

function UnsentRow({ e, all, actions, offline }: { e: OutboxEntry; all: readonly OutboxEntry[]; actions: ReturnType<typeof useEntryActions>; offline: boolean }) {
  const { t, locale } = useT();
  const text = useEntryText();
  const form = formOf(e);
  const decide = e.state === 'decision' || e.state === 'failed';
  return (
    <tr data-entry={e.id} data-state={e.state} data-why={e.why?.kind ?? ''} data-route={e.route}>
      <td className="wrap">
        <EntryWhat e={e} />
        <Text size="xs" c="dimmed">{t('outbox.made')}: {formatTimestamp(e.created_at, locale)}</Text>
      </td>
      <td className="wrap">
        <EntryState state={e.state} />
        <Text size="sm" mt={4} data-testid="outbox-why">{text.why(e, all, offline) ?? ''}</Text>
      </td>
      <td className="wrap" data-testid="outbox-actions">
        <Group gap={6} wrap="wrap">
          {decide && <ScreenButton size="compact-sm" color="orange" screen={toOutboxEntry(e.id)} leftSection={<IconGitCompare size={14} aria-hidden />} data-testid="outbox-decide">{t('outbox.decide')}</ScreenButton>}
          {!decide && form && e.state === 'waiting' && (
            <ScreenButton size="compact-sm" variant="default" screen={form} leftSection={<IconEdit size={14} aria-hidden />} data-testid="outbox-edit">{t('outbox.edit')}</ScreenButton>
          )}
          <Button size="compact-sm" variant="subtle" color="red" leftSection={<IconTrash size={14} aria-hidden />} disabled={e.state === 'sending'}
            loading={actions.busy === `discard-${e.id}`} onClick={() => void actions.discard(e, all)} data-testid="outbox-discard">{t('outbox.discard')}</Button>
        </Group>
      </td>
    </tr>
  );
}

/**
 * The outbox: every change not sent yet, in the order made, with its state, why it waits, and what
 * the user can do (decide, edit, discard, send now); then the last ones sent, with their request ids.
 */
export default function OutboxScreen() {
  const { t, locale } = useT();
  const q = useOutbox();
  const actions = useEntryActions();
  const net = useSyncExternalStore(subscribeNetwork, networkState);
  const local = useLocalStatus().data;
  const offline = net.offline !== null || writesOffline(net, local);
  const all = q.data?.entries ?? [];
  const open = unsent(all);
  const sent = all.filter((e) => e.state === 'sent').reverse();
  const head = (cols: string[]) => <thead><tr>{cols.map((c) => <th key={c} scope="col">{c}</th>)}</tr></thead>;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Title order={1} size="h2" id="screen-title">{t('outbox.title')}</Title>
        {open.some((e) => e.state === 'waiting') && (
          <Button leftSection={<IconSend size={16} aria-hidden />} loading={actions.busy === 'send'} onClick={() => void actions.sendNow()} data-testid="outbox-send-now">{t('outbox.sendNow')}</Button>
        )}
      </Group>
      <Text c="dimmed">{t('outbox.intro')}</Text>
      {actions.error && <ErrorState error={actions.error} />}
      {q.error ? <ErrorState error={asBridgeError(q.error)} onRetry={() => void q.refetch()} />
        : q.isPending ? <Center py="xl" role="status"><Loader aria-label={t('app.loading')} /></Center>
          : open.length === 0 ? <Paper withBorder p="xl" data-testid="outbox-empty"><Text ta="center" c="dimmed">{t('outbox.empty')}</Text></Paper>
            : (
              <PaperSection titleId="outbox-unsent" title={t('outbox.unsentTitle')} level={2}>
                <div className="list-scroll">
                  <table className="list-table fit" aria-labelledby="outbox-unsent" data-testid="outbox-table">
                    {head([t('outbox.what'), t('outbox.state'), t('outbox.actions')])}
                    <tbody>{open.map((e) => <UnsentRow key={e.id} e={e} all={all} actions={actions} offline={offline} />)}</tbody>
                  </table>
                </div>
              </PaperSection>
            )}
      {sent.length > 0 && (
        <PaperSection titleId="outbox-sent" title={t('outbox.sentTitle')} level={2}>
          <div className="list-scroll">
            <table className="list-table fit" aria-labelledby="outbox-sent" data-testid="outbox-sent">
              {head([t('outbox.sentAt'), t('outbox.what'), t('activity.requestId')])}
              <tbody>
                {sent.map((e) => (
                  <tr key={e.id} data-entry={e.id} data-route={e.route}>
                    <td>{e.sent_at ? formatTimestamp(e.sent_at, locale) : ''}</td>
                    <td className="wrap"><EntryWhat e={e} /></td>
                    <td><RequestIdCell id={e.request_id} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </PaperSection>
      )}
    </Stack>
  );
}
