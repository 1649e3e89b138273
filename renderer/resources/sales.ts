import { TASK_WRITE_STATUS } from '../../shared';
import { form, resource, subTable, type FormFieldArg } from './define';
import { partyResource } from './parties';
import type { ReadData, ResourceDecl, WriteDecl } from './types';

type LeadD = ReadData<'leads.details'>;

/** A lead's own fields, as the intake and the edit form show them. */
function leadSections(): { title: string; fields: FormFieldArg<'leads.update'>[] }[] {
  return [
    { title: 'overview', fields: [{ key: 'name', hint: 'nameOrContact' }, 'contact_name', 'source', 'agent_id'] },
    { title: 'contact_details', fields: ['phone', 'email', 'address'] },
    { title: 'products_of_interest', fields: [{ key: 'products_of_interest', columns: ['product_id', 'quantity'] }] },
    { title: 'notes', fields: ['note'] },
  ];
}
const activityFields = ['type', 'occurred_at', 'note'] as const;

/** The status write that puts a lead back where it was: a lost lead with its reason (null while that is not known). */
export function leadStatusBack(before: Record<string, unknown>): Record<string, unknown> | null {
  const from = String(before.status);
  if (from !== 'lost') return { status: from.toUpperCase() };
  return typeof before.loss_reason === 'string' && before.loss_reason.trim() ? { status: 'LOST', loss_reason: before.loss_reason } : null;
}

/**
 * The sales person's lead flow. The intake (POST /leads) answers with a draft, not a lead, and the
 * conversion with its result: both have special screens (renderer/screens/leads) over these forms.
 */
function leadWrites(): WriteDecl {
  return {
    create: form<'leads.create'>('leads.create', [
      // The intake also takes the status the lead is meant to start in (spec section 3: kept as its intended status).
      ...leadSections().map((s, i): { title: string; fields: FormFieldArg<'leads.create'>[] } => (i === 0 ? { ...s, fields: [...s.fields, { key: 'status', hint: 'intendedStatus' }] } : s)),
      { title: 'activity', fields: ['activity'] },
    ]),
    edit: form('leads.update', leadSections()),
    // A converted lead answers 409 lead_already_converted (spec section 3): not offered.
    delete: { route: 'leads.delete', when: (r) => typeof r.converted_customer_id !== 'string', whyNot: 'convertedLead' },
    actions: [
      {
        key: 'status', route: 'leads.setStatus',
        form: form('leads.setStatus', [{ title: 'overview', fields: ['status', { key: 'loss_reason', shownWhen: (v) => v.status === 'LOST' }] }]),
        undo: { route: 'leads.setStatus', action: 'status', body: leadStatusBack },
      },
      { key: 'addActivity', route: 'leads.addActivity', form: form('leads.addActivity', [{ title: 'overview', fields: [...activityFields] }], { initial: () => ({ type: 'CALL' as const }) }), adds: 'activities' },
      {
        key: 'editActivity', route: 'leads.updateActivity',
        form: form('leads.updateActivity', [{ title: 'overview', fields: [...activityFields] }], { changesOnly: true }),
        row: { rows: 'activities', param: 'activityId' },
      },
      {
        key: 'convert', route: 'leads.convert',
        form: form('leads.convert', [{ title: 'overview', fields: ['mode'] }], { initial: () => ({ mode: 'DEFAULT' as const }) }),
        settled: (r) => typeof r.converted_customer_id === 'string',
      },
    ],
    // A conversion creates a customer; a deleted lead's tasks stay, detached from it.
    affects: ['customers', 'tasks'],
    starts: [{ area: 'tasks', label: 'leadTask' }],
  };
}

const leads = resource(
  'leads',
  {
    route: 'leads.list',
    columns: [
      ['name', 'text'], ['contact_name', 'text'], ['email', 'text'], ['phone', 'text'], ['source', 'enum', { hidden: true }], ['status', 'status'],
      ['owner.display_name', 'text', { label: 'owner' }], ['converted_customer_id', 'id', { hidden: true, link: { area: 'customers', id: 'converted_customer_id' } }],
      ['created_at', 'timestamp', { hidden: true }], ['updated_at', 'timestamp', { hidden: true }],
    ],
  },
  {
    route: 'leads.details',
    title: 'name',
    sections: [
      {
        title: 'overview',
        fields: [
          ['name', 'text'], ['status', 'status'], ['source', 'enum'], ['contact_name', 'text'], ['email', 'text'], ['phone', 'text'], ['address', 'text'],
          ['owner.display_name', 'text', { label: 'owner' }], ['note', 'text'], ['loss_reason', 'text'],
        ],
      },
      { title: 'links', fields: [['converted_customer_id', 'id', { link: { area: 'customers', id: 'converted_customer_id' } }]] },
      { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']] },
    ],
    tables: [
      subTable<LeadD, 'activities'>('activities', 'activities', [['occurred_at', 'timestamp'], ['type', 'enum'], ['note', 'text']], undefined, { sort: { key: 'occurred_at' } }),
      subTable<LeadD, 'tasks'>('tasks', 'tasks', [['title', 'text'], ['status', 'status'], ['due_date', 'date']], { area: 'tasks', id: 'id' }),
      subTable<LeadD, 'products_of_interest'>('products_of_interest', 'products_of_interest', [['name', 'text'], ['quantity', 'quantity']], { area: 'products', id: 'product_id' }),
    ],
  },
  { writes: leadWrites() },
);

function taskSections(): { title: string; fields: FormFieldArg<'tasks.create'>[] }[] {
  return [
    { title: 'overview', fields: ['title', 'status', 'starred', 'due_date', 'due_at', 'assigned_agent_id', 'description'] },
    { title: 'links', fields: ['customer_id', 'lead_id', 'document_ids'] },
    { title: 'more', fields: ['lead_action_type', 'tag', 'display_creator', 'notes'] },
  ];
}

const tasks = resource(
  'tasks',
  {
    route: 'tasks.list',
    columns: [
      ['title', 'text'], ['status', 'status'], ['priority', 'enum'], ['due_date', 'date'], ['assigned_user.display_name', 'text', { label: 'assigned_user' }],
      ['customer_id', 'id', { hidden: true, link: { area: 'customers', id: 'customer_id' } }],
      ['created_at', 'timestamp', { hidden: true }], ['updated_at', 'timestamp'],
    ],
  },
  {
    route: 'tasks.details',
    title: 'title',
    sections: [
      {
        title: 'overview',
        fields: [
          ['title', 'text'], ['status', 'status'], ['priority', 'enum'], ['starred', 'boolean'], ['description', 'text'], ['notes', 'text'],
          ['due_date', 'date'], ['due_at', 'timestamp'], ['assigned_user.display_name', 'text', { label: 'assigned_user' }],
          ['tag', 'text'], ['lead_action_type', 'enum'], ['display_creator', 'text'],
        ],
      },
      {
        title: 'links',
        fields: [
          ['customer_id', 'id', { link: { area: 'customers', id: 'customer_id' } }],
          ['lead_id', 'id', { link: { area: 'leads', id: 'lead_id' } }],
          ['document_id', 'id', { link: { area: 'documents', id: 'document_id' } }],
          ['linked_document_ids', 'idList', { link: { area: 'documents', id: 'linked_document_ids' } }],
        ],
      },
      { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']] },
    ],
  },
  {
    writes: {
      create: form('tasks.create', taskSections(), {
        initial: () => ({ status: TASK_WRITE_STATUS.open, starred: false }),
        // A task for the record it was started from.
        prefill: {
          customers: (c) => ({ customer_id: c.id }),
          leads: (l) => ({ lead_id: l.id }),
          documents: (d) => ({ document_ids: [d.id], customer_id: (d.customer as { id?: unknown } | null | undefined)?.id ?? null }),
        },
      }),
      edit: form('tasks.update', taskSections()),
      delete: { route: 'tasks.delete' },
      // A task linked to a lead shows in the lead's follow-ups.
      affects: ['leads'],
    },
  },
);

export const SALES: ResourceDecl[] = [leads, partyResource('customers'), tasks];
