import { DEFAULT_CURRENCY } from '../../shared';
import { form, resource, subTable, type FieldArg, type FormFieldArg } from './define';
import { CUSTOMER_RELATED, SUPPLIER_RELATED } from './related';
import type { ReadData, WriteDecl } from './types';

/** Customers and suppliers share one shape (spec 2.3), so one declaration serves both. */
type D = ReadData<'customers.details'> | ReadData<'suppliers.details'>;

type Party = 'customers' | 'suppliers';
/** What only a customer has: the sales agent who serves them and the prices they get. A supplier's page and forms leave them out. */
const forCustomers = <T>(k: Party, items: readonly T[]): readonly T[] => (k === 'customers' ? items : []);

/** Create and edit forms of a customer or supplier: one layout for both routes of both areas (same bodies). */
function partySections(k: Party, create: boolean): { title: string; fields: FormFieldArg<'customers.create'>[] }[] {
  return [
    { title: 'overview', fields: ['name', 'business_number', 'contact_person', 'email', 'status', 'tag_ids'] },
    { title: 'contact', fields: [{ key: 'phones', columns: ['value', 'primary'], labels: { value: 'phone' }, exclusive: 'primary' }, 'additional_emails'] },
    { title: 'address', fields: ['address'] },
    { title: 'terms', fields: ['currency', 'payment_terms', 'document_language', ...forCustomers(k, ['agent_id'] as const), ...(create ? (['opening_balance'] as const) : [])] },
    ...forCustomers(k, [{ title: 'special_prices', fields: [{ key: 'special_prices' as const, columns: ['product_id', 'price'] }] }]),
    { title: 'notes', fields: ['notes'] },
  ];
}

function partyWrites(k: Party): WriteDecl {
  return {
    create: form(`${k}.create`, partySections(k, true), { initial: () => ({ currency: DEFAULT_CURRENCY, status: 'ACTIVE' as const, document_language: 'HE' as const }) }),
    edit: form(`${k}.update`, partySections(k, false)),
    delete: { route: `${k}.delete` },
    restore: { route: `${k}.restore` },
    // Work from their page: a document or a task for a customer, an expense from a supplier; back to them once saved.
    starts: k === 'customers' ? [{ area: 'documents', label: 'customerDocument' }, { area: 'tasks', label: 'customerTask' }] : [{ area: 'expenses', label: 'supplierExpense' }],
  };
}

export function partyResource(area: Party) {
  const details = area === 'customers' ? 'customers.details' : 'suppliers.details';
  return resource(
    area,
    {
      route: area === 'customers' ? 'customers.list' : 'suppliers.list',
      columns: [
        ['name', 'text'], ['business_number', 'text', { hidden: true }], ['contact_person', 'text'], ['email', 'text'], ['phone', 'text'],
        ['status', 'status'], ['tags', 'tags', { hidden: true }], ['currency', 'currency', { hidden: true }],
        ['created_at', 'timestamp', { hidden: true }], ['updated_at', 'timestamp', { hidden: true }],
      ],
    },
    {
      route: details,
      title: 'name',
      // Their documents, payments, tasks and lead, or expenses and payments, with totals: from the local copy.
      related: area === 'customers' ? CUSTOMER_RELATED : SUPPLIER_RELATED,
      // Their page is where work starts: it shows what the copy holds at once, the details as they come.
      firstFromCopy: true,
      sections: [
        { title: 'overview', fields: [['name', 'text'], ['status', 'status'], ['business_number', 'text'], ['contact_person', 'text'], ['email', 'text'], ['additional_emails', 'tags'], ['phone', 'text'], ['currency', 'currency'], ['document_language', 'enum'], ['tags', 'tags']] },
        { title: 'address', fields: [['address.street', 'text'], ['address.street_number', 'text'], ['address.city', 'text'], ['address.postal_code', 'text'], ['address.country_code', 'country']] },
        {
          title: 'terms',
          fields: [
            ['payment_terms.type', 'enum', { label: 'payment_terms' }], ['payment_terms.net_days', 'number'],
            ['vat.exempt', 'boolean', { label: 'vat_exempt' }], ['vat.vat_number', 'text'],
            ...forCustomers<FieldArg<D>>(area, [['agent.display_name', 'text', { label: 'agent' }]]), ['notes', 'text'],
          ],
        },
        {
          title: 'purchasing',
          fields: [['purchasing.total_documents', 'number'], ['purchasing.total_amount', 'decimalMoney', { currency: 'currency' }], ['purchasing.last_document_date', 'date']],
        },
        { title: 'record', fields: [['id', 'id'], ['created_at', 'timestamp'], ['updated_at', 'timestamp']] },
      ],
      // A table that lists them all stands for the summary's one (the phone, the address, the tag names) rather than repeating it.
      tables: [
        subTable<D, 'contacts'>('contacts', 'contacts', [['name', 'text'], ['role', 'text'], ['email', 'text'], ['phone', 'text']]),
        subTable<D, 'phones'>('phones', 'phones', [['value', 'text', { label: 'phone' }], ['primary', 'boolean']], undefined, { covers: ['phone'] }),
        subTable<D, 'addresses'>('addresses', 'addresses', [['label', 'text'], ['street', 'text'], ['street_number', 'text'], ['city', 'text'], ['postal_code', 'text'], ['country_code', 'country']], undefined, { covers: ['address'] }),
        ...forCustomers(area, [subTable<D, 'special_prices'>('special_prices', 'special_prices', [['product_name', 'text'], ['price', 'decimalMoney', { currency: 'currency' }]], { area: 'products', id: 'product_id' })]),
        subTable<D, 'tag_details'>('tags', 'tag_details', [['name', 'text'], ['color_hex', 'color']], { area: 'tags', id: 'id' }, { covers: ['tags'] }),
      ],
    },
    { writes: partyWrites(area) },
  );
}
