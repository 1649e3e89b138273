import { useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { RECORD_TO_BODY, ROUTES, bodyFromRecord, type PrefilledRouteId } from '../../../shared';
import { useT } from '../../i18n';
import { asBridgeError } from '../../bridge/call';
import { useRecord } from '../../data/useRecord';
import type { WriteResult } from '../../data/useWrite';
import { labelOf } from '../../resources/lookup';
import type { FormSpec, ResourceDecl } from '../../resources/types';
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

/** Starting values: a new record's, or the record as the route would write it back. */
function initialOf(spec: FormSpec, mode: string, record: unknown): Rec {
  if (mode === 'new') return spec.initial?.() ?? {};
  return spec.route in RECORD_TO_BODY ? bodyFromRecord(spec.route as PrefilledRouteId, record) : {};
}

/** Create (#/area/new), edit (#/area/id/edit) and action form screens (#/area/id/status). */
export function FormScreen({ decl, id, mode }: { decl: ResourceDecl; id: string | null; mode: string }) {
  const spec = formFor(decl, mode);
  const q = useRecord(decl, mode === 'new' ? null : id);
  const { t } = useT();
  if (!spec || (mode !== 'new' && !id)) return <NotFoundScreen />;
  if (mode === 'new') return <LoadedForm decl={decl} spec={spec} mode={mode} id={null} record={null} />;
  if (q.error) return <ErrorState error={asBridgeError(q.error)} area={decl.area} onRetry={() => void q.refetch()} />;
  if (!q.data) return <Center py="xl" role="status"><Loader aria-label={t('app.loading')} /></Center>;
  return <LoadedForm decl={decl} spec={spec} mode={mode} id={id} record={q.data.data as Rec} />;
}

function LoadedForm({ decl, spec, mode, id, record }: { decl: ResourceDecl; spec: FormSpec; mode: string; id: string | null; record: Rec | null }) {
  const { t, dyn } = useT();
  const go = useGo();
  // Fixed when the form opens: a refetch of the record must not overwrite what the user typed.
  const [initial] = useState(() => initialOf(spec, mode, record));
  const name = record ? labelOf(decl.area, record) : '';
  const title = mode === 'new' ? dyn('newRecord', decl.area) : mode === 'edit' ? t('form.editTitle', { name }) : `${dyn('actions', mode)}: ${name}`;
  const submitLabel = mode === 'new' ? t('form.create') : mode === 'edit' ? t('form.save') : dyn('actions', mode);

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
      requestId: result.request_id || undefined,
    });
    go(screen, { replace: true });
  };

  const action = mode === 'new' || mode === 'edit' || mode === 'delete' ? undefined : mode;
  return <FormView decl={decl} spec={spec} title={title} id={id} initial={initial} submitLabel={submitLabel} onSaved={onSaved} recordName={record ? name : undefined} action={action} />;
}
