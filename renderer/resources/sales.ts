import { TASK_WRITE_STATUS } from '../../shared';
import { form, resource, subTable, type FormFieldArg } from './define';
import { partyResource } from './parties';
import type { ReadData, ResourceDecl } from './types';

type LeadD = ReadData<'leads.details'>;

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
      subTable<LeadD, 'activities'>('activities', 'activities', [['occurred_at', 'timestamp'], ['type', 'enum'], ['note', 'text']]),
      subTable<LeadD, 'tasks'>('tasks', 'tasks', [['title', 'text'], ['status', 'status'], ['due_date', 'date']], { area: 'tasks', id: 'id' }),
      subTable<LeadD, 'products_of_interest'>('products_of_interest', 'products_of_interest', [['name', 'text'], ['quantity', 'quantity']], { area: 'products', id: 'product_id' }),
    ],
  },
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
      create: form('tasks.create', taskSections(), { initial: () => ({ status: TASK_WRITE_STATUS.open, starred: false }) }),
      edit: form('tasks.update', taskSections()),
      delete: { route: 'tasks.delete' },
      // A task linked to a lead shows in the lead's follow-ups.
      affects: ['leads'],
    },
  },
);

export const SALES: ResourceDecl[] = [leads, partyResource('customers'), tasks];
