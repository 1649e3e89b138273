import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOCAL_QUERY_LIMITS, localAggregateInputSchema, localReadManyInputSchema } from '../../../../shared';
import { Answers } from '../../../../electron/core/local/answers';
import { migrate } from '../../../../electron/core/local/schema';
import { openSql, type SqlDb } from '../../../../electron/core/local/sql';
import { LocalStore } from '../../../../electron/core/local/store';
import { runAggregate } from '../../../../electron/core/local/query';

let db: SqlDb;
let store: LocalStore;
let t = 0;
const at = () => new Date(Date.UTC(2026, 0, 1) + (t += 1000)).toISOString();
const doc = (total: number | null, currency: string, payment: string, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(), object: 'document', document_type: 'TAX_INVOICE', document_number: 1, title: 'Invoice', status: 'open', language: 'he',
  customer: { id: randomUUID(), name: 'c' }, issue_date: '2026-01-05', due_date: null, currency, subtotal_minor: total, discount_minor: null,
  vat_minor: 0, total_minor: total, payment_status: payment, pdf_available: true, line_items: [], related_document_ids: [], created_at: at(), updated_at: at(), ...extra,
});
const aggregate = (input: unknown, s = store) => runAggregate(s, localAggregateInputSchema.parse(input), true, null).groups;
const open = { area: 'documents', filters: [{ column: 'payment_status', op: 'in', values: ['unpaid', 'partially_paid'] }], sums: ['total_minor'] };
const bySum = (g: { sums: { currency: string | null; value: string }[] } | undefined) =>
  Object.fromEntries((g?.sums ?? []).map((s) => [s.currency, s.value]));

beforeEach(() => {
  db = openSql({ path: ':memory:', key: null });
  migrate(db);
  store = new LocalStore(db);
});

describe('local.aggregate in one pass', () => {
  it('counts every matching row and sums per currency, a group whose amounts are all empty counted without a sum', () => {
    store.upsert('documents', [
      doc(12_050, 'ILS', 'unpaid'), doc(1_000, 'ILS', 'partially_paid'), doc(99_900, 'USD', 'unpaid'), doc(null, 'EUR', 'unpaid'), doc(7, 'ILS', 'paid'),
    ]);
    store.index('documents');
    const [all] = aggregate(open);
    expect(all!.count).toBe(4);
    expect(bySum(all)).toEqual({ ILS: '130.50', USD: '999.00' });
    const grouped = aggregate({ ...open, filters: [], group_by: 'payment_status' });
    expect(grouped.map((g) => [g.key, g.count])).toEqual([['unpaid', 3], ['paid', 1], ['partially_paid', 1]]);
    expect(bySum(grouped.find((g) => g.key === 'unpaid'))).toEqual({ ILS: '120.50', USD: '999.00' });
  });

  it('answers at most the largest groups, largest first', () => {
    const n = 1_010;
    store.upsert('documents', Array.from({ length: n }, (_, i) => doc(100, 'ILS', 'unpaid', { customer: { id: randomUUID(), name: `c${i}` } })));
    const c = store.get('documents', String(aggregate({ area: 'documents', group_by: 'id' })[0]!.key))!;
    store.upsert('documents', [doc(1, 'ILS', 'unpaid', { customer: c.customer })]);
    const groups = aggregate({ area: 'documents', group_by: 'customer__id' });
    expect(groups).toHaveLength(LOCAL_QUERY_LIMITS.groupsMax);
    expect(groups[0]).toMatchObject({ key: (c.customer as { id: string }).id, count: 2 });
  });
});

describe('aggregate answers kept until the area changes', () => {
  it('answers again from memory while the area is unchanged, without reading the table', () => {
    store.upsert('documents', [doc(100, 'ILS', 'unpaid')]);
    expect(aggregate(open)[0]!.count).toBe(1);
    const prepare = vi.spyOn(db, 'prepare');
    expect(aggregate(open)[0]!.count).toBe(1);
    expect(prepare).not.toHaveBeenCalled();
    // Another question is computed.
    expect(aggregate({ ...open, filters: [] })[0]!.count).toBe(1);
    expect(prepare).toHaveBeenCalled();
  });

  it('a write (a sync page or an own write), a deletion and another area', () => {
    const first = doc(100, 'ILS', 'unpaid');
    store.upsert('documents', [first]);
    expect(aggregate(open)[0]!.count).toBe(1);
    store.upsert('documents', [doc(250, 'ILS', 'partially_paid')]);
    expect(aggregate(open)[0]).toMatchObject({ count: 2, sums: [{ currency: 'ILS', value: '3.50' }] });
    // An edit of a held record (newer mark) that takes it out of the figure.
    store.upsert('documents', [{ ...first, payment_status: 'paid', updated_at: '2030-01-01T00:00:00.000Z' }]);
    expect(aggregate(open)[0]!.count).toBe(1);
    store.remove('documents', [String(aggregate({ ...open, group_by: 'id' })[0]!.key)]);
    expect(aggregate(open)).toEqual([]);
    // A change of another area leaves this answer as it is (and answers that area afresh).
    expect(aggregate({ area: 'tasks' })).toEqual([]);
    store.upsert('documents', [doc(1, 'ILS', 'unpaid')]);
    expect(aggregate(open)[0]!.count).toBe(1);
  });

  it('another copy (a forget, another profile) never sees this one\'s answers', () => {
    store.upsert('documents', [doc(100, 'ILS', 'unpaid')]);
    expect(aggregate(open)[0]!.count).toBe(1);
    const other = openSql({ path: ':memory:', key: null });
    migrate(other);
    expect(aggregate(open, new LocalStore(other))).toEqual([]);
  });

  it('keeps at most its bytes, dropping the least recently used, and never keeps one answer larger than the bound', () => {
    // Each entry costs its key (twice its length), its answer and 64: about 90 bytes here, so two fit in 200.
    const answers = new Answers<number>(200, () => 0);
    const compute = vi.fn(() => 1);
    answers.get(store, 'documents', 'a', compute);
    answers.get(store, 'documents', 'b', compute);
    answers.get(store, 'documents', 'a', compute);
    answers.get(store, 'documents', 'c', compute);
    expect(compute).toHaveBeenCalledTimes(3);
    answers.get(store, 'documents', 'a', compute);
    expect(compute).toHaveBeenCalledTimes(3);
    answers.get(store, 'documents', 'b', compute);
    expect(compute).toHaveBeenCalledTimes(4);
    expect(answers.bytes(store)).toBeLessThanOrEqual(200);
    // A page asking ever new questions with large answers: the bytes held stay under the bound.
    const big = new Answers<string>(100_000);
    for (let k = 0; k < 500; k++) big.get(store, 'documents', `question ${k} ${'x'.repeat(k)}`, () => 'y'.repeat(5_000));
    expect(big.bytes(store)).toBeLessThanOrEqual(100_000);
    expect(big.bytes(store)).toBeGreaterThan(50_000);
    // Larger than the whole bound: answered, not kept.
    const huge = vi.fn(() => 'z'.repeat(60_000));
    big.get(store, 'documents', 'huge', huge);
    big.get(store, 'documents', 'huge', huge);
    expect(huge).toHaveBeenCalledTimes(2);
  });
});

describe('local.readMany input', () => {
  it('checks every read as local.query or local.aggregate does, and bounds how many', () => {
    const rows = { query: { area: 'customers', sort: [{ column: 'name', direction: 'asc' }] } };
    const parse = (reads: unknown, extra = {}) => localReadManyInputSchema.safeParse({ reads, ...extra }).success;
    expect(parse([{ aggregate: open }, { aggregate: { area: 'leads', group_by: 'status' } }, rows])).toBe(true);
    expect(parse([])).toBe(false);
    expect(parse([{ aggregate: open }, { aggregate: { ...open, sums: ['customer__name'] } }])).toBe(false);
    expect(parse([{ aggregate: { ...open, filters: [{ column: 'nope', op: 'equals', value: 1 }] } }])).toBe(false);
    expect(parse([{ query: { area: 'customers', sort: [{ column: 'nope', direction: 'asc' }] } }])).toBe(false);
    // A read is one kind or the other, with nothing beside it.
    expect(parse([{ aggregate: open, query: rows.query }])).toBe(false);
    expect(parse([open])).toBe(false);
    expect(parse([{ aggregate: open }], { extra: 1 })).toBe(false);
    expect(parse(Array.from({ length: LOCAL_QUERY_LIMITS.batchMax + 1 }, () => ({ aggregate: open })))).toBe(false);
  });
});
