import { memo, useMemo, useRef, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type FieldValues, type Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { ROUTES, requiredPermissions, type RouteDef } from '../../../shared';
import { useT } from '../../i18n';
import { asBridgeError } from '../../bridge/call';
import { fieldAt, modelOf, type FieldModel } from '../../forms/model';
import { toFormValues, type BodyMode, type FormValues } from '../../forms/values';
import { checkForm, serverIssues, type FormIssue } from '../../forms/validate';
import { useWrite, type Resolves, type WriteResult } from '../../data/useWrite';
import { labelOf } from '../../resources/lookup';
import type { FormSpec, ResourceDecl } from '../../resources/types';
import { useAccessSeen } from '../../session/AccessContext';
import { deniedBy, lockedFields } from '../../rules/permissions';
import { usePermissionFacts, useWriteBlock } from '../../session/usePermissions';
import { Basis, BasisContext } from './basis';
import { FormControlContext, useFormControl, useStableFormControl } from './formControl';
import { ConflictNotice } from './ConflictNotice';
import { useDecideAgain } from './revisionFill';
import { FieldInput } from './fields/FieldInput';
import { FieldLocksContext, type FieldLocks } from './fieldLocks';
import { issueMessage, parseIssue, useIssueText } from './issueText';
import { useUnsavedGuard } from './useUnsavedGuard';
import { WriteProblem } from './WriteProblem';
import { FormSummary } from './FormSummary';

const WIDE = new Set(['list', 'object', 'longText', 'json', 'refList', 'textList', 'files']);
const STAND_IN_ID = '00000000-0000-4000-8000-000000000000';

/** Where an issue shows: list-level issues under the list; paths of no input on screen on the form. */
function issuePath(models: readonly FieldModel[], shown: ReadonlySet<string>, path: string): string {
  const f = path ? fieldAt(models, path) : undefined;
  if (!f || !shown.has(path.split('.')[0]!)) return 'root';
  // One value of a list of plain values (an email, an id): its input is the whole list.
  const parent = path.replace(/\.\d+$/, '');
  const holder = parent !== path ? fieldAt(models, parent) : undefined;
  if (holder && (holder.kind === 'textList' || holder.kind === 'refList' || holder.kind === 'files')) return parent;
  return f.kind === 'list' && !/\.\d+(\.|$)/.test(path.slice(f.path.length)) ? `${path}.root` : path;
}

export interface FormViewProps {
  decl: ResourceDecl;
  spec: FormSpec;
  title: string;
  /** The record the form writes (edit and action forms); its id fills the route's {id}. */
  id?: string | null;
  /** More path parameters than the record's id (the activity an action edits), and that row for a lookup. */
  row?: { list: string; param: string; id: string } | { list: string };
  /** Starting values, body-shaped (from the record, or the declaration's initial values). */
  initial: Record<string, unknown>;
  submitLabel: string;
  onSaved: (result: WriteResult, body: Record<string, unknown>) => void;
  /** Extra content above the fields (a warning, what will change). */
  intro?: React.ReactNode;
  /** The records the form's revisions come from, as the user saw them when it opened (a stale revision is explained against them). */
  seen?: readonly Record<string, unknown>[];
  /** Starting values from a record (an edit form's), for deciding again after a stale revision. */
  startFrom?: (record: Record<string, unknown>) => Record<string, unknown>;
  /** The record's name (edit and action forms), for the activity log. */
  recordName?: string | undefined;
  /** The action's key for action forms, for the activity log. */
  action?: string | undefined;
  /** The outbox entry whose values this form changes (opened from the outbox), and what it held: saving keeps them there. */
  resolves?: Resolves | undefined;
}

/**
 * A write form rendered from its declaration: inputs derived from the route's body schema,
 * checked by that same schema, errors next to their fields, and submission through useWrite.
 */
export function FormView({ decl, spec, title, id, row, initial, submitLabel, onSaved, intro, seen, startFrom, recordName, action, resolves }: FormViewProps) {
  const { t, dyn } = useT();
  const issueText = useIssueText();
  const facts = usePermissionFacts();
  const { reportDeniedWrite } = useAccessSeen();
  const route: RouteDef = ROUTES[spec.route];
  const schema = route.body!;
  const models = modelOf(schema);
  const mode: BodyMode = route.kind === 'update' || spec.changesOnly ? 'update' : 'create';
  const always = useMemo(() => models.filter((m) => m.kind === 'revision').map((m) => m.key), [models]);
  const shown = useMemo(() => new Set(spec.sections.flatMap((s) => s.fields.map((f) => f.key))), [spec.sections]);
  // The submission fills a document's client_request_id (useWrite): validated with a stand-in.
  const filledLater = useMemo(() => (route.idempotency === 'client_request_id' ? { client_request_id: STAND_IN_ID } : {}), [route.idempotency]);
  const defaults = useMemo(() => toFormValues(models, initial), [models, initial]);

  const dirtyRef = useRef<Record<string, unknown>>({});
  const resolver = useMemo<Resolver<FieldValues>>(() => async (values, _ctx, options) => {
    const { issues } = checkForm(schema, models, values, { mode, dirty: dirtyRef.current, always }, filledLater);
    if (issues.length === 0) return { values, errors: {} };
    const flat: Record<string, { type: string; message: string }> = {};
    for (const i of issues) flat[issuePath(models, shown, i.path)] ??= { type: i.rule, message: issueMessage(i) };
    return { values: {}, errors: toNestErrors(flat as FieldErrors, options) };
  }, [schema, models, mode, always, shown, filledLater]);

  const form = useForm<FieldValues>({ defaultValues: defaults, resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  dirtyRef.current = form.formState.dirtyFields as Record<string, unknown>;
  const formControl = useStableFormControl(form);
  const rowParam = row && 'param' in row ? { [row.param]: row.id } : {};
  // An action form's own test of whether a record shows it done (resolves a lost answer).
  const settled = decl.writes?.actions?.find((a) => a.form === spec)?.settled;
  const [basis] = useState(() => new Basis(seen));
  const write = useWrite({
    route: spec.route, area: decl.area, id: id ?? null, ...(id ? { params: { id, ...rowParam } } : {}),
    ...(row ? { row: { list: row.list, ...('id' in row ? { id: row.id } : {}) } } : {}),
    ...(decl.list ? { listRoute: decl.list.route } : {}), ...(decl.detail.route ? { readRoute: decl.detail.route } : {}),
    ...(decl.writes?.affects ? { affects: decl.writes.affects } : {}), ...(settled ? { settled } : {}),
    basis: (rid) => basis.get(rid),
    ...(recordName ? { name: recordName } : {}), ...(action ? { action } : {}), nameOf: (r) => labelOf(decl.area, r),
    ...(resolves ? { resolves } : {}),
  });
  const guard = useUnsavedGuard(form.formState.isDirty);
  const locks: FieldLocks = useMemo(() => new Map([...lockedFields(spec.route, facts)].map(([field, p]) => [field, t('permissions.fieldNeeds', { permission: p })])), [spec.route, facts, t]);
  const blocked = useWriteBlock()(spec.route, true);
  useDecideAgain(form, models, basis, write.conflict, startFrom ? (r) => toFormValues(models, startFrom(r)) : null);

  /** Sends a checked body; a refusal's problems go next to their fields. */
  const send = async (body: Record<string, unknown>) => {
    try {
      const result = await write.submit(body);
      // The screen leaves now: released, the form needs no reset (a re-render of every input) before it goes.
      guard.release();
      onSaved(result, body);
    } catch (e) {
      const err = asBridgeError(e);
      if (err.kind === 'api' && err.code === 'insufficient_permission') for (const p of deniedBy(spec.route, body, facts)) reportDeniedWrite(p);
      const issues = serverIssues(models, err);
      // Sent without the form's own submit cycle (below): go through it once, so that a value the user
      // corrects is checked again as they type and its problem goes away.
      if (issues.length > 0 && !form.formState.isSubmitted) await form.handleSubmit(() => undefined)();
      for (const issue of issues) {
        const at = issue.path ? issuePath(models, shown, issue.path) : 'root';
        form.setError(at === 'root' ? 'root.server' : at, { type: 'server', message: issueMessage(issue) });
      }
    }
  };
  const onValid = (v: FormValues) => send(checkForm(schema, models, v, { mode, dirty: dirtyRef.current, always }, filledLater).body);

  const rootIssue = form.formState.errors.root?.message ?? form.formState.errors.root?.server?.message;
  /**
   * A form that passes the check is sent at once. react-hook-form's submit cycle would tell every input
   * that the errors changed, once as the save starts and once as it ends (re-rendering each of them,
   * and the second time just as the record's screen is due); a form with problems goes through that
   * cycle, for its messages, the focus on the first one and the re-checking as the user corrects it.
   */
  const submit = async (e?: React.BaseSyntheticEvent) => {
    e?.preventDefault();
    const checked = checkForm(schema, models, form.getValues(), { mode, dirty: dirtyRef.current, always }, filledLater);
    if (checked.issues.length > 0) return form.handleSubmit(onValid)(e);
    if (Object.keys(form.formState.errors).length > 0) form.clearErrors();
    return send(checked.body);
  };
  // Ctrl/⌘+S saves, from any field too (by the key's place, so a Hebrew layout works); never while a save is on its way or the key cannot.
  useHotkeys([['mod+S', () => { if (!write.pending && blocked === null) void submit(); }, { preventDefault: true, usePhysicalKeys: true }]], []);

  return (
    <FormControlContext.Provider value={formControl}>
      <BasisContext.Provider value={basis}>
      <form onSubmit={submit} noValidate aria-labelledby="screen-title" data-testid="write-form" data-route={spec.route}>
        <Stack gap="md">
          <Title order={1} size="h2" id="screen-title" dir="auto">{title}</Title>
          {intro}
          {blocked && <Alert color="orange" variant="light" data-testid="form-locked">{blocked}</Alert>}
          <FieldLocksContext.Provider value={locks}><FormFields sections={spec.sections} models={models} /></FieldLocksContext.Provider>
          {spec.summary && <FormSummary summary={spec.summary} note={spec.summaryNote} />}
          {rootIssue && (
            <Alert color="red" variant="light" role="alert" data-testid="form-error">
              {/* A problem of a field not on screen names the field. */}
              {parseIssue(rootIssue).path ? `${dyn('fields', parseIssue(rootIssue).path.split('.').pop()!)}: ` : ''}{issueText(rootIssue)}
            </Alert>
          )}
          {write.conflict
            ? <ConflictNotice conflict={write.conflict} error={write.error} next={t('stale.decideForm', { action: submitLabel })} />
            : <WriteProblem error={write.error} uncertain={write.uncertain} notKept={write.notKept} area={decl.area} writing={requiredPermissions(spec.route, undefined)} />}
          <Group justify="flex-end">
            <Button type="submit" loading={write.pending} disabled={write.pending || blocked !== null || write.conflict?.status === 'checking'} leftSection={<IconDeviceFloppy size={16} aria-hidden />} data-testid="form-submit">
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
      </BasisContext.Provider>
    </FormControlContext.Provider>
  );
}

/**
 * The form's sections and inputs. Memoised: the form around them re-renders as a save starts, goes
 * out and comes back (submitting, pending), and none of that changes an input; each input follows
 * its own value and error through its controller.
 */
const FormFields = memo(function FormFields({ sections, models }: { sections: FormSpec['sections']; models: readonly FieldModel[] }) {
  const { t, dyn } = useT();
  const fc = useFormControl();
  return sections.map((section, si) => (
    <Paper key={section.title} withBorder p="md" component="section" aria-labelledby={`form-section-${si}`}>
      <Title order={2} size="h4" id={`form-section-${si}`} mb="sm">{dyn('sections', section.title)}</Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {section.fields.map((fs) => {
          const model = models.find((m) => m.key === fs.key);
          if (!model) return null;
          // A section that is one field named like it ("Notes") shows the name once.
          const named = section.fields.length === 1 && section.title === (fs.label ?? fs.key);
          return (
            <ShownWhen key={fs.key} when={fs.shownWhen}>
              <div style={WIDE.has(model.kind) ? { gridColumn: '1 / -1' } : undefined}>
                <FieldInput
                  field={model}
                  name={fs.key}
                  label={dyn('fields', fs.label ?? fs.key)}
                  spec={fs}
                  {...(named ? { titled: true } : {})}
                  {...(fs.hint ? { description: t(`hints.${fs.hint}` as never) } : {})}
                  pick={fs.pick?.[fs.key]}
                  {...(fs.fills ? { onPicked: (picked: Record<string, unknown> | null) => { if (picked) for (const [k, v] of Object.entries(fs.fills!(picked))) fc.setValue(k, v, { shouldDirty: true, shouldValidate: fc.submitted() }); } } : {})}
                />
              </div>
            </ShownWhen>
          );
        })}
      </SimpleGrid>
    </Paper>
  ));
});

/** A field shown only while the form's values say so; only this wrapper re-renders as the user types. */
function ShownWhen({ when, children }: { when: ((values: Record<string, unknown>) => boolean) | undefined; children: React.ReactElement }) {
  if (!when) return children;
  return <Watched when={when}>{children}</Watched>;
}
function Watched({ when, children }: { when: (values: Record<string, unknown>) => boolean; children: React.ReactElement }) {
  const values = useWatch({ control: useFormControl().control }) as Record<string, unknown>;
  return when(values) ? children : null;
}

export type { FormIssue };
