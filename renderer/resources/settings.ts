import { form, listOnly, resource, singleOnly } from './define';
import type { ResourceDecl } from './types';

const business = singleOnly('business', {
  route: 'business.get',
  title: 'name',
  sections: [
    { title: 'overview', fields: [['name', 'text'], ['english_name', 'text'], ['business_number', 'text'], ['business_type', 'enum'], ['email', 'text'], ['phone', 'text']] },
    { title: 'address', fields: [['address.street', 'text'], ['address.city', 'text'], ['address.postal_code', 'text'], ['address.country', 'country']] },
    { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']] },
  ],
});

const salesAgents = listOnly(
  'sales-agents',
  { route: 'salesAgents.list', columns: [['name', 'text'], ['email', 'text'], ['status', 'status'], ['created_at', 'timestamp', { hidden: true }], ['updated_at', 'timestamp']] },
  {
    title: 'name',
    sections: [
      { title: 'overview', fields: [['name', 'text'], ['email', 'text'], ['status', 'status']] },
      { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']] },
    ],
  },
);

const bankAccounts = listOnly(
  'bank-accounts',
  { route: 'bankAccounts.list', columns: [['bank', 'text'], ['branch', 'text'], ['account_type', 'enum'], ['beneficiary_name', 'text'], ['created_at', 'timestamp', { hidden: true }], ['updated_at', 'timestamp']] },
  {
    title: 'bank',
    sections: [
      { title: 'overview', fields: [['bank', 'text'], ['branch', 'text'], ['account_type', 'enum'], ['beneficiary_name', 'text']] },
      { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']] },
    ],
  },
);

const tags = resource(
  'tags',
  { route: 'tags.list', columns: [['name', 'text'], ['color_hex', 'color'], ['created_at', 'timestamp', { hidden: true }], ['updated_at', 'timestamp']] },
  {
    route: 'tags.get',
    title: 'name',
    sections: [
      { title: 'overview', fields: [['name', 'text'], ['color_hex', 'color']] },
      { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']] },
    ],
  },
  {
    writes: {
      create: form('tags.create', [{ title: 'overview', fields: ['name', 'color_hex'] }]),
      edit: form('tags.update', [{ title: 'overview', fields: ['name', 'color_hex'] }]),
      delete: { route: 'tags.delete' },
      // Customers and suppliers show tag names.
      affects: ['customers', 'suppliers'],
    },
  },
);

export const SETTINGS: ResourceDecl[] = [business, salesAgents, bankAccounts, tags];
