import { describe, expect, it } from 'vitest';
import { ROUTES, leadActivitySchema, leadActivityUpdateBody, leadCreateBody, leadConvertBody, leadDetailsSchema, rowToBody, type LeadActivity } from '../../shared';
import { DECLS_BY_GROUP } from '../../renderer/resources';
import type { ActionSpec, ResourceDecl } from '../../renderer/resources/types';
import { findableInList, holdsRow, writtenRow } from '../../shared';
import { modelOf } from '../../renderer/forms/model';
import { checkForm } from '../../renderer/forms/validate';
import { toBody, toFormValues } from '../../renderer/forms/values';
import { formBody } from './fixtures';

const decls: ResourceDecl[] = Object.values(DECLS_BY_GROUP).flat();
const leads = decls.find((d) => d.area === 'leads')!;
const action = (key: string): ActionSpec => leads.writes!.actions!.find((a) => a.key === key)!;

const LEAD_ID = '0b8f6a52-3f0e-4c8e-9d43-6f1f2a7c7001';
const T0 = '2026-01-31T09:15:00.000Z';
function activity(over: Partial<LeadActivity> = {}): LeadActivity {
  return leadActivitySchema.parse({
    id: '0b8f6a52-3f0e-4c8e-9d43-6f1f2a7c7101', object: 'lead_activity', lead_id: LEAD_ID, type: 'call', note: 'Called back',
    occurred_at: T0, created_at: T0, updated_at: T0, ...over,
  });
}
const leadWith = (activities: LeadActivity[]) => leadDetailsSchema.parse({
  id: LEAD_ID, object: 'lead', name: 'Galil Bakery', contact_name: 'Dana', email: null, phone: null, address: null, source: 'referral', status: 'new',
  owner: null, converted_customer_id: null, created_at: T0, updated_at: T0, note: null, loss_reason: null, activities, tasks: [], products_of_interest: [],
}) as unknown as Record<string, unknown>;

describe('the lead declaration reaches every lead write route', () => {
  it('intake, edit, delete, status, activities (add, edit one row), conversion', () => {
    const w = leads.writes!;
    const reached = [w.create?.route, w.edit?.route, w.delete?.route, ...w.actions!.map((a) => a.route)];
    const leadWrites = Object.entries(ROUTES).filter(([, r]) => r.resource === 'leads' && r.method !== 'GET').map(([id]) => id);
    expect([...reached].sort()).toEqual([...leadWrites].sort());
  });

  it('asks for a loss reason only while the status is LOST', () => {
    const lossReason = action('status').form!.sections.flatMap((s) => s.fields).find((f) => f.key === 'loss_reason')!;
    expect(lossReason.shownWhen?.({ status: 'LOST' })).toBe(true);
    expect(lossReason.shownWhen?.({ status: 'PROPOSAL' })).toBe(false);
  });

  it('shows activities oldest first and edits one of them by its id', () => {
    expect(leads.detail.tables.find((t) => t.rows === 'activities')?.sort).toEqual({ key: 'occurred_at' });
    expect(action('editActivity').row).toEqual({ rows: 'activities', param: 'activityId' });
    expect(action('addActivity').adds).toBe('activities');
  });

  it('converts with a mode the body accepts, chosen in advance', () => {
    expect(leadConvertBody.safeParse(action('convert').form!.initial!()).success).toBe(true);
    expect(action('convert').settled?.({ converted_customer_id: LEAD_ID })).toBe(true);
    expect(action('convert').settled?.({ converted_customer_id: null })).toBe(false);
  });
});

describe('row actions of every declaration name what exists', () => {
  it('a row action\'s parameter is one of its route\'s path parameters, and its rows and added rows are sub-tables of the record', () => {
    for (const d of decls) {
      for (const a of d.writes?.actions ?? []) {
        if (a.row) {
          expect(ROUTES[a.route].path, `${d.area}.${a.key}`).toContain(`{${a.row.param}}`);
          expect(d.detail.tables.map((t) => t.rows), `${d.area}.${a.key}`).toContain(a.row.rows);
        }
        if (a.adds) expect(d.detail.tables.map((t) => t.rows), `${d.area}.${a.key}`).toContain(a.adds);
      }
    }
  });
});

describe('the intake form', () => {
  const models = modelOf(leadCreateBody);
  const check = (typed: Record<string, unknown>) => checkForm(leadCreateBody, models, toFormValues(models, typed), { mode: 'create' });

  it('needs a business or a contact name, and sends no first activity when none was typed', () => {
    expect(check({}).issues).toEqual([{ path: 'name', rule: 'name_or_contact', text: 'a business name or a contact name is required' }]);
    expect(check({ contact_name: 'Dana Levi' })).toEqual({ body: { contact_name: 'Dana Levi' }, issues: [] });
  });

  it('a first activity needs its type', () => {
    expect(check({ name: 'Galil', activity: { note: 'Met at the fair' } }).issues).toEqual([{ path: 'activity.type', rule: 'choose' }]);
    expect(check({ name: 'Galil', activity: { type: 'MEETING', note: 'Met at the fair' } }).body).toEqual({ name: 'Galil', activity: { type: 'MEETING', note: 'Met at the fair' } });
  });
});

describe('editing one activity', () => {
  it('starts from the row as the route writes it back (write enum values)', () => {
    expect(rowToBody('leads.updateActivity', activity())).toEqual({ type: 'CALL', note: 'Called back', occurred_at: T0 });
  });

  it('sends only what changed, and null for a cleared note', () => {
    const models = modelOf(leadActivityUpdateBody);
    const start = toFormValues(models, rowToBody('leads.updateActivity', activity()));
    expect(toBody(models, { ...start, note: '' }, { mode: 'update', dirty: { note: true } })).toEqual({ note: null });
    expect(toBody(models, { ...start, note: 'Wants a quote' }, { mode: 'update', dirty: { note: true } })).toEqual({ note: 'Wants a quote' });
  });
});

describe('a lost answer of an activity write is resolved by finding the row', () => {
  const since = Date.parse(T0) - 60_000;

  it('an edit: the row by its id, holding what was sent (read values compared as write values)', () => {
    const body = { note: 'Wants a quote' };
    expect(holdsRow('leads.updateActivity', activity({ note: 'Wants a quote' }), body)).toBe(true);
    const edited = activity({ note: 'Wants a quote' });
    expect(writtenRow('leads.updateActivity', leadWith([edited]), { list: 'activities', id: edited.id }, body, since)).toMatchObject({ id: edited.id });
    expect(writtenRow('leads.updateActivity', leadWith([activity()]), { list: 'activities', id: edited.id }, body, since)).toBeUndefined();
    expect(holdsRow('leads.updateActivity', activity({ note: null }), { note: null })).toBe(true);
    expect(holdsRow('leads.updateActivity', activity({ type: 'email' }), { type: 'CALL' })).toBe(false);
  });

  it('an add: a row made since just before the write that holds what was sent; an older twin does not count', () => {
    const body = formBody(leadActivityUpdateBody, { type: 'CALL', note: 'Called back' });
    const older = activity({ id: '0b8f6a52-3f0e-4c8e-9d43-6f1f2a7c7102', created_at: '2025-01-01T00:00:00.000Z' });
    expect(writtenRow('leads.addActivity', leadWith([older]), { list: 'activities' }, body, since)).toBeUndefined();
    expect(writtenRow('leads.addActivity', leadWith([older, activity()]), { list: 'activities' }, body, since)).toMatchObject({ id: activity().id });
  });
});

describe('creates found in their list after a lost answer', () => {
  it('a lead intake is a draft no list shows: it cannot be looked up (the outcome stays unclear); a customer can', () => {
    expect(findableInList('leads.create', 'leads.list')).toBe(false);
    expect(findableInList('customers.create', 'customers.list')).toBe(true);
    expect(findableInList('tasks.create', 'tasks.list')).toBe(true);
  });
});
