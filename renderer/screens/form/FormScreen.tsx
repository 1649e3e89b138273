import { useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { RECORD_TO_BODY, ROUTES, bodyFromRecord, rowToBody, type PrefilledRouteId } from '../../../shared';
import { useT } from '../../i18n';
import { asBridgeError } from '../../bridge/call';
import { useRecord } from '../../data/useRecord';
import type { WriteResult } from '../../data/useWrite';
import { labelOf } from '../../resources/lookup';
import type { ActionSpec, FormSpec, ResourceDecl } from '../../resources/types';
import { getPath } from '../../lib/format';
import { useGo } from '../../router/links';
import { toList, toRecord } from '../../router/paths';
import { notify } from '../../components/notify';
import { ErrorState } from '../access/ErrorState';
import { NotFoundScreen } from '../access/NotFoundScreen';
import { FormView } from './FormView';

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

/** Starting values: a new record's, the record (or the row) as the route would write it back, or the action's own. */
function initialOf(spec: FormSpec, mode: string, record: unknown, row: Rec | null): Rec {
  if (mode === 'new') return spec.initial?.() ?? {};
  if (row) return rowToBody(spec.route, row);
  return spec.route in RECORD_TO_BODY ? bodyFromRecord(spec.route as PrefilledRouteId, record) : (spec.initial?.() ?? {});
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
}

/** Create (#/area/new), edit (#/area/id/edit), action (#/area/id/status) and row action (#/area/id/editActivity/rowId) screens. */
export function FormScreen({ decl, id, mode, sub = null, loaded: Loaded = LoadedForm }: { decl: ResourceDecl; id: string | null; mode: string; sub?: string | null; loaded?: React.ComponentType<LoadedFormProps> }) {
  const spec = formFor(decl, mode);
  const action = actionOf(decl, mode);
  const q = useRecord(decl, mode === 'new' ? null : id);
  const { t } = useT();
  if (!spec || (mode !== 'new' && !id) || Boolean(action?.row) !== (sub !== null)) return <NotFoundScreen />;
  if (mode === 'new') return <Loaded decl={decl} spec={spec} mode={mode} id={null} record={null} row={null} />;
  if (q.error) return <ErrorState error={asBridgeError(q.error)} area={decl.area} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Center py="xl" role="status"><Loader aria-label={t('app.loading')} /></Center>;
  const record = q.data.data as Rec;
  const row = rowOf(record, action, sub);
  if (action?.row && !row) return <NotFoundScreen />;
  const rowProps = action?.row && row && sub ? { list: action.row.rows, param: action.row.param, id: sub, data: row } : null;
  return <Loaded decl={decl} spec={spec} mode={mode} id={id} record={record} row={rowProps} />;
}

function LoadedForm({ decl, spec, mode, id, record, row }: LoadedFormProps) {
  const { t, dyn } = useT();
  const go = useGo();
  // Fixed when the form opens: a refetch of the record must not overwrite what the user typed.
  const [initial] = useState(() => initialOf(spec, mode, record, row?.data ?? null));
  const name = record ? labelOf(decl.area, record) : '';
  const title = mode === 'new' ? dyn('newRecord', decl.area) : mode === 'edit' ? t('form.editTitle', { name }) : `${dyn('actions', mode)}: ${name}`;
  const submitLabel = mode === 'new' ? t('form.create') : mode === 'edit' ? t('form.save') : dyn('actions', mode);
  const adds = actionOf(decl, mode)?.adds;

  const onSaved = (result: WriteResult) => {
    const data = (result.data ?? {}) as Rec;
    const newId = mode === 'new' && typeof data.id === 'string' ? data.id : null;
    const recordId = newId ?? id;
    const deleted = ROUTES[spec.route].kind === 'delete';
    const screen = recordId && decl.detail.route && !deleted ? toRecord(decl.area, recordId) : toList(decl.area);
    const shownName = mode === 'new' ? labelOf(decl.area, data) : name;
    notify({
      title: mode === 'new' ? t('write.created') : deleted ? t('delete.done') : t('write.saved'),
      message: result.recovered ? `${shownName} — ${t('write.recovered')}` : shownName,
      ...(recordId && decl.detail.route && !deleted ? { link: { screen, label: t('write.open') } } : {}),
    });
    go(screen, { replace: true });
  };

  const rowTarget = row ? { list: row.list, param: row.param, id: row.id } : adds ? { list: adds } : undefined;
  return <FormView decl={decl} spec={spec} title={title} id={id} {...(rowTarget ? { row: rowTarget } : {})} initial={initial} submitLabel={submitLabel} onSaved={onSaved} />;
}
