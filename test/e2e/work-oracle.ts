import type { Row } from './support';

/**
 * The figures of the work views computed straight from the API, independently of the app: every
 * page of a list read with the owner key, summed here in minor units per currency.
 */

/** Every record of a list route (pages of 100, the owner key). */
export { allRows } from './export-support';

/** Per currency, minor units. */
export type Sums = Record<string, number>;
export interface Figure { count: number; sums: Sums }

const minor = (v: unknown): number => (typeof v === 'number' ? v : Math.round(Number(v) * 100));
/** A figure's amount of a row: a field of it, or worked out from it (what is owed). */
export type Amount = string | ((row: Row) => number);
export function figureOf(rows: readonly Row[], amount?: Amount): Figure {
  const sums: Sums = {};
  const of = (r: Row) => (typeof amount === 'function' ? amount(r) : minor(r[amount!]));
  if (amount) for (const r of rows) sums[String(r.currency)] = (sums[String(r.currency)] ?? 0) + of(r);
  return { count: rows.length, sums };
}

/**
 * What is still owed on a document: its total less the payments recorded against it in its currency
 * (spec 2.7: a payment names its document_id). Without payments, the totals.
 */
export function owedOf(payments: readonly Row[] | null): (doc: Row) => number {
  if (!payments) return (d) => Number(d.total_minor);
  const paid = new Map<string, number>();
  for (const p of payments) {
    const key = `${String(p.document_id)}|${String(p.currency)}`;
    paid.set(key, (paid.get(key) ?? 0) + Number(p.amount_minor));
  }
  return (d) => Number(d.total_minor) - (paid.get(`${String(d.id)}|${String(d.currency)}`) ?? 0);
}

/** Whole days from `due` to `today` (positive: past due). */
export const daysLate = (due: string, today: string) => Math.round((Date.parse(`${today}T00:00:00Z`) - Date.parse(`${due}T00:00:00Z`)) / 86_400_000);

const OPEN = ['unpaid', 'partially_paid'];
export const openDocs = (docs: readonly Row[]) => docs.filter((d) => OPEN.includes(String(d.payment_status)));

/** The owner's receivables, overdue and ageing buckets: what is owed (with the payments), else the totals. */
export function receivables(docs: readonly Row[], today: string, payments: readonly Row[] | null) {
  const owed = owedOf(payments);
  const open = openDocs(docs);
  const overdue = open.filter((d) => typeof d.due_date === 'string' && daysLate(d.due_date, today) >= 1);
  const bucket = (min: number, max: number | null) => figureOf(overdue.filter((d) => { const n = daysLate(String(d.due_date), today); return n >= min && (max === null || n <= max); }), owed);
  return {
    openReceivables: figureOf(open, owed),
    overdue: figureOf(overdue, owed),
    overdueIds: overdue.map((d) => String(d.id)),
    days0to30: bucket(1, 30), days31to60: bucket(31, 60), days61to90: bucket(61, 90), days90plus: bucket(91, null),
  };
}

/** The bookkeeper's expenses waiting for review, and those blocked by each issue. */
export function review(expenses: readonly Row[]) {
  const waiting = expenses.filter((e) => e.review_status === 'needs_review');
  const blocked: Record<string, number> = {};
  for (const e of waiting) for (const code of new Set((e.blocking_issues as Row[]).map((i) => String(i.code)))) blocked[code] = (blocked[code] ?? 0) + 1;
  return { waitingReview: figureOf(waiting, 'total'), blocked };
}

export const pipeline = (leads: readonly Row[]) =>
  Object.fromEntries(['new', 'contacted', 'in_progress', 'proposal', 'negotiation', 'won', 'lost'].map((s) => [s, leads.filter((l) => l.status === s).length]));

/** A figure as the screen carries it (`data-count`, `data-amounts` "ILS:12345,USD:100"). */
export function shownFigure(count: string | null, amounts: string | null): Figure {
  const sums: Sums = {};
  for (const part of (amounts ?? '').split(',').filter(Boolean)) {
    const [currency, value] = part.split(':');
    sums[currency!] = Number(value);
  }
  return { count: Number(count), sums };
}
