import { useQueryClient } from '@tanstack/react-query';
import { Alert, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { asBridgeError } from '../../bridge/call';
import { useRecord } from '../../data/useRecord';
import { useT } from '../../i18n';
import { ScreenLink } from '../../router/links';
import { toList } from '../../router/paths';
import type { ResourceDecl, SectionSpec } from '../../resources/types';
import { FieldValue } from '../../components/FieldValue';
import { CopyButton } from '../../components/CopyButton';
import { formatDate, getPath, labelKeyOf } from '../../lib/format';
import { useLocale } from '../../components/useLocale';
import { ErrorState } from '../access/ErrorState';
import { qk } from '../../data/keys';
import type { SeededRecord } from '../../data/seed';
import { PdfActions } from './PdfActions';
import { SubTable } from './SubTable';
import { RecordActions } from './RecordActions';
import { RestoreButton } from './RestoreButton';

/** A value the record does not carry yet (seeded from a create's answer; the full record is on its way). */
function Pending() {
  const { t } = useT();
  return <span className="dimmed" role="status" aria-busy="true" aria-label={t('app.loading')}>…</span>;
}

type IsPending = (path: string) => boolean;

function Section({ spec, record, idx, pending }: { spec: SectionSpec; record: unknown; idx: number; pending: IsPending }) {
  const { dyn } = useT();
  const id = `section-${idx}`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="sm">{dyn('sections', spec.title)}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" component="dl" className="fields">
        {spec.fields.map((f) => (
          <div key={f.key} className={f.kind === 'json' ? 'field field-wide' : 'field'}>
            <Text component="dt" size="xs" c="dimmed" fw={600}>{dyn('fields', labelKeyOf(f))}</Text>
            <Text component="dd" size="sm" m={0}>{pending(f.key) ? <Pending /> : <FieldValue spec={f} row={record} names />}</Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/** A row of a list-only area, found in the cached pages of its list. */
function useCachedRow(area: string, id: string | null, rowId: string): unknown {
  const qc = useQueryClient();
  if (!id) return undefined;
  for (const [, page] of qc.getQueriesData<{ data: unknown }>({ queryKey: qk.lists(area) })) {
    const rows = page?.data;
    if (Array.isArray(rows)) {
      const hit = rows.find((r) => getPath(r, rowId) === id);
      if (hit) return hit;
    }
  }
  return undefined;
}

/** One record by sections, with embedded tables, links to related records and copyable ids. */
export function DetailScreen({ decl, id }: { decl: ResourceDecl; id: string | null }) {
  const { t, dyn, maybe, lang } = useT();
  const locale = useLocale();
  const route = decl.detail.route;
  const q = useRecord(decl, id);
  const cached = useCachedRow(decl.area, route ? null : id, decl.list?.rowId ?? 'id');
  const record = route ? q.data?.data : cached;
  const seeded = route && q.data && (q.data as Partial<SeededRecord>).partial === true;
  const pending: IsPending = (path) => Boolean(seeded) && getPath(record, path.split('.')[0]!) === undefined;
  const areaName = dyn('areas', decl.area);
  const Back = lang === 'he' ? IconArrowRight : IconArrowLeft;
  const title = record ? getPath(record, decl.detail.title) : undefined;
  // The heading is formatted like its field: a date in the user's locale, an enum by its label.
  const titleKind = decl.detail.sections.flatMap((s) => s.fields).find((f) => f.key === decl.detail.title)?.kind;
  const titleText = typeof title === 'string' && titleKind === 'date' ? formatDate(title, locale)
    : typeof title === 'string' || typeof title === 'number' ? maybe('enums', String(title)) : areaName;

  return (
    <Stack gap="md">
      {decl.list && (
        <ScreenLink screen={toList(decl.area)} size="sm">
          <Group gap={4} component="span"><Back size={14} aria-hidden />{t('detail.backToList', { area: areaName })}</Group>
        </ScreenLink>
      )}
      <Group gap="xs" align="center">
        <Title order={1} size="h2" id="screen-title" dir="auto">{titleText}</Title>
        {id && <CopyButton text={id} label={t('app.copyValue', { what: t('fields.id') })} />}
      </Group>
      {route && q.error ? (
        <Stack gap="sm">
          <ErrorState error={asBridgeError(q.error)} area={decl.area} onRetry={() => void q.refetch()} />
          {/* A soft-deleted record answers 404 like a missing one: offer the way back. */}
          {id && decl.writes?.restore && asBridgeError(q.error).status === 404 && (
            <Paper withBorder p="md" data-testid="restore-offer">
              <Text mb="sm">{t('restore.offer')}</Text>
              <RestoreButton decl={decl} id={id} name={id} />
            </Paper>
          )}
        </Stack>
      ) : route && q.isPending ? (
        <Center py="xl" role="status"><Loader aria-label={t('app.loading')} /></Center>
      ) : !record ? (
        <Paper withBorder p="lg"><Text>{t('detail.openFromList')}</Text></Paper>
      ) : (
        <Stack gap="md" data-testid="detail-view">
          {(decl.detail.banners ?? []).filter((b) => b.when(record as Record<string, unknown>)).map((b) => {
            const detail = b.detail ? getPath(record, b.detail) : undefined;
            return (
              <Alert key={b.key} color={b.color} variant="light" title={t(`banners.${b.key}` as never)} data-testid={`banner-${b.key}`}>
                {typeof detail === 'string' && detail && <Text dir="auto">{detail}</Text>}
              </Alert>
            );
          })}
          {id && <RecordActions decl={decl} id={id} record={record as Record<string, unknown>} />}
          {decl.detail.pdf && typeof getPath(record, 'id') === 'string' && (
            <PdfActions documentId={String(getPath(record, 'id'))} available={getPath(record, 'pdf_available') === true} />
          )}
          {decl.detail.sections.map((s, i) => <Section key={s.title} spec={s} record={record} idx={i} pending={pending} />)}
          {decl.detail.tables.map((s) => {
            const onRows = (decl.writes?.actions ?? []).filter((a) => a.row?.rows === s.rows);
            return <SubTable key={s.rows} spec={s} record={record} pending={pending(s.rows)} {...(id && onRows.length > 0 ? { rowActions: { area: decl.area, recordId: id, actions: onRows } } : {})} />;
          })}
        </Stack>
      )}
    </Stack>
  );
}
