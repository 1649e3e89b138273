import { createHash, randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_AREAS, currencyDecimals, localAggregateInputSchema, localQueryInputSchema, type LocalArea } from '../../../../shared';
import { runAggregate, runQuery } from '../../../../electron/core/local/query';
import { areaVersion, migrate, tableOf } from '../../../../electron/core/local/schema';
import { openSql, type SqlDb } from '../../../../electron/core/local/sql';
import { LocalStore } from '../../../../electron/core/local/store';

/**
 * Exact money in the copy: amounts held as integers at a fixed scale and summed as integers, so a
 * figure is the decimal sum of the API's records to the last cent however many rows it adds up.
 */

let db: SqlDb;
let store: LocalStore;
let t = 0;
const at = () => new Date(Date.UTC(2026, 0, 1) + (t += 1000)).toISOString();
const doc = (total: number, currency: string, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(), object: 'document', document_type: 'TAX_INVOICE', document_number: 1, title: 'Invoice', status: 'open', language: 'he',
  customer: { id: randomUUID(), name: 'c' }, issue_date: '2026-01-05', due_date: null, currency, subtotal_minor: total, discount_minor: null,
  vat_minor: 0, total_minor: total, payment_status: 'unpaid', pdf_available: true, line_items: [], related_document_ids: [], created_at: at(), updated_at: at(), ...extra,
});
const payment = (amount: number, currency: string) => ({
  id: randomUUID(), object: 'payment', document_id: randomUUID(), customer_id: null, amount_minor: amount, currency, payment_method: 'cash',
  payment_date: '2026-01-05', status: 'recorded', created_at: at(), updated_at: at(),
});
const expense = (total: string, currency: string) => ({ id: randomUUID(), object: 'expense', currency, total, balance_due: total, review_status: 'approved', created_at: at(), updated_at: at() });
const aggregate = (input: unknown) => runAggregate(store, localAggregateInputSchema.parse(input), true, null);
const sums = (input: unknown) => Object.fromEntries((aggregate(input).groups[0]?.sums ?? []).map((s) => [s.currency, s.value]));

/** The decimal sum of amounts in minor units, per currency, by BigInt: what the figures must equal. */
function decimalSums(records: readonly { currency: string; minor: bigint }[]): Record<string, string> {
  const by = new Map<string, bigint>();
  for (const r of records) by.set(r.currency, (by.get(r.currency) ?? 0n) + r.minor);
  return Object.fromEntries([...by].map(([c, v]) => {
    const d = currencyDecimals(c);
    const s = v.toString().padStart(d + 1, '0');
    return [c, d ? `${s.slice(0, -d)}.${s.slice(-d)}` : s];
  }));
}
const minorOf = (text: string, d: number) => {
  const [whole, frac = ''] = text.split('.');
  return BigInt(whole! + frac.padEnd(d, '0'));
};

beforeEach(() => {
  db = openSql({ path: ':memory:', key: null });
  migrate(db);
  store = new LocalStore(db);
});

describe('exact money in the local copy', () => {
  it('sums 100,000 payments in three currencies to the cent, where binary floating point cannot', () => {
    // Five billion shekels or so each: half a quadrillion in all, where a double's step is 1/16 of a unit.
    let x = 12_345;
    const next = () => { x = (x * 48_271) % 2_147_483_647; return x; };
    const records = Array.from({ length: 100_000 }, (_, i) => {
      const currency = i % 50 === 0 ? 'KWD' : i % 50 === 1 ? 'JPY' : 'ILS';
      const minor = currency === 'JPY' ? 900_000_000 + (next() % 99_999_999) : 499_000_000_000 + next() * 7 + (next() % 100);
      return payment(minor, currency);
    });
    for (let i = 0; i < records.length; i += 10_000) store.upsert('payments', records.slice(i, i + 10_000), undefined, { fill: true });
    const expected = decimalSums(records.map((r) => ({ currency: r.currency, minor: BigInt(r.amount_minor) })));
    // No double holds this sum to the cent: a floating-point sum, however careful, cannot give it.
    expect(Number(expected.ILS).toFixed(2)).not.toBe(expected.ILS);
    expect(sums({ area: 'payments', sums: ['amount_minor'] })).toEqual(expected);
    // Grouped, each group's sums are exact too.
    const grouped = aggregate({ area: 'payments', sums: ['amount_minor'], group_by: 'currency' }).groups;
    expect(Object.fromEntries(grouped.map((g) => [g.key, g.sums[0]!.value]))).toEqual(expected);
  }, 120_000);

  it('sums decimal-string amounts (expenses) exactly, however many places the currency has', () => {
    const amounts = ['8999999999.99', '8999999998.07', '0.10', '0.20', '1234567.89'];
    const records = Array.from({ length: 20_001 }, (_, i) => expense(amounts[i % amounts.length]!, 'ILS'));
    records.push(expense('1.005', 'KWD'), expense('2.010', 'KWD'), expense('7', 'JPY'));
    store.upsert('expenses', records, undefined, { fill: true });
    const expected = decimalSums(records.map((r) => ({ currency: r.currency, minor: minorOf(r.total, currencyDecimals(r.currency)) })));
    expect(Number(expected.ILS).toFixed(2)).not.toBe(expected.ILS);
    expect(expected.KWD).toBe('3.015');
    expect(sums({ area: 'expenses', sums: ['total', 'balance_due'] })).toEqual(expected);
  });

  it('filters and sorts amounts in major units across currencies, to the smallest unit', () => {
    store.upsert('documents', [doc(1, 'ILS'), doc(100, 'ILS'), doc(2, 'JPY'), doc(20, 'KWD'), doc(999_999_999_999, 'ILS')]);
    const shown = (filter: Record<string, unknown>) => runQuery(store, localQueryInputSchema.parse({
      area: 'documents', filters: [{ column: 'total_minor', op: 'range', ...filter }], sort: [{ column: 'total_minor', direction: 'asc' }],
    }), true, null).rows.map((r) => `${String(r.total_minor)} ${String(r.currency)}`);
    // 0.01 ILS, 0.020 KWD, 1.00 ILS, 2 JPY, 9,999,999,999.99 ILS.
    const all = ['1 ILS', '20 KWD', '100 ILS', '2 JPY', '999999999999 ILS'];
    expect(shown({ gte: 0.01 })).toEqual(all);
    expect(shown({ gt: 0.00001 })).toEqual(all);
    expect(shown({ gt: 0.01 })).toEqual(all.slice(1));
    expect(shown({ gte: 0.01, lt: 1 })).toEqual(['1 ILS', '20 KWD']);
    expect(shown({ lte: 1 })).toEqual(['1 ILS', '20 KWD', '100 ILS']);
    expect(shown({ gt: 0.0199, lt: 0.0201 })).toEqual(['20 KWD']);
    expect(shown({ gte: 9_999_999_999.99 })).toEqual(['999999999999 ILS']);
    expect(shown({ gt: 9_999_999_999.99 })).toEqual([]);
  });

  it('holds amounts as integers, and a copy that held them as floating point is rebuilt', () => {
    const amounts = (a: LocalArea) => a.columns.filter((c) => c.kind === 'money' || c.kind === 'quantity');
    const types = (area: string) => new Map(db.prepare(`PRAGMA table_info(${tableOf(area)})`).all().map((r) => [String(r.name), String(r.type)]));
    expect(amounts(LOCAL_AREAS.documents!).map((c) => types('documents').get(c.name))).toEqual(['INTEGER', 'INTEGER', 'INTEGER', 'INTEGER']);
    expect(types('inventory').get('quantity')).toBe('INTEGER');
    // The fingerprint of every area with amounts changed with their scale: its copy is filled anew.
    const before = (a: LocalArea) => {
      const columns = a.columns.map(({ scale: _scale, ...c }) => c);
      return createHash('sha256').update(JSON.stringify(a.search.length ? { columns, letters: 1 } : columns)).digest('hex').slice(0, 16);
    };
    const withAmounts = Object.values(LOCAL_AREAS).filter((a) => amounts(a).length > 0);
    expect(withAmounts.map((a) => a.area)).toEqual(expect.arrayContaining(['documents', 'payments', 'expenses', 'inventory', 'products']));
    for (const a of withAmounts) expect(areaVersion(a), a.area).not.toBe(before(a));
    store.upsert('documents', [doc(100, 'ILS')]);
    store.setMeta('documents', { filled: true, mark: '2026-01-01T00:00:00.000Z' });
    db.prepare("UPDATE _areas SET version = ? WHERE area = 'documents'").run(before(LOCAL_AREAS.documents!));
    migrate(db);
    expect(db.prepare(`SELECT count(*) AS n FROM ${tableOf('documents')}`).get()!.n).toBe(0);
    expect(new LocalStore(db).meta('documents')).toMatchObject({ filled: false, mark: null });
  });
});
