import { useMemo, useState } from 'react';
import { Alert, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { RECORD_TO_BODY, ROUTES, bodyFromRecord, type PrefilledRouteId } from '../../../shared';
import { useT } from '../../i18n';
import { asBridgeError } from '../../bridge/call';
import { useRecord } from '../../data/useRecord';
import type { WriteResult } from '../../data/useWrite';
import { modelOf } from '../../forms/model';
import { ownRevisions } from '../../forms/revisions';
import { labelOf } from '../../resources/lookup';
import type { FormSpec, ResourceDecl } from '../../resources/types';
import { ScreenButton, useGo } from '../../router/links';
import { toList, toRecord } from '../../router/paths';
import { notify } from '../../components/notify';
import { getPath } from '../../lib/format';
import { ErrorState } from '../access/ErrorState';
import { NotFoundScreen } from '../access/NotFoundScreen';
import { FormView } from './FormView';
import { useStartingRevisions } from './revisionFill';
import { SavedResult } from './SavedResult';

type Rec = Record<string, unknown>;

/** The form a route names: the area's create or edit form, or one of its action forms. */
export function formFor(decl: ResourceDecl, mode: string): FormSpec | undefined {
  const w = decl.writes;
  if (mode === 'new') return w?.create;
  if (mode === 'edit') return w?.edit;
  if (mode === 'delete') return w?.delete?.form;
  return w?.actions?.find((a) => a.key === mode)?.form;
}

/** Whether the record's state offers this form (an approved expense is not edited; only an approved one is voided). */
export function offered(decl: ResourceDecl, mode: string, record: Rec): boolean {
  const w = decl.writes;
  if (mode === 'edit') return w?.edit?.when?.(record) ?? true;
  if (mode === 'delete') return w?.delete?.when?.(record) ?? true;
  return w?.actions?.find((a) => a.key === mode)?.when?.(record) ?? true;
}

/**
 * Starting values: a new record's, or the record as the route would write it back; an action form
 * starts from the record's revision and what its declaration takes from the record.
 */
export function initialOf(spec: FormSpec, mode: string, record: unknown): Rec {
  if (mode === 'new') return spec.initial?.() ?? {};
  const r = (record ?? {}) as Rec;
  return {
    ...ownRevisions(modelOf(ROUTES[spec.route].body!), r),
    ...(spec.route in RECORD_TO_BODY ? bodyFromRecord(spec.route as PrefilledRouteId, r) : {}),
    ...(spec.fromRecord?.(r) ?? {}),
  };
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
  const [opened] = useState(record);
  const start = useStartingRevisions(useMemo(() => modelOf(ROUTES[spec.route].body!), [spec.route]), initial);
  const [saved, setSaved] = useState<WriteResult | null>(null);
  // Judged on the record as the form opened: a refetch after saving must not take the result away.
  const [isOffered] = useState(() => !record || offered(decl, mode, record));
  // "Record another" starts a new form with the declaration's starting values.
  const [round, setRound] = useState<{ n: number; initial: Rec } | null>(null);
  const name = record ? labelOf(decl.area, record) : '';
  const title = mode === 'new' ? dyn('newRecord', decl.area) : mode === 'edit' ? t('form.editTitle', { name }) : `${dyn('actions', mode)}: ${name}`;
  const submitLabel = mode === 'new' ? t('form.create') : mode === 'edit' ? t('form.save') : dyn('actions', mode);
  const seen = useMemo(() => [...(opened ? [opened] : []), ...(start?.records ?? [])], [opened, start]);
  const startFrom = useMemo(() => (mode === 'edit' ? (r: Rec) => initialOf(spec, mode, r) : undefined), [spec, mode]);

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
  if (saved && spec.result) {
    return <SavedResult decl={decl} spec={spec} result={saved} title={title} onAgain={mode === 'new' ? () => { setSaved(null); setRound((r) => ({ n: (r?.n ?? 0) + 1, initial: spec.initial?.() ?? {} })); } : undefined} backTo={id} />;
  }

  const onSaved = (result: WriteResult) => {
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
    notify({
      title: mode === 'new' ? t('write.created') : deleted ? t('delete.done') : t('write.saved'),
      message: how ? `${shownName} — ${how}` : shownName,
      ...(recordId && decl.detail.route && !deleted ? { link: { screen, label: t('write.open') } } : {}),
    });
    go(screen, { replace: true });
  };

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
    />
  );
}
