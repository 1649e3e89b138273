import { Fragment, useEffect } from 'react';
import { useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Alert, Center, Loader, Paper, Stack, Text } from '@mantine/core';
import { asBridgeError } from '../../bridge/call';
import { meansOffline } from '../../bridge/network';
import { useCopyRecord } from '../../data/localCopy';
import { useRecord } from '../../data/useRecord';
import { useT } from '../../i18n';
import type { ResourceDecl, SectionSpec } from '../../resources/types';
import { FieldValue } from '../../kit/FieldValue';
import { useHeadingLevel } from '../../kit/headingLevel';
import { PaperSection } from '../../kit/PaperSection';
import { formatDate, formatTimestamp, getPath, labelKeyOf } from '../../lib/format';
import { useLocale } from '../../kit/useLocale';
import { ErrorState } from '../../kit/ErrorState';
import { qk } from '../../data/queryKeys';
import { isSeeded } from '../../data/seed';
import type { RecordAnswer } from '../../data/recordRead';
import { PdfActions } from './PdfActions';
import { SubTable } from '../../kit/SubTable';
import { RecordActions } from './RecordActions';
import { RestoreButton } from './RestoreButton';
import { RelatedSections } from './RelatedSections';
import { labelOf } from '../../resources/lookup';
import { useActiveProfile } from '../../session/activeProfile';
import { rememberViewed } from '../../session/recentlyViewed';
import { notKnownYet } from '../../rules/outbox';
import { NotYetKnown } from '../../kit/outboxText';
import { WaitingChanges } from './WaitingChanges';

/** A value the record does not carry yet (seeded from a create's answer; the full record is on its way). */
function Pending() {
  const { t } = useT();
  return <span className="dimmed" role="status" aria-busy="true" aria-label={t('app.loading')}>…</span>;
}

type IsPending = (path: string) => boolean;

/** `idInTitle`: the screen's title copies the record's id, so its own id field does not offer a second copy. `notYet`: a value only the service gives, for a record made offline. */
function Section({ spec, record, idx, pending, notYet, idInTitle }: { spec: SectionSpec; record: unknown; idx: number; pending: IsPending; notYet: IsPending; idInTitle: boolean }) {
  const { dyn } = useT();
  const level = useHeadingLevel();
  const id = `section-${idx}`;
  return (
    <PaperSection titleId={id} title={dyn('sections', spec.title)} level={level}>
      <dl className="fields">
        {spec.fields.map((f) => (
          <div key={f.key} className={f.kind === 'json' ? 'field field-wide' : 'field'}>
            <dt>{dyn('fields', labelKeyOf(f))}</dt>
            <dd>{pending(f.key) ? <Pending /> : notYet(f.key) ? <NotYetKnown /> : <FieldValue spec={f} row={record} names withCopy={!(idInTitle && f.key === 'id')} />}</dd>
          </div>
        ))}
      </dl>
    </PaperSection>
  );
}

/**
 * The record's sections without what a table below lists in full (its phones, its addresses): each
 * value is shown once. A table with no rows covers nothing. A section left empty is not shown
 * (its place is kept, so the related sections still follow the overview).
 */
function shownSections(decl: ResourceDecl, record: unknown): SectionSpec[] {
  const covered = decl.detail.tables.flatMap((t) => {
    const rows = getPath(record, t.rows);
    return Array.isArray(rows) && rows.length > 0 ? t.covers ?? [] : [];
  });
  if (covered.length === 0) return decl.detail.sections;
  const isCovered = (key: string) => covered.some((p) => key === p || key.startsWith(`${p}.`));
  return decl.detail.sections.map((s) => ({ ...s, fields: s.fields.filter((f) => !isCovered(f.key)) }));
}

/** The rows a cached list answer holds: one page, or every page of a fully loaded table. */
function cachedRows(answer: unknown): unknown[] {
  const pages = (answer as InfiniteData<{ data: unknown }> | undefined)?.pages;
  if (Array.isArray(pages)) return pages.flatMap((p) => (Array.isArray(p.data) ? p.data : []));
  const rows = (answer as { data?: unknown } | undefined)?.data;
  return Array.isArray(rows) ? rows : [];
}

/** A row of a list-only area, found in the cached pages of its list. */
function useCachedRow(area: string, id: string | null, rowId: string): unknown {
  const qc = useQueryClient();
  if (!id) return undefined;
  for (const [, answer] of [...qc.getQueriesData({ queryKey: qk.lists(area) }), ...qc.getQueriesData({ queryKey: qk.allRows(area) })]) {
    const hit = cachedRows(answer).find((r) => getPath(r, rowId) === id);
    if (hit) return hit;
  }
  return undefined;
}

export type RecordModel = ReturnType<typeof useRecordModel>;

/** One record as its screens show it: from its detail route, or from its list's cached rows. */
export function useRecordModel(decl: ResourceDecl, id: string | null) {
  const { maybe, dyn } = useT();
  const locale = useLocale();
  const route = decl.detail.route;
  const q = useRecord(decl, id);
  const cached = useCachedRow(decl.area, route ? null : id, decl.list?.rowId ?? 'id');
  // No connection: the record as the local copy holds it, said so with its time.
  const offline = Boolean(route && q.error && meansOffline(asBridgeError(q.error)));
  // Its cache entry is the one the page's first paint read (the row): only offline is it shown as such.
  const copy = useCopyRecord(decl.area, id, offline).data ?? null;
  const seeded = Boolean(route) && isSeeded(q.data);
  // Offline with no full record (none, or only the row the page first painted from): the copy's, said so.
  const fromCopy = offline && copy !== null && (!q.data || seeded);
  const record = route ? (fromCopy ? copy.record : q.data?.data) : cached;
  const pending: IsPending = (path) => seeded && !fromCopy && getPath(record, path.split('.')[0]!) === undefined;
  const notYet: IsPending = (path) => notKnownYet(decl.area, record, path);
  const title = record ? getPath(record, decl.detail.title) : undefined;
  // The heading is formatted like its field: a date in the user's locale, an enum by its label.
  const titleKind = decl.detail.sections.flatMap((s) => s.fields).find((f) => f.key === decl.detail.title)?.kind;
  const titleText = typeof title === 'string' && titleKind === 'date' ? formatDate(title, locale)
    : typeof title === 'string' || typeof title === 'number' ? maybe('enums', String(title)) : dyn('areas', decl.area);
  // Known to be offline, the record's read answered from the copy itself.
  const served = (q.data as RecordAnswer | undefined)?.copy;
  const copyAsOf = fromCopy ? (copy.asOf ?? '') : served ? (served.as_of ?? '') : null;
  return { q, route, record, pending, notYet, titleText, copyAsOf, seededOnly: seeded };
}

/**
 * A record's body by sections, with its writes, PDF buttons, embedded tables and links: the same
 * on the record's own page and in the drawer over its table.
 */
export function RecordBody({ decl, id, model }: { decl: ResourceDecl; id: string | null; model: RecordModel }) {
  const { t, locale } = useT();
  const { q, route, record, pending, notYet, copyAsOf } = model;
  const { active } = useActiveProfile();
  // The palette's recently viewed: every record shown here, on its page or in a drawer.
  const viewed = record && id && !model.seededOnly ? labelOf(decl.area, record as Record<string, unknown>) : null;
  useEffect(() => { if (viewed !== null && id) rememberViewed(active.id, { area: decl.area, id, name: viewed }); }, [active.id, decl.area, id, viewed]);
  if (route && q.error && copyAsOf === null) {
    return (
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
    );
  }
  if (route && q.isPending) return <Center py="xl" role="status"><Loader aria-label={t('app.loading')} /></Center>;
  if (!record) return <Paper withBorder p="lg"><Text>{t('detail.openFromList')}</Text></Paper>;
  return (
    <Stack gap="md" data-testid="detail-view" data-source={copyAsOf !== null ? 'local' : 'api'}>
      {copyAsOf !== null && (
        <Alert color="gray" variant="light" title={t('detail.fromCopy', { time: copyAsOf ? formatTimestamp(copyAsOf, locale) : '—' })} data-testid="record-from-copy">
          {t('detail.fromCopyBody')}
        </Alert>
      )}
      {id && <WaitingChanges area={decl.area} id={id} record={record} />}
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
      {shownSections(decl, record).map((s, i) => (
        <Fragment key={s.title}>
          {s.fields.length > 0 && <Section spec={s} record={record} idx={i} pending={pending} notYet={notYet} idInTitle={id !== null} />}
          {/* What names this record (a customer's documents and totals) follows its overview. */}
          {i === 0 && id && decl.detail.related && <RelatedSections decl={decl} id={id} name={labelOf(decl.area, record as Record<string, unknown>)} />}
        </Fragment>
      ))}
      {decl.detail.tables.map((s) => {
        const onRows = (decl.writes?.actions ?? []).filter((a) => a.row?.rows === s.rows);
        return <SubTable key={s.rows} spec={s} record={record} pending={pending(s.rows)} {...(id && onRows.length > 0 ? { rowActions: { area: decl.area, recordId: id, actions: onRows } } : {})} />;
      })}
    </Stack>
  );
}
