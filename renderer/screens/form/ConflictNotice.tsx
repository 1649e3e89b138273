import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { IconGitCompare } from '@tabler/icons-react';
import type { BridgeError } from '../../../shared';
import { useT } from '../../i18n';
import type { Conflict, StaleRecord } from '../../data/useWrite';
import { declOf, labelOf } from '../../resources/lookup';
import { recordChanges, revisionOfRecord } from '../../forms/revisions';
import { VersionsTable } from '../../kit/VersionsTable';
import { ErrorFacts } from '../../kit/ErrorState';

/** One record that moved on: what differs, field by field, between the version the user saw and now. */
function StaleChanges({ r }: { r: StaleRecord }) {
  const { t, dyn } = useT();
  const decl = declOf(r.area);
  const shown = r.after ?? r.before;
  const name = shown ? labelOf(r.area, shown) : r.id.slice(0, 8);
  const now = revisionOfRecord(r.after);
  const what = dyn('areas', r.area);
  const heading = (
    <Text fw={600} dir="auto">
      {now !== null && now > r.expected ? t('stale.changes', { what, name, count: now - r.expected }) : t('stale.record', { what, name })}
    </Text>
  );
  if (!r.after) return <Stack gap={4}>{heading}<Text>{t('stale.gone')}</Text></Stack>;
  if (!r.before || !decl) return <Stack gap={4}>{heading}<Text>{t('stale.unknownBefore')}</Text></Stack>;
  const changes = recordChanges(r.before, r.after, decl.detail.sections.flatMap((s) => s.fields), decl.detail.tables);
  const none = changes.fields.length === 0 && changes.tables.length === 0;
  return (
    <Stack gap={4}>
      {heading}
      {none ? <Text>{t('stale.nothingShown')}</Text> : (
        <VersionsTable
          changes={changes} field={t('stale.field')} attrs={{ 'data-testid': 'stale-changes', 'data-area': r.area, 'data-id': r.id }}
          versions={[{ row: r.before, heading: t('stale.before'), side: 'before' }, { row: r.after, heading: t('stale.after'), side: 'after' }]}
        />
      )}
    </Stack>
  );
}

/**
 * A write refused for a stale revision (409), explained: the records were read again, and each one
 * that moved on shows what changed since the user saw it. `next` says how to decide again (the
 * screen already carries the new revisions; nothing is sent until the user does).
 */
export function ConflictNotice({ conflict, error, next }: { conflict: Conflict; error: BridgeError | null; next: string }) {
  const { t } = useT();
  if (conflict.status === 'checking') {
    return (
      <Alert color="blue" variant="light" role="status" data-testid="stale-checking">
        <Group gap="sm"><Loader size="sm" aria-hidden /><Text>{t('stale.checking')}</Text></Group>
      </Alert>
    );
  }
  return (
    <Alert color="orange" variant="light" icon={<IconGitCompare aria-hidden />} title={t('stale.title')} role="alert" data-testid="stale-revision">
      <Stack gap="sm">
        {conflict.records.length === 0 ? <Text>{t('stale.unread')}</Text> : conflict.records.map((r) => <StaleChanges key={`${r.area}/${r.id}`} r={r} />)}
        <Text fw={500}>{next}</Text>
        {error && <ErrorFacts error={error} />}
      </Stack>
    </Alert>
  );
}
