import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { localAggregateInputSchema } from '../../../../shared';
import { runAggregate } from '../../../../electron/core/local/query';
import { migrate } from '../../../../electron/core/local/schema';
import { openSql } from '../../../../electron/core/local/sql';
import { LocalStore } from '../../../../electron/core/local/store';

/**
 * What is owed, from the copy: a document's total less the payments recorded against it (spec 2.7),
 * in its currency, summed in main; the totals alone, said so, where the payments cannot be counted.
 */

let store: LocalStore;
let t = 0;
const at = () => new Date(Date.UTC(2026, 0, 1) + (t += 1000)).toISOString();
const customer = { id: randomUUID(), name: 'Kfar' };
const other = { id: randomUUID(), name: 'Other' };
const doc = (total: number, currency: string, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(), object: 'document', document_type: 'TAX_INVOICE', document_number: 1, title: 'Invoice', status: 'partially_paid', language: 'he',
  customer, issue_date: '2026-01-05', due_date: '2026-02-04', currency, subtotal_minor: total, discount_minor: null,
  vat_minor: 0, total_minor: total, payment_status: 'partially_paid', pdf_available: true, line_items: [], related_document_ids: [], created_at: at(), updated_at: at(), ...extra,
});
const pay = (documentId: string, amount: number, currency: string) => ({
  id: randomUUID(), object: 'payment', document_id: documentId, customer_id: customer.id, amount_minor: amount, currency, payment_method: 'cash',
  payment_date: '2026-01-10', status: 'recorded', created_at: at(), updated_at: at(),
});
const open = { area: 'documents', filters: [{ column: 'payment_status', op: 'in', values: ['unpaid', 'partially_paid'] }], sums: ['total_minor'], owed: true };
const answer = (input: unknown) => runAggregate(store, localAggregateInputSchema.parse(input), true, null);
const bySum = (g: { sums: { currency: string | null; value: string }[] } | undefined) => Object.fromEntries((g?.sums ?? []).map((s) => [s.currency, s.value]));

const ils = doc(100_000, 'ILS');
const usd = doc(10_000, 'USD');
const unpaid = doc(70_000, 'ILS', { payment_status: 'unpaid', status: 'open', customer: other });
const paid = doc(5_000, 'ILS', { payment_status: 'paid', status: 'closed' });

beforeEach(() => {
  const db = openSql({ path: ':memory:', key: null });
  migrate(db);
  store = new LocalStore(db);
  store.upsert('documents', [ils, usd, unpaid, paid]);
  store.setMeta('documents', { filled: true });
  // Two payments of the shekel invoice; the dollar one paid partly in dollars and once in shekels (not its currency).
  store.upsert('payments', [pay(ils.id, 30_000, 'ILS'), pay(ils.id, 20_000, 'ILS'), pay(usd.id, 2_500, 'USD'), pay(usd.id, 5_000, 'ILS'), pay(paid.id, 5_000, 'ILS')]);
  store.setMeta('payments', { filled: true });
});

describe('what is owed on documents, in main', () => {
  it('is each total less the payments naming it in its currency, per currency', () => {
    const r = answer(open);
    expect(r.owed).toEqual({ basis: 'balance' });
    expect(r.groups[0]!.count).toBe(3);
    // 1,000 - 300 - 200 + 700 shekels; 100 - 25 dollars (the shekel payment is not taken off a dollar invoice).
    expect(bySum(r.groups[0])).toEqual({ ILS: '1200.00', USD: '75.00' });
    // The totals alone, asked without `owed`, say nothing of a basis.
    const totals = answer({ ...open, owed: undefined });
    expect(totals.owed).toBeUndefined();
    expect(bySum(totals.groups[0])).toEqual({ ILS: '1700.00', USD: '100.00' });
  });

  it('per customer (a customer page\'s open balance), with the document filters as they are', () => {
    const r = answer({ ...open, group_by: 'customer__id' });
    expect(Object.fromEntries(r.groups.map((g) => [g.key, bySum(g)]))).toEqual({ [customer.id]: { ILS: '500.00', USD: '75.00' }, [other.id]: { ILS: '700.00' } });
    const overdue = answer({ ...open, filters: [...open.filters, { column: 'customer__id', op: 'equals', value: customer.id }, { column: 'due_date', op: 'range', lte: '2026-02-04' }] });
    expect(bySum(overdue.groups[0])).toEqual({ ILS: '500.00', USD: '75.00' });
  });

  it('answers again when a payment arrives or goes, not from the answer kept before', () => {
    expect(bySum(answer(open).groups[0]).ILS).toBe('1200.00');
    const third = pay(unpaid.id, 12_345, 'ILS');
    store.upsert('payments', [third]);
    expect(bySum(answer(open).groups[0]).ILS).toBe('1076.55');
    store.remove('payments', [third.id]);
    expect(bySum(answer(open).groups[0]).ILS).toBe('1200.00');
  });

  it('holds the totals, and says why, where the payments cannot be counted', () => {
    store.setMeta('payments', { denied: true });
    const refused = answer(open);
    expect(refused.owed).toEqual({ basis: 'total', why: 'unreadable' });
    expect(bySum(refused.groups[0])).toEqual({ ILS: '1700.00', USD: '100.00' });
    store.setMeta('payments', { denied: false, filled: false });
    const filling = answer(open);
    expect(filling.owed).toEqual({ basis: 'total', why: 'filling' });
    expect(bySum(filling.groups[0])).toEqual({ ILS: '1700.00', USD: '100.00' });
    store.setMeta('payments', { filled: true });
    expect(answer(open).owed).toEqual({ basis: 'balance' });
    expect(bySum(answer(open).groups[0]).ILS).toBe('1200.00');
  });

  it('is asked only of an area with a balance, of the amount it is a balance of', () => {
    const parse = (input: unknown) => localAggregateInputSchema.safeParse(input).success;
    expect(parse(open)).toBe(true);
    expect(parse({ ...open, sums: [] })).toBe(false);
    expect(parse({ ...open, sums: ['vat_minor'] })).toBe(false);
    expect(parse({ area: 'expenses', sums: ['total'], owed: true })).toBe(false);
    expect(parse({ ...open, owed: 'yes' })).toBe(false);
  });
});
