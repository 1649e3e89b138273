import { paidAreasOf, type ColumnFilter } from '../../shared';
import { addDays } from '../lib/calendar';
import type { FigureSpec, HomeContext, HomeRole, HomeSection } from './homeTypes';

export type { FigureSpec, HomeContext, HomeRole, HomeSection } from './homeTypes';

/**
 * The home screen, declared: each role's first questions as figures over the local copy. A role is
 * shown when the key can read the area of any of its sections; a section the key cannot read is left
 * out. The words for what each figure counts are in i18n `home.notes`.
 */

/** Payment statuses that say a document is not (fully) paid: what "open receivables" counts. */
export const OPEN_PAYMENT = ['unpaid', 'partially_paid'] as const;
/** Documents that are sales: invoices (a receipt records a payment of one, a credit note is not a sale). */
export const SALES_TYPES = ['TAX_INVOICE', 'TAX_INVOICE_RECEIPT'] as const;
/** Leads still being worked. */
export const OPEN_LEADS = ['new', 'contacted', 'in_progress', 'proposal', 'negotiation'] as const;
export const LEAD_PIPELINE = [...OPEN_LEADS, 'won', 'lost'] as const;
/** A lead with no change on any of this many days (today included) is "without activity". */
export const STALE_DAYS = 14;

/** Days overdue (1 = due yesterday), each bucket's first and last day; the last has no end. */
export const AGEING = [
  { key: 'days0to30', min: 1, max: 30 },
  { key: 'days31to60', min: 31, max: 60 },
  { key: 'days61to90', min: 61, max: 90 },
  { key: 'days90plus', min: 91, max: null },
] as const;
export type AgeingKey = (typeof AGEING)[number]['key'];

const isIn = (column: string, values: readonly string[]): ColumnFilter => ({ column, op: 'in', values: [...values] });
/** Days from `from` to `to`, both included ('' for no bound). */
const days = (column: string, from: string, to: string): ColumnFilter => ({ column, op: 'range', from, to });

const openDocs = (): ColumnFilter[] => [isIn('payment_status', OPEN_PAYMENT)];
const byDue = [{ column: 'due_date', direction: 'asc' as const }];

/** Overdue documents of one ageing bucket: due between `max` and `min` days before today. */
export const ageingFilter = (b: (typeof AGEING)[number], c: HomeContext): ColumnFilter =>
  days('due_date', b.max === null ? '' : addDays(c.today, -b.max), addDays(c.today, -b.min));

const receivables: HomeSection = {
  kind: 'figures', key: 'receivables', note: 'receivables',
  figures: [
    { key: 'openReceivables', area: 'documents', filters: openDocs, sum: 'total_minor', owed: true, sort: byDue },
    { key: 'overdue', area: 'documents', filters: (c) => [...openDocs(), days('due_date', '', addDays(c.today, -1))], sum: 'total_minor', owed: true, sort: byDue },
  ],
};

const ageing: HomeSection = {
  kind: 'figures', key: 'ageing', note: 'ageing',
  figures: AGEING.map((b): FigureSpec => ({ key: b.key, area: 'documents', filters: (c) => [...openDocs(), ageingFilter(b, c)], sum: 'total_minor', owed: true, sort: byDue })),
};

const sales: HomeSection = {
  kind: 'monthly', key: 'sales', note: 'sales', area: 'documents', filters: () => [isIn('document_type', SALES_TYPES)],
  date: 'issue_date', sum: 'total_minor', months: 12, compare: true,
};

const lowStock: HomeSection = {
  kind: 'lowStock', key: 'lowStock', note: 'lowStock', area: 'inventory', filters: () => [isIn('status', ['active'])],
  quantity: 'quantity', threshold: 'low_stock_threshold',
};

const openTasks = (): ColumnFilter[] => [isIn('status', ['open'])];
const tasks: HomeSection = {
  kind: 'figures', key: 'tasks', note: 'tasks',
  figures: [
    { key: 'dueToday', area: 'tasks', filters: (c) => [...openTasks(), days('due_date', c.today, c.today)], sort: byDue },
    { key: 'overdueTasks', area: 'tasks', filters: (c) => [...openTasks(), days('due_date', '', addDays(c.today, -1))], sort: byDue },
  ],
};

const waiting = (): ColumnFilter[] => [isIn('review_status', ['needs_review'])];
const review: HomeSection = {
  kind: 'figures', key: 'review',
  figures: [{ key: 'waitingReview', area: 'expenses', filters: waiting, sum: 'total', sort: [{ column: 'issue_date', direction: 'asc' }] }],
};

const blocked: HomeSection = {
  kind: 'issues', key: 'blocked', note: 'blocked', area: 'expenses', filters: waiting, list: 'blocking_issues', sum: { field: 'total', currency: 'currency' },
};

/** Approved and still owing: a balance due of at least one cent (credits have none). */
const owing = (): ColumnFilter[] => [isIn('review_status', ['approved']), { column: 'balance_due', op: 'range', from: '0.01', to: '' }];
const unpaidFigure = (key: string, more: (c: HomeContext) => ColumnFilter[]): FigureSpec =>
  ({ key, area: 'expenses', filters: (c) => [...owing(), ...more(c)], sum: 'balance_due', sort: byDue });
const unpaid: HomeSection = {
  kind: 'figures', key: 'unpaid', note: 'unpaid',
  figures: [
    unpaidFigure('unpaidAll', () => []),
    unpaidFigure('unpaidOverdue', (c) => [days('due_date', '', addDays(c.today, -1))]),
    unpaidFigure('unpaidSoon', (c) => [days('due_date', c.today, addDays(c.today, 30))]),
    unpaidFigure('unpaidLater', (c) => [days('due_date', addDays(c.today, 31), '')]),
    unpaidFigure('unpaidNoDate', () => [{ column: 'due_date', op: 'empty', empty: true }]),
  ],
};

const expensesByCategory: HomeSection = {
  kind: 'monthly', key: 'expensesByCategory', note: 'expensesByCategory', area: 'expenses', filters: () => [isIn('review_status', ['approved'])],
  date: 'issue_date', sum: 'total', months: 12, stackBy: { column: 'category_id', area: 'expense-categories', label: 'name' },
};

const pipeline: HomeSection = {
  kind: 'grouped', key: 'pipeline', area: 'leads', filters: () => [], column: 'status', values: LEAD_PIPELINE, labels: 'status', board: 'lead-board',
};

const staleLeads: HomeSection = {
  kind: 'figures', key: 'staleLeads', note: 'staleLeads',
  figures: [{
    key: 'staleLeads', area: 'leads',
    filters: (c) => [isIn('status', OPEN_LEADS), days('updated_at', '', addDays(c.today, -STALE_DAYS))],
    sort: [{ column: 'updated_at', direction: 'asc' }],
  }],
};

export const HOME_ROLES: readonly HomeRole[] = [
  { key: 'owner', sections: [receivables, ageing, sales, lowStock, tasks] },
  { key: 'bookkeeper', sections: [review, blocked, unpaid, expensesByCategory] },
  // Tasks once: under the owner when that role shows, else here.
  { key: 'sales', sections: [pipeline, staleLeads, tasks] },
];

/** The areas a section's owed figures subtract (a document's payments): read where the key may. */
export const sectionPaidAreas = (s: HomeSection): string[] => (s.kind === 'figures' ? paidAreasOf(s.figures) : []);

/**
 * The areas a section waits for: those it reads, and the payments its owed sums subtract where the key
 * may read them (without, its sums are the totals, said so, and wait for nothing more).
 */
export const sectionWaitsFor = (s: HomeSection, canRead: (area: string) => boolean): string[] => [...sectionAreas(s), ...sectionPaidAreas(s).filter(canRead)];

/** The areas a section reads (its records, and the names it shows beside them). */
export function sectionAreas(s: HomeSection): string[] {
  if (s.kind === 'figures') return [...new Set(s.figures.map((f) => f.area))];
  return s.kind === 'monthly' && s.stackBy ? [s.area, s.stackBy.area] : [s.area];
}
