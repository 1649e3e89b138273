import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { IconEdit, IconFilePlus, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { requiredPermissions, type BridgeError, type Permission } from '../../../shared';
import { useT } from '../../i18n';
import { asBridgeError } from '../../bridge/call';
import { useWrite, type Conflict, type Uncertain, type WriteResult } from '../../data/useWrite';
import { useActiveProfile } from '../../session/activeProfile';
import { declOf, labelOf } from '../../resources/lookup';
import type { ActionSpec, Blocker, ResourceDecl, WriteRouteId } from '../../resources/types';
import { RecordName } from '../../kit/RecordName';
import { commandBody } from '../../forms/revisions';
import { ScreenButton, ScreenLink, useGo } from '../../nav/links';
import { toAction, toCreate, toEdit, toList, toRecord, type ScreenTarget } from '../../nav/paths';
import { askConfirm } from '../../lib/ask';
import { notify } from '../../kit/notify';
import { useAccessSeen } from '../../session/AccessContext';
import { deniedBy } from '../../rules/permissions';
import { usePermissionFacts, useWriteBlock } from '../../session/usePermissions';
import { rememberDeleted } from '../../session/recentlyDeleted';
import { WriteProblem } from '../form/WriteProblem';
import { ConflictNotice } from '../form/ConflictNotice';
import { UndoButton, undoOf } from '../form/UndoButton';
import { RestoreButton } from './RestoreButton';
import { WriteGate } from '../../kit/WriteGate';

type Rec = Record<string, unknown>;

/** The last failure of one write button, shown under the bar. */
interface Problem { error: BridgeError | null; uncertain: Uncertain | null; conflict: Conflict | null; writing: Permission[]; again: string }
type Report = (key: string, p: Problem | null) => void;
/** What the bar knows once for all its buttons: why a write is blocked, and the key's permission facts. */
interface Gate { block: ReturnType<typeof useWriteBlock>; facts: ReturnType<typeof usePermissionFacts> }

/** Keeps the bar's copy of a button's failure current (the hook's state outlives the click). */
function useReport(key: string, route: WriteRouteId, w: { error: BridgeError | null; uncertain: Uncertain | null; conflict: Conflict | null }, again: string, report: Report) {
  const { error, uncertain, conflict } = w;
  useEffect(() => report(key, error || uncertain || conflict ? { error, uncertain, conflict, writing: requiredPermissions(route, undefined), again } : null), [key, route, error, uncertain, conflict, again, report]);
}

/** Runs a write that needs no form (close, reopen, approve, delete): confirm, send, tell, go on. */
function useCommand(decl: ResourceDecl, id: string, route: WriteRouteId, name: string, settled?: ActionSpec['settled'], action?: string) {
  // The record as the user saw it when they confirmed: what a stale revision is explained against.
  const seen = useRef<Rec | null>(null);
  const write = useWrite({
    route, area: decl.area, id, params: { id }, name, ...(action ? { action } : {}),
    ...(decl.list ? { listRoute: decl.list.route } : {}), ...(decl.detail.route ? { readRoute: decl.detail.route } : {}),
    ...(decl.writes?.affects ? { affects: decl.writes.affects } : {}), ...(settled ? { settled } : {}),
    basis: (rid) => (seen.current?.id === rid ? seen.current : undefined),
  });
  // The body comes from the record shown now: after a stale revision, that is the version read again.
  const run = useCallback((record: Rec) => {
    seen.current = record;
    return write.submit(commandBody(route, record) ?? undefined);
  }, [write, route]);
  return { ...write, run };
}

/** How an answer is told: a replay (the user's retry of a write that went through) is the result too. */
const outcome = (t: ReturnType<typeof useT>['t'], name: string, r: WriteResult) => (r.queued ? t('outbox.keptBody', { name }) : r.replayed ? `${name} — ${t('write.replayed')}` : r.recovered ? `${name} — ${t('write.recovered')}` : name);

/** Blockers of an action in words: the UI's own where it has them, else the service's. */
function useBlockerText() {
  const { maybeKey } = useT();
  return (b: { code: string; message?: string }) => maybeKey(`issues.${b.code}`) ?? b.message ?? b.code;
}

/** One thing that blocks an action: in words, the record it names (the expense a suspected duplicate resembles), and what the user can do about it. */
function BlockerItem({ blocker, text }: { blocker: Blocker; text: string }) {
  const { t, maybeKey } = useT();
  const hint = maybeKey(`blockers.hints.${blocker.code}`);
  return (
    <Stack gap={2}>
      <Text size="sm" span>{text}</Text>
      {blocker.related && (
        <Text size="sm" span data-testid={`blocker-related-${blocker.code}`}>
          {t('blockers.resembles')}{' '}
          <ScreenLink screen={toRecord(blocker.related.area, blocker.related.id)}><RecordName area={blocker.related.area} id={blocker.related.id} full /></ScreenLink>
        </Text>
      )}
      {hint && <Text size="sm" c="dimmed" span data-testid={`blocker-hint-${blocker.code}`}>{hint}</Text>}
    </Stack>
  );
}

function CommandButton({ decl, id, record, action, report, gate: { block, facts } }: { decl: ResourceDecl; id: string; record: Rec; action: ActionSpec; report: Report; gate: Gate }) {
  const { t, dyn } = useT();
  const blockerText = useBlockerText();
  const { reportDeniedWrite } = useAccessSeen();
  const name = labelOf(decl.area, record);
  const cmd = useCommand(decl, id, action.route, name, action.settled, action.key);
  const label = dyn('actions', action.key);
  useReport(action.key, action.route, cmd, t('stale.decideCommand', { action: label }), report);
  const blockers = action.blockers?.(record) ?? [];
  const reason = block(action.route) ?? (blockers.length ? t('blockers.title', { action: label }) : null);
  const run = async () => {
    const ok = await askConfirm({ title: `${label}: ${name}`, body: t(`confirmAction.${action.key}` as never), confirm: label, ...(action.danger ? { danger: true } : {}) });
    if (!ok) return;
    try {
      const r = await cmd.run(record);
      const undo = undoOf(decl, action, id, record, name);
      notify({
        title: r.queued ? t('outbox.keptAction', { action: label }) : t('write.done', { action: label }), message: outcome(t, name, r), requestId: r.request_id || undefined,
        ...(undo ? { action: <UndoButton undo={undo} done={t('undo.done')} /> } : {}),
      });
    } catch (e) {
      const err = asBridgeError(e);
      if (err.code === 'insufficient_permission') for (const p of deniedBy(action.route, undefined, facts)) reportDeniedWrite(p);
    }
  };
  return (
    <Stack gap={4}>
      <WriteGate reason={reason}>
        {(disabled) => (
          <Button variant="light" color={action.danger ? 'red' : undefined} leftSection={<IconPlayerPlay size={16} aria-hidden />} onClick={() => void run()} loading={cmd.pending} disabled={disabled} data-testid={`action-${action.key}`}>
            {label}
          </Button>
        )}
      </WriteGate>
      {blockers.length > 0 && (
        <div data-testid={`blockers-${action.key}`}>
          <Text size="sm" fw={500}>{t('blockers.title', { action: label })}</Text>
          <List size="sm">{blockers.map((b) => <List.Item key={b.code} data-code={b.code}><BlockerItem blocker={b} text={blockerText(b)} /></List.Item>)}</List>
        </div>
      )}
    </Stack>
  );
}

function DeleteButton({ decl, id, record, report, gate: { block, facts } }: { decl: ResourceDecl; id: string; record: Rec; report: Report; gate: Gate }) {
  const { t, maybeKey } = useT();
  const go = useGo();
  const { active } = useActiveProfile();
  const { reportDeniedWrite } = useAccessSeen();
  const del = decl.writes!.delete!;
  const name = labelOf(decl.area, record);
  const cmd = useCommand(decl, id, del.route, name);
  useReport('delete', del.route, cmd, t('stale.decideCommand', { action: t('delete.button') }), report);
  const restorable = Boolean(decl.writes?.restore);
  const run = async () => {
    // An area may say what else goes with the record, and what stays (a lead's tasks).
    const body = maybeKey(`deleteBody.${decl.area}`) ?? (restorable ? t('delete.bodyRestorable') : t('delete.bodyFinal'));
    const ok = await askConfirm({ title: t('delete.title', { name }), body, confirm: t('delete.confirm'), danger: true });
    if (!ok) return;
    try {
      const r = await cmd.run(record);
      // Kept to send later: nothing is deleted yet, so there is nothing to restore.
      const undo = restorable && !r.queued;
      if (undo) rememberDeleted(active.id, { area: decl.area, id, name });
      notify({ title: r.queued ? t('outbox.keptAction', { action: t('delete.button') }) : t('delete.done'), message: outcome(t, name, r), requestId: r.request_id || undefined, ...(undo ? { action: <RestoreButton decl={decl} id={id} name={name} compact /> } : {}) });
      go(toList(decl.area), { replace: true });
    } catch (e) {
      const err = asBridgeError(e);
      if (err.code === 'insufficient_permission') for (const p of deniedBy(del.route, undefined, facts)) reportDeniedWrite(p);
    }
  };
  const reason = block(del.route);
  if (del.form) {
    return (
      <WriteGate reason={reason}>
        {(disabled) => disabled
          ? <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} disabled data-testid="action-delete">{t('delete.button')}</Button>
          : <ScreenButton screen={toAction(decl.area, id, 'delete')} variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} data-testid="action-delete">{t('delete.button')}</ScreenButton>}
      </WriteGate>
    );
  }
  return (
    <WriteGate reason={reason}>
      {(disabled) => (
        <Button variant="light" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => void run()} loading={cmd.pending} disabled={disabled} data-testid="action-delete">
          {t('delete.button')}
        </Button>
      )}
    </WriteGate>
  );
}

/** A link button to a form screen (edit, or an action with a form), gated like every write. */
function FormLink({ reason, label, screen, testId, icon }: { reason: string | null; label: string; screen: ScreenTarget; testId: string; icon: React.ReactNode }) {
  return (
    <WriteGate reason={reason}>
      {(disabled) => disabled
        ? <Button variant="light" leftSection={icon} disabled data-testid={testId}>{label}</Button>
        : <ScreenButton screen={screen} variant="light" leftSection={icon} data-testid={testId}>{label}</ScreenButton>}
    </WriteGate>
  );
}

/**
 * The writes a record offers, from its area's declaration: edit, its actions, delete. Each is
 * disabled with the reason when it cannot be made: a permission the key lacks (combined ones
 * included), a feature the business has off, or what blocks it on this record.
 */
export function RecordActions({ decl, id, record }: { decl: ResourceDecl; id: string; record: Rec }) {
  const { t, dyn } = useT();
  const block = useWriteBlock();
  const facts = usePermissionFacts();
  const gate = useMemo<Gate>(() => ({ block, facts }), [block, facts]);
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
  // Actions on one row (edit an activity) are offered on that row, in its table.
  const actions = (w.actions ?? []).filter((a) => !a.row && (a.when?.(record) ?? true));
  const canEdit = w.edit && (w.edit.when?.(record) ?? true);
  const canDelete = w.delete && (w.delete.when?.(record) ?? true);
  // New records of other areas this one starts (a document from a draft): their create forms, filled from it.
  const starts = (w.starts ?? []).filter((st) => st.when?.(record) ?? true).flatMap((st) => { const route = declOf(st.area)?.writes?.create?.route; return route ? [{ ...st, route }] : []; });
  const routes = [canEdit ? w.edit!.route : undefined, ...actions.map((a) => a.route), canDelete ? w.delete!.route : undefined, ...starts.map((st) => st.route)].filter((r): r is WriteRouteId => r !== undefined);
  const reasons = [...new Set(routes.map((r) => block(r)).filter((r): r is string => r !== null))];
  const whyNoDelete = w.delete?.whyNot && !canDelete ? dyn('notOffered', w.delete.whyNot) : null;
  if (routes.length === 0 && !whyNoDelete) return null;
  return (
    <Stack gap="xs" data-testid="record-actions">
      <Group gap="sm" align="flex-start">
        {canEdit && <FormLink reason={block(w.edit!.route)} label={t('form.edit')} screen={toEdit(decl.area, id)} testId="action-edit" icon={<IconEdit size={16} aria-hidden />} />}
        {actions.map((a) => a.form
          ? <FormLink key={a.key} reason={block(a.route)} label={dyn('actions', a.key)} screen={toAction(decl.area, id, a.key)} testId={`action-${a.key}`} icon={<IconPlayerPlay size={16} aria-hidden />} />
          : <CommandButton key={a.key} decl={decl} id={id} record={record} action={a} report={report} gate={gate} />)}
        {starts.map((st) => <FormLink key={st.area} reason={block(st.route)} label={dyn('starts', st.label)} screen={toCreate(st.area, { area: decl.area, id })} testId={`start-${st.area}`} icon={<IconFilePlus size={16} aria-hidden />} />)}
        {canDelete && <DeleteButton decl={decl} id={id} record={record} report={report} gate={gate} />}
      </Group>
      {reasons.map((r) => <Text key={r} size="sm" c="dimmed" data-testid="write-locked-reason">{r}</Text>)}
      {whyNoDelete && <Text size="sm" c="dimmed" data-testid="delete-not-offered">{whyNoDelete}</Text>}
      {Object.entries(problems).map(([key, p]) => p.conflict
        ? <ConflictNotice key={key} conflict={p.conflict} error={p.error} next={p.again} />
        : <WriteProblem key={key} error={p.error} uncertain={p.uncertain} area={decl.area} writing={p.writing} />)}
    </Stack>
  );
}
