import { Alert, Button, Center, Group, List, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconEdit, IconRepeat, IconTrash } from '@tabler/icons-react';
import type { OutboxEntry, OutboxWhy } from '../../../shared';
import { asBridgeError } from '../../bridge/invoke';
import { useOutbox } from '../../data/outbox';
import { useT } from '../../i18n';
import { ErrorFacts, ErrorState } from '../../kit/ErrorState';
import { FieldValue } from '../../kit/FieldValue';
import { VersionsTable } from '../../kit/VersionsTable';
import { EntryState, useEntryText } from '../../kit/outboxText';
import { ScreenButton, ScreenLink, useGo } from '../../nav/links';
import { toList } from '../../nav/paths';
import { OUTBOX_AREA } from '../../resources/groups';
import { declOf, labelOf } from '../../resources/lookup';
import type { FieldSpec } from '../../resources/types';
import { recordChanges, revisionOfRecord } from '../../forms/revisions';
import { readValueOf } from '../../rules/outbox';
import { EntryWhat } from './OutboxScreen';
import { formOf, useEntryActions } from './entryActions';

const fieldsOf = (area: string): FieldSpec[] => declOf(area)?.detail.sections.flatMap((s) => s.fields) ?? [];

/** A body value shown as the record's field shows it (where the record has a field of that name), else as text. */
function BodyValue({ e, field, value }: { e: OutboxEntry; field: string; value: unknown }) {
  const { t } = useT();
  const spec = fieldsOf(e.area).find((f) => f.key === field);
  const shown = readValueOf(e.route, field, value);
  if (spec) return <FieldValue spec={spec} row={{ [field]: shown }} withCopy={false} names />;
  if (shown === null || shown === undefined || shown === '') return <span className="dimmed">{t('app.none')}</span>;
  return <span dir="auto">{typeof shown === 'object' ? JSON.stringify(shown) : String(shown)}</span>;
}

/** A revision the service no longer has: the version the user acted on beside the current one, field by field. */
function StaleVersions({ e, why }: { e: OutboxEntry; why: Extract<OutboxWhy, { kind: 'stale_revision' }> }) {
  const { t, dyn } = useT();
  const decl = declOf(e.area);
  if (!why.current) return <Text>{t('outbox.staleUnknown')}</Text>;
  const name = labelOf(e.area, why.current);
  const heading = <Text fw={600} dir="auto">{t('stale.record', { what: dyn('areas', e.area), name, from: revisionOfRecord(why.seen) ?? '—', to: revisionOfRecord(why.current) ?? '—' })}</Text>;
  if (!why.seen || !decl) return <Stack gap={4}>{heading}<Text>{t('stale.unknownBefore')}</Text></Stack>;
  const changes = recordChanges(why.seen, why.current, fieldsOf(e.area), decl.detail.tables);
  return (
    <Stack gap={4}>
      {heading}
      {changes.fields.length === 0 && changes.tables.length === 0 ? <Text>{t('stale.nothingShown')}</Text> : (
        <VersionsTable
          changes={changes} field={t('outbox.field')} attrs={{ 'data-testid': 'outbox-stale' }}
          versions={[{ row: why.seen, heading: t('outbox.acted'), side: 'acted' }, { row: why.current, heading: t('outbox.current'), side: 'current' }]}
        />
      )}
    </Stack>
  );
}

/** A record changed since the user's version in fields they changed too: before, theirs and mine, field by field. */
function BothChanged({ e, why }: { e: OutboxEntry; why: Extract<OutboxWhy, { kind: 'changed_since' }> }) {
  const { t, dyn } = useT();
  return (
    <Table withTableBorder verticalSpacing={4} data-testid="outbox-changed">
      <Table.Thead>
        <Table.Tr><Table.Th scope="col">{t('outbox.field')}</Table.Th><Table.Th scope="col">{t('outbox.before')}</Table.Th><Table.Th scope="col">{t('outbox.mine')}</Table.Th><Table.Th scope="col">{t('outbox.theirs')}</Table.Th></Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {why.fields.map((f) => (
          <Table.Tr key={f.field} data-field={f.field}>
            <Table.Td>{dyn('fields', f.field)}</Table.Td>
            <Table.Td data-side="before"><BodyValue e={e} field={f.field} value={f.before} /></Table.Td>
            <Table.Td data-side="mine"><BodyValue e={e} field={f.field} value={f.mine} /></Table.Td>
            <Table.Td data-side="theirs"><BodyValue e={e} field={f.field} value={f.theirs} /></Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** What the service said when it refused the change, its field problems one by one. */
function Refusal({ why }: { why: Extract<OutboxWhy, { kind: 'refused' }> }) {
  const { dyn } = useT();
  const fields = why.error.field_errors ?? [];
  return (
    <Stack gap="xs" data-testid="outbox-refusal">
      <Text dir="auto">{why.error.message}</Text>
      {fields.length > 0 && (
        <List size="sm" data-testid="outbox-field-errors">
          {fields.map((f) => {
            const path = f.path.replace(/^body\.?/, '');
            return <List.Item key={`${f.path}:${f.message}`} data-path={path}><Text span fw={500}>{path ? dyn('fields', path.split('.').pop()!) : ''}</Text>{path ? ': ' : ''}<Text span dir="auto">{f.message}</Text></List.Item>;
          })}
        </List>
      )}
      <ErrorFacts error={why.error} />
    </Stack>
  );
}

const INTRO: Partial<Record<OutboxWhy['kind'], string>> = {
  stale_revision: 'outbox.staleIntro', changed_since: 'outbox.changedIntro', refused: 'outbox.refusedIntro', unclear: 'outbox.unclearIntro', orphaned: 'outbox.orphanedIntro',
};

/**
 * One entry of the outbox and the user's decision on it: for a revision the service no longer has,
 * the version acted on and the current one; for a record changed since, the fields both sides changed;
 * for a refusal, the service's reasons. Then: send mine again, change it (its form with the user's
 * values), or discard it.
 */
export default function EntryScreen({ entry }: { entry: string }) {
  const { t, lang, maybeKey } = useT();
  const go = useGo();
  const q = useOutbox();
  const text = useEntryText();
  const actions = useEntryActions();
  const all = q.data?.entries ?? [];
  const e = all.find((x) => x.id === entry);
  const Back = lang === 'he' ? IconArrowRight : IconArrowLeft;
  const back = (
    <ScreenLink screen={toList(OUTBOX_AREA)} size="sm"><Group gap={4} component="span"><Back size={14} aria-hidden />{t('outbox.backToOutbox')}</Group></ScreenLink>
  );
  if (q.error) return <ErrorState error={asBridgeError(q.error)} onRetry={() => void q.refetch()} />;
  if (q.isPending) return <Center py="xl" role="status"><Loader aria-label={t('app.loading')} /></Center>;
  if (!e) {
    return (
      <Stack gap="md">
        {back}
        <Title order={1} size="h2" id="screen-title">{t('outbox.title')}</Title>
        <Alert color="gray" variant="light" data-testid="outbox-entry-gone">{t('outbox.gone')}</Alert>
      </Stack>
    );
  }
  const why = e.why;
  const form = e.state === 'sent' || e.state === 'sending' ? null : formOf(e);
  const decision = e.state === 'decision' || e.state === 'failed';
  const intro = why ? INTRO[why.kind] : undefined;
  const done = () => go(toList(OUTBOX_AREA), { replace: true });
  const canAgain = decision && why?.kind !== 'orphaned';
  return (
    <Stack gap="md" data-testid="outbox-entry" data-state={e.state} data-why={why?.kind ?? ''}>
      {back}
      <Title order={1} size="h2" id="screen-title">{decision ? t('outbox.decisionTitle', { what: text.verb(e) }) : text.verb(e)}</Title>
      <Group gap="sm"><EntryState state={e.state} /><EntryWhat e={e} /></Group>
      {intro ? <Text>{maybeKey(intro)}</Text> : why && <Text>{text.why(e, all)}</Text>}
      {why?.kind === 'stale_revision' && <StaleVersions e={e} why={why} />}
      {why?.kind === 'changed_since' && <BothChanged e={e} why={why} />}
      {why?.kind === 'refused' && <Refusal why={why} />}
      {actions.error && <ErrorState error={actions.error} />}
      {canAgain && why?.kind === 'stale_revision' && <Text size="sm" c="dimmed">{t('outbox.sendAgainHint')}</Text>}
      <Group gap="sm">
        {canAgain && (
          <Button leftSection={<IconRepeat size={16} aria-hidden />} loading={actions.busy === `again-${e.id}`}
            onClick={() => void actions.again(e).then((ok) => { if (ok) done(); })} data-testid="outbox-again">{t('outbox.sendAgain')}</Button>
        )}
        {form && (
          <ScreenButton variant={decision ? 'light' : 'default'} screen={form} leftSection={<IconEdit size={16} aria-hidden />} data-testid="outbox-change">
            {why?.kind === 'refused' ? t('outbox.fix') : decision ? t('outbox.change') : t('outbox.edit')}
          </ScreenButton>
        )}
        {e.state !== 'sent' && (
          <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} disabled={e.state === 'sending'} loading={actions.busy === `discard-${e.id}`}
            onClick={() => void actions.discard(e, all).then((ok) => { if (ok) done(); })} data-testid="outbox-discard">{t('outbox.discard')}</Button>
        )}
      </Group>
    </Stack>
  );
}
