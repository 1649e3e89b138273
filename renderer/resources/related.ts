import { EXPENSE_STATUSES, PAYMENT_STATUSES, type ColumnFilter } from '../../shared';
import { addDays, yearStart } from '../lib/calendar';
import { fields } from './define';
import { OPEN_PAYMENT, SALES_TYPES } from './home';
import type { ListItem, RelatedSpec } from './types';

/**
 * A customer's and a supplier's page: what the API cannot give in one call, from the local copy (the
 * records of other areas that name them). Rendered by the generic record screen (screens/detail).
 */

const isIn = (column: string, values: readonly string[]): ColumnFilter => ({ column, op: 'in', values: [...values] });
const days = (column: string, from: string, to: string): ColumnFilter => ({ column, op: 'range', from, to });
const open = (): ColumnFilter[] => [isIn('payment_status', OPEN_PAYMENT)];
const settled = PAYMENT_STATUSES.filter((s) => !(OPEN_PAYMENT as readonly string[]).includes(s));
const byDue = [{ column: 'due_date', direction: 'asc' as const }];

export const CUSTOMER_RELATED: RelatedSpec[] = [
  {
    kind: 'totals', key: 'customerTotals', note: 'customerTotals',
    figures: [
      {
        key: 'billedThisYear', area: 'documents', by: 'customer.id', sum: 'total_minor',
        filters: (c) => [isIn('document_type', SALES_TYPES), days('issue_date', yearStart(c.today), c.today)],
      },
      { key: 'openBalance', area: 'documents', by: 'customer.id', sum: 'total_minor', owed: true, filters: open, sort: byDue },
      { key: 'overdue', area: 'documents', by: 'customer.id', sum: 'total_minor', owed: true, filters: (c) => [...open(), days('due_date', '', addDays(c.today, -1))], sort: byDue },
    ],
  },
  {
    kind: 'records', key: 'documents', area: 'documents', by: 'customer.id',
    // Open first (by due date), then the rest, newest first.
    parts: [open(), [isIn('payment_status', settled)]],
    sort: [{ column: 'issue_date', direction: 'desc' }],
    columns: fields<ListItem<'documents.list'>>([
      ['document_number', 'text'], ['document_type', 'enum'], ['issue_date', 'date'], ['due_date', 'date'],
      ['total_minor', 'money', { currency: 'currency', label: 'total' }], ['payment_status', 'status'], ['status', 'status'],
    ]),
  },
  {
    kind: 'records', key: 'payments', area: 'payments', by: 'customer_id', sort: [{ column: 'payment_date', direction: 'desc' }],
    columns: fields<ListItem<'payments.list'>>([['payment_date', 'date'], ['amount_minor', 'money', { currency: 'currency', label: 'amount' }], ['payment_method', 'enum']]),
  },
  {
    kind: 'records', key: 'tasks', area: 'tasks', by: 'customer_id',
    parts: [[isIn('status', ['open'])], [isIn('status', ['completed', 'canceled', 'unknown'])]],
    sort: [{ column: 'due_date', direction: 'asc' }],
    columns: fields<ListItem<'tasks.list'>>([['title', 'text'], ['status', 'status'], ['due_date', 'date']]),
  },
  {
    kind: 'records', key: 'fromLead', area: 'leads', by: 'converted_customer_id', sort: [],
    columns: fields<ListItem<'leads.list'>>([['name', 'text'], ['status', 'status'], ['source', 'enum'], ['created_at', 'timestamp']]),
  },
];

/** Approved and still owing (credits have no balance due). */
const owing = (): ColumnFilter[] => [isIn('review_status', ['approved']), { column: 'balance_due', op: 'range', from: '0.01', to: '' }];
const paymentIds = (row: Record<string, unknown>): string[] =>
  (Array.isArray(row.payment_allocations) ? row.payment_allocations : []).map((a: unknown) => (a as { payment_id?: unknown }).payment_id).filter((id): id is string => typeof id === 'string');

export const SUPPLIER_RELATED: RelatedSpec[] = [
  {
    kind: 'totals', key: 'supplierTotals', note: 'supplierTotals',
    figures: [
      { key: 'balanceDue', area: 'expenses', by: 'supplier_id', sum: 'balance_due', filters: owing, sort: byDue },
      { key: 'overdue', area: 'expenses', by: 'supplier_id', sum: 'balance_due', filters: (c) => [...owing(), days('due_date', '', addDays(c.today, -1))], sort: byDue },
    ],
  },
  { kind: 'grouped', key: 'expensesByStatus', area: 'expenses', by: 'supplier_id', column: 'review_status', values: EXPENSE_STATUSES, sum: 'total' },
  {
    kind: 'records', key: 'expenses', area: 'expenses', by: 'supplier_id', sort: [{ column: 'issue_date', direction: 'desc' }],
    columns: fields<ListItem<'expenses.list'>>([
      ['issue_date', 'date'], ['supplier_document_number', 'text'], ['total', 'decimalMoney', { currency: 'currency' }],
      ['balance_due', 'decimalMoney', { currency: 'currency' }], ['review_status', 'status'],
    ]),
  },
  {
    kind: 'records', key: 'expensePayments', area: 'expense-payments', by: 'id', sort: [{ column: 'payment_date', direction: 'desc' }],
    through: { area: 'expenses', by: 'supplier_id', ids: paymentIds },
    columns: fields<ListItem<'expensePayments.list'>>([['payment_date', 'date'], ['method', 'enum'], ['amount', 'decimalMoney', { currency: 'currency' }]]),
  },
];
