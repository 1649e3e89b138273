import { useCallback, useEffect, useState } from 'react';
import { Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { requiredPermissions, type BridgeError, type Permission } from '../../../shared';
import { useT } from '../../i18n';
import { asBridgeError } from '../../bridge/call';
import { useWrite, type Uncertain } from '../../data/useWrite';
import { useActiveProfile } from '../../app/activeProfile';
import { labelOf } from '../../resources/lookup';
import type { ActionSpec, ResourceDecl, WriteRouteId } from '../../resources/types';
import { ScreenButton, useGo } from '../../router/links';
import { toAction, toEdit, toList } from '../../router/paths';
import { askConfirm } from '../../components/confirm';
import { notify } from '../../components/notify';
import { useAccessSeen } from '../../state/AccessContext';
import { deniedBy, missingFor } from '../../state/permissions';
import { usePermissionFacts } from '../../data/usePermissions';
import { rememberDeleted } from '../../data/recentlyDeleted';
import { WriteProblem } from '../form/WriteProblem';
import { RestoreButton } from './RestoreButton';

type Rec = Record<string, unknown>;

/** The last failure of one write button, shown under the bar. */
interface Problem { error: BridgeError | null; uncertain: Uncertain | null; writing: Permission[] }
type Report = (key: string, p: Problem | null) => void;

/** Keeps the bar's copy of a button's failure current (the hook's state outlives the click). */
function useReport(key: string, route: WriteRouteId, w: { error: BridgeError | null; uncertain: Uncertain | null }, report: Report) {
  const { error, uncertain } = w;
  useEffect(() => report(key, error || uncertain ? { error, uncertain, writing: requiredPermissions(route, undefined) } : null), [key, route, error, uncertain, report]);
}

/** A write button, disabled with its reason when the key is known to lack a permission it needs. */
function Gate({ missing, children }: { missing: Permission[]; children: (disabled: boolean) => React.ReactElement }) {
  const { t } = useT();
  if (missing.length === 0) return children(false);
  return <Tooltip label={t('permissions.needs', { permissions: missing.join(', ') })}><span>{children(true)}</span></Tooltip>;
}

/** Runs a write that needs no form (close, reopen, delete): confirm, send, tell, go on. */
function useCommand(decl: ResourceDecl, id: string, route: WriteRouteId, name: string, settled?: ActionSpec['settled'], action?: string) {
  return useWrite({
    route, area: decl.area, id, params: { id }, name, ...(action ? { action } : {}),
    ...(decl.list ? { listRoute: decl.list.route } : {}), ...(decl.detail.route ? { readRoute: decl.detail.route } : {}),
    ...(decl.writes?.affects ? { affects: decl.writes.affects } : {}), ...(settled ? { settled } : {}),
  });
}

function CommandButton({ decl, id, record, action, report }: { decl: ResourceDecl; id: string; record: Rec; action: ActionSpec; report: Report }) {
  const { t, dyn } = useT();
  const facts = usePermissionFacts();
  const { reportDeniedWrite } = useAccessSeen();
  const name = labelOf(decl.area, record);
  const cmd = useCommand(decl, id, action.route, name, action.settled, action.key);
  useReport(action.key, action.route, cmd, report);
  const run = async () => {
    const ok = await askConfirm({ title: `${dyn('actions', action.key)}: ${name}`, body: t(`confirmAction.${action.key}` as never), confirm: dyn('actions', action.key), ...(action.danger ? { danger: true } : {}) });
    if (!ok) return;
    try {
      const r = await cmd.submit(undefined);
      notify({ title: t('write.done', { action: dyn('actions', action.key) }), message: name, requestId: r.request_id || undefined });
    } catch (e) {
      const err = asBridgeError(e);
      if (err.code === 'insufficient_permission') for (const p of deniedBy(action.route, undefined, facts)) reportDeniedWrite(p);
    }
  };
  return (
    <Gate missing={missingFor(action.route, undefined, facts)}>
      {(disabled) => (
        <Button variant="light" color={action.danger ? 'red' : undefined} leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={() => void run()} loading={cmd.pending} disabled={disabled} data-testid={`action-${action.key}`}>
          {dyn('actions', action.key)}
        </Button>
      )}
    </Gate>
  );
}

function DeleteButton({ decl, id, record, report }: { decl: ResourceDecl; id: string; record: Rec; report: Report }) {
  const { t } = useT();
  const go = useGo();
  const facts = usePermissionFacts();
  const { active } = useActiveProfile();
  const { reportDeniedWrite } = useAccessSeen();
  const del = decl.writes!.delete!;
  const name = labelOf(decl.area, record);
  const cmd = useCommand(decl, id, del.route, name);
  useReport('delete', del.route, cmd, report);
  const restorable = Boolean(decl.writes?.restore);
  const run = async () => {
    const ok = await askConfirm({ title: t('delete.title', { name }), body: restorable ? t('delete.bodyRestorable') : t('delete.bodyFinal'), confirm: t('delete.confirm'), danger: true });
    if (!ok) return;
    try {
      const r = await cmd.submit(undefined);
      if (restorable) rememberDeleted(active.id, { area: decl.area, id, name });
      notify({ title: t('delete.done'), message: name, requestId: r.request_id || undefined, ...(restorable ? { action: <RestoreButton decl={decl} id={id} name={name} compact /> } : {}) });
      go(toList(decl.area), { replace: true });
    } catch (e) {
      const err = asBridgeError(e);
      if (err.code === 'insufficient_permission') for (const p of deniedBy(del.route, undefined, facts)) reportDeniedWrite(p);
    }
  };
  const missing = missingFor(del.route, undefined, facts);
  if (del.form) {
    return (
      <Gate missing={missing}>
        {(disabled) => disabled
          ? <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} disabled data-testid="action-delete">{t('delete.button')}</Button>
          : <ScreenButton screen={toAction(decl.area, id, 'delete')} variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} data-testid="action-delete">{t('delete.button')}</ScreenButton>}
      </Gate>
    );
  }
  return (
    <Gate missing={missing}>
      {(disabled) => (
        <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void run()} loading={cmd.pending} disabled={disabled} data-testid="action-delete">
          {t('delete.button')}
        </Button>
      )}
    </Gate>
  );
}

/** A link button to a form screen (edit, or an action with a form), gated like every write. */
function FormLink({ route, label, screen, testId, icon }: { route: WriteRouteId; label: string; screen: ReturnType<typeof toEdit>; testId: string; icon: React.ReactNode }) {
  const facts = usePermissionFacts();
  return (
    <Gate missing={missingFor(route, undefined, facts)}>
      {(disabled) => disabled
        ? <Button variant="light" leftSection={icon} disabled data-testid={testId}>{label}</Button>
        : <ScreenButton screen={screen} variant="light" leftSection={icon} data-testid={testId}>{label}</ScreenButton>}
    </Gate>
  );
}

/**
 * The writes a record offers, from its area's declaration: edit, its actions, delete. Each is
 * disabled with the reason when the key lacks a permission it needs (combined ones included).
 */
export function RecordActions({ decl, id, record }: { decl: ResourceDecl; id: string; record: Rec }) {
  const { t, dyn } = useT();
  const facts = usePermissionFacts();
  const [problems, setProblems] = useState<Record<string, Problem>>({});
  const report = useCallback<Report>((key, p) => setProblems((prev) => {
    if (!p && !(key in prev)) return prev;
    const next = { ...prev };
    if (p) next[key] = p;
    else delete next[key];
    return next;
  }), []);
  const w = decl.writes;
  if (!w) return null;
  const actions = (w.actions ?? []).filter((a) => a.when?.(record) ?? true);
  const canDelete = w.delete && (w.delete.when?.(record) ?? true);
  const routes = [w.edit?.route, ...actions.map((a) => a.route), canDelete ? w.delete!.route : undefined].filter((r): r is WriteRouteId => r !== undefined);
  const missing = [...new Set(routes.flatMap((r) => missingFor(r, undefined, facts)))];
  if (routes.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="record-actions">
      <Group gap="sm">
        {w.edit && <FormLink route={w.edit.route} label={t('form.edit')} screen={toEdit(decl.area, id)} testId="action-edit" icon={<IconEdit size={16} aria-hidden />} />}
        {actions.map((a) => a.form
          ? <FormLink key={a.key} route={a.route} label={dyn('actions', a.key)} screen={toAction(decl.area, id, a.key)} testId={`action-${a.key}`} icon={<IconPlayerPlay size={16} aria-hidden />} />
          : <CommandButton key={a.key} decl={decl} id={id} record={record} action={a} report={report} />)}
        {canDelete && <DeleteButton decl={decl} id={id} record={record} report={report} />}
      </Group>
      {missing.length > 0 && <Text size="sm" c="dimmed" data-testid="write-locked-reason">{t('permissions.needs', { permissions: missing.join(', ') })}</Text>}
      {Object.entries(problems).map(([key, p]) => <WriteProblem key={key} error={p.error} uncertain={p.uncertain} area={decl.area} writing={p.writing} />)}
    </Stack>
  );
}

