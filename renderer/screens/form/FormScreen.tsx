import { useMemo, useState } from 'react';
import { Alert, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { RECORD_TO_BODY, ROUTES, bodyFromRecord, rowToBody, type OutboxEntry, type PrefilledRouteId } from '../../../shared';
import { useT } from '../../i18n';
import { useQuery } from '@tanstack/react-query';
import { asBridgeError } from '../../bridge/call';
import { useRecord } from '../../data/useRecord';
import { isSeeded } from '../../data/seed';
import type { WriteResult } from '../../data/useWrite';
import { modelOf } from '../../forms/model';
import { ownRevisions } from '../../forms/revisions';
import { declOf, labelOf } from '../../resources/lookup';
import type { ActionSpec, FormSpec, ResourceDecl } from '../../resources/types';
import { ScreenButton, useGo } from '../../nav/links';
import { toList, toOutboxEntry, toRecord, type ScreenTarget, type SourceRecord } from '../../nav/paths';
import { useOutboxPart } from '../../data/outbox';
import { OUTBOX_AREA } from '../../resources/groups';
import { recordOptions } from '../../data/recordRead';
import { notify } from '../../kit/notify';
import { getPath } from '../../lib/format';
import { ErrorState } from '../../kit/ErrorState';
import { UndoButton, undoOf } from './UndoButton';
import { NotFoundScreen } from '../../kit/NotFoundScreen';
import { FormView } from './FormView';
import { useStartingRevisions } from './revisionFill';
import { SavedResult } from './SavedResult';
import { useOnKept } from './kept';

type Rec = Record<string, unknown>;

/** The form a route names: the area's create or edit form, or one of its action forms. */
export function formFor(decl: ResourceDecl, mode: string): FormSpec | undefined {
  const w = decl.writes;
  if (mode === 'new') return w?.create;
  if (mode === 'edit') return w?.edit;
  if (mode === 'delete') return w?.delete?.form;
  return w?.actions?.find((a) => a.key === mode)?.form;
}

const actionOf = (decl: ResourceDecl, mode: string): ActionSpec | undefined => decl.writes?.actions?.find((a) => a.key === mode);

/** The row of the record an action on one row acts on (a lead's activity), found by its id. */
function rowOf(record: Rec, action: ActionSpec | undefined, sub: string | null): Rec | null {
  if (!action?.row || !sub) return null;
  const rows = getPath(record, action.row.rows);
  return Array.isArray(rows) ? ((rows as Rec[]).find((r) => r.id === sub) ?? null) : null;
}

/** Whether the record's state offers this form (an approved expense is not edited; only an approved one is voided). */
export function offered(decl: ResourceDecl, mode: string, record: Rec): boolean {
  const w = decl.writes;
  if (mode === 'edit') return w?.edit?.when?.(record) ?? true;
  if (mode === 'delete') return w?.delete?.when?.(record) ?? true;
  return w?.actions?.find((a) => a.key === mode)?.when?.(record) ?? true;
}

/**
 * Starting values: a new record's; the row an action on one row edits, as its route writes it back; or
 * the record as the route would write it back (an action form: its declared starting values), with the
 * record's revision and what the declaration takes from the record.
 */
export function initialOf(spec: FormSpec, mode: string, record: unknown, row: Rec | null = null, prefilled: Rec | null = null): Rec {
  if (mode === 'new') return { ...spec.initial?.(), ...prefilled };
  if (row) return rowToBody(spec.route, row);
  const r = (record ?? {}) as Rec;
  return {
    ...ownRevisions(modelOf(ROUTES[spec.route].body!), r),
    ...(spec.route in RECORD_TO_BODY ? bodyFromRecord(spec.route as PrefilledRouteId, r) : (spec.initial?.() ?? {})),
    ...(spec.fromRecord?.(r) ?? {}),
  };
}

/** What a form screen has once its record is in; a special screen of an area (a lead's conversion) takes the same. */
export interface LoadedFormProps {
  decl: ResourceDecl;
  spec: FormSpec;
  mode: string;
  id: string | null;
  record: Rec | null;
  /** The row an action on one row acts on, with what the form needs to write it. */
  row: { list: string; param: string; id: string; data: Rec } | null;
  /** A new record's values taken from the record it starts from (FormSpec.prefill), over its starting values. */
  prefilled?: Rec | null;
  /** Where the screen goes once saved, when not to the record written: back to the record it started from. */
  returnTo?: ScreenTarget | null;
  /** A change waiting in the outbox that this form changes: it opens with the entry's values, and saving keeps the new ones there. */
  kept?: OutboxEntry | null;
}

/** After a record started from another is saved, back to that one, unless its start says the new one (a used-up draft). */
function returnOf(from: SourceRecord, area: string): ScreenTarget | null {
  const start = declOf(from.area)?.writes?.starts?.find((st) => st.area === area);
  return start && start.after !== 'created' ? toRecord(from.area, from.id) : null;
}

/** The record a new one starts from, through its own area's detail route (shared with its screen's cache). */
function useSource(from: SourceRecord | null) {
  const decl = from ? declOf(from.area) : undefined;
  const route = decl?.detail.route;
  return useQuery({ ...recordOptions(from?.area ?? '', from?.id ?? null, route), enabled: !!route && from !== null });
}

/** Create (#/area/new), edit (#/area/id/edit), action (#/area/id/status) and row action (#/area/id/editActivity/rowId) screens. */
export function FormScreen({ decl, id, mode, sub = null, from = null, outbox = null, loaded = LoadedForm }: { decl: ResourceDecl; id: string | null; mode: string; sub?: string | null; from?: SourceRecord | null; outbox?: string | null; loaded?: React.ComponentType<LoadedFormProps> }) {
  const spec = formFor(decl, mode);
  const action = actionOf(decl, mode);
  const q = useRecord(decl, mode === 'new' ? null : id);
  const prefill = from ? spec?.prefill?.[from.area] : undefined;
  const source = useSource(mode === 'new' && prefill ? from : null);
  // Only the entry being changed: other entries' moves (this very save's) do not render the form again.
  const waiting = useOutboxPart((o) => (outbox ? o.entries.find((e) => e.id === outbox) ?? null : null));
  const { t } = useT();
  // A change of the outbox is changed in the generic form (an area's own screen sends what it makes itself).
  const Loaded = outbox ? LoadedForm : loaded;
  const kept = waiting.data ?? null;
  if (!spec || (mode !== 'new' && !id) || Boolean(action?.row) !== (sub !== null)) return <NotFoundScreen />;
  if (outbox) {
    if (waiting.isPending) return <Center py="xl" role="status"><Loader aria-label={t('app.loading')} /></Center>;
    // Sent (or on its way) or discarded meanwhile: there is nothing left to change.
    if (!kept || kept.route !== spec.route || kept.state === 'sent' || kept.state === 'sending') {
      return (
        <Stack gap="md">
          <Title order={1} size="h2" id="screen-title">{t('outbox.title')}</Title>
          <Alert color="gray" variant="light" data-testid="outbox-entry-gone">{t('outbox.gone')}</Alert>
          <Group><ScreenButton variant="default" screen={toList(OUTBOX_AREA)}>{t('outbox.backToOutbox')}</ScreenButton></Group>
        </Stack>
      );
    }
  }
  if (mode === 'new') {
    if (!from) return <Loaded decl={decl} spec={spec} mode={mode} id={null} record={null} row={null} kept={kept} />;
    // Started from a record this form does not start from (an edited address): not a screen of the app.
    if (!prefill) return <NotFoundScreen />;
    if (source.error) return <ErrorState error={asBridgeError(source.error)} area={from.area} onRetry={() => void source.refetch()} />;
    if (!source.data || isSeeded(source.data)) return <Center py="xl" role="status"><Loader aria-label={t('app.loading')} /></Center>;
    return <Loaded decl={decl} spec={spec} mode={mode} id={null} record={null} row={null} prefilled={prefill(source.data.data as Rec)} returnTo={returnOf(from, decl.area)} />;
  }
  if (q.error) return <ErrorState error={asBridgeError(q.error)} area={decl.area} onRetry={() => void q.refetch()} />;
  if (!q.data || isSeeded(q.data)) return <Center py="xl" role="status"><Loader aria-label={t('app.loading')} /></Center>;
  const record = q.data.data as Rec;
  const row = rowOf(record, action, sub);
  if (action?.row && !row) return <NotFoundScreen />;
  const rowProps = action?.row && row && sub ? { list: action.row.rows, param: action.row.param, id: sub, data: row } : null;
  return <Loaded decl={decl} spec={spec} mode={mode} id={id} record={record} row={rowProps} kept={kept} />;
}

function LoadedForm({ decl, spec, mode, id, record, row, prefilled = null, returnTo = null, kept = null }: LoadedFormProps) {
  const { t, dyn } = useT();
  const go = useGo();
  const keptTo = useOnKept();
  // Fixed when the form opens: a refetch of the record must not overwrite what the user typed. A kept change opens with its values.
  const [initial] = useState(() => ({ ...initialOf(spec, mode, record, row?.data ?? null, prefilled), ...(kept ? kept.body as Rec : {}) }));
  const [opened] = useState(record);
  const start = useStartingRevisions(useMemo(() => modelOf(ROUTES[spec.route].body!), [spec.route]), initial);
  const [saved, setSaved] = useState<WriteResult | null>(null);
  // Judged on the record as the form opened: a refetch after saving must not take the result away.
  const [isOffered] = useState(() => !record || offered(decl, mode, record));
  // "Record another" starts a new form with the declaration's starting values.
  const [round, setRound] = useState<{ n: number; initial: Rec } | null>(null);
  const name = record ? labelOf(decl.area, record) : '';
  const plainTitle = mode === 'new' ? dyn('newRecord', decl.area) : mode === 'edit' ? t('form.editTitle', { name }) : `${dyn('actions', mode)}: ${name}`;
  const title = kept ? t('outbox.editTitle', { title: plainTitle }) : plainTitle;
  const submitLabel = mode === 'new' ? t('form.create') : mode === 'edit' ? t('form.save') : dyn('actions', mode);
  const seen = useMemo(() => [...(opened ? [opened] : []), ...(start?.records ?? [])], [opened, start]);
  const startFrom = useMemo(() => (mode === 'edit' ? (r: Rec) => initialOf(spec, mode, r) : undefined), [spec, mode]);
  const adds = actionOf(decl, mode)?.adds;

  if (!isOffered) {
    // Opened by its address on a record whose state does not offer it: said here, not left to the service to refuse.
    return (
      <Stack gap="md">
        <Title order={1} size="h2" id="screen-title" dir="auto">{title}</Title>
        <Alert color="gray" variant="light" data-testid="form-not-offered">{t('form.notOffered')}</Alert>
        {id && <Group><ScreenButton variant="default" screen={toRecord(decl.area, id)}>{t('write.back')}</ScreenButton></Group>}
      </Stack>
    );
  }
  if (!start) return <Center py="xl" role="status"><Loader aria-label={t('app.loading')} /></Center>;
  if (saved && spec.result && !saved.queued) {
    return <SavedResult decl={decl} spec={spec} result={saved} title={title} onAgain={mode === 'new' && !returnTo ? () => { setSaved(null); setRound((r) => ({ n: (r?.n ?? 0) + 1, initial: spec.initial?.() ?? {} })); } : undefined} backTo={returnTo ?? (id ? toRecord(decl.area, id) : null)} />;
  }

  const onSaved = (result: WriteResult) => {
    // Its new values are in the outbox: back to it, to the entry.
    if (kept) {
      notify({ title: t('outbox.changedDone'), message: kept.name ?? name });
      go(toOutboxEntry(kept.id), { replace: true });
      return;
    }
    if (result.queued) { onKept(result.queued); return; }
    const data = (result.data ?? {}) as Rec;
    const writtenId = spec.result?.id ? getPath(data, spec.result.id) : undefined;
    const newId = mode === 'new' && typeof data.id === 'string' ? data.id : null;
    const recordId = newId ?? (typeof writtenId === 'string' ? writtenId : id);
    const deleted = ROUTES[spec.route].kind === 'delete';
    const screen = recordId && decl.detail.route && !deleted ? toRecord(decl.area, recordId) : toList(decl.area);
    const shownName = mode === 'new' ? labelOf(decl.area, data) : name;
    // A result screen tells what was saved itself.
    if (spec.result) { setSaved(result); return; }
    const how = result.recovered ? t('write.recovered') : result.replayed ? t('write.replayed') : null;
    // A change that can be taken back (a status set) offers Undo, from the record as the form found it.
    const undo = id && record ? undoOf(decl, actionOf(decl, mode), id, record, name) : null;
    notify({
      title: mode === 'new' ? t('write.created') : deleted ? t('delete.done') : t('write.saved'),
      message: how ? `${shownName} — ${how}` : shownName,
      ...(recordId && decl.detail.route && !deleted ? { link: { screen, label: t('write.open') } } : {}),
      ...(undo ? { action: <UndoButton undo={undo} done={t('undo.done')} /> } : {}),
      requestId: result.request_id || undefined,
    });
    go(returnTo ?? screen, { replace: true });
  };

  /** Kept to send later: back to the record (one made offline by its temporary id, from the copy) as after a save. */
  const onKept = (entry: OutboxEntry) => {
    const deleted = ROUTES[spec.route].kind === 'delete';
    const recordId = mode === 'new' ? entry.temp_id : id;
    keptTo(entry, name, returnTo ?? (recordId && decl.detail.route && !deleted ? toRecord(decl.area, recordId) : toList(decl.area)));
  };

  const rowTarget = row ? { list: row.list, param: row.param, id: row.id } : adds ? { list: adds } : undefined;
  return (
    <FormView
      key={round?.n ?? 0}
      decl={decl}
      spec={spec}
      title={title}
      id={id}
      initial={round?.initial ?? start.values}
      submitLabel={submitLabel}
      onSaved={onSaved}
      seen={seen}
      {...(startFrom ? { startFrom } : {})}
      {...(rowTarget ? { row: rowTarget } : {})}
      recordName={record ? name : undefined}
      action={mode === 'new' || mode === 'edit' || mode === 'delete' ? undefined : mode}
      {...(kept ? { resolves: { entry: kept.id, body: kept.body }, intro: <Alert color="blue" variant="light" data-testid="outbox-edit-intro">{t('outbox.editIntro')}</Alert> } : {})}
    />
  );
}
