import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { localAggregateInputSchema, localQueryInputSchema } from '../../../../shared';
import { openSql } from '../../../../electron/core/local/sql';
import { migrate } from '../../../../electron/core/local/schema';
import { LocalStore } from '../../../../electron/core/local/store';
import { runAggregate, runQuery } from '../../../../electron/core/local/query';

let store: LocalStore;
let t = 0;
const at = () => new Date(Date.UTC(2026, 0, 1) + (t += 1000)).toISOString();
const customer = (name: string, extra: Record<string, unknown> = {}) => ({
  id: randomUUID(), object: 'customer', type: 'customer', name, business_number: null, contact_person: null, email: null, additional_emails: [],
  phone: null, phones: [], address: null, status: 'active', currency: 'ILS', tags: [], created_at: at(), updated_at: at(), ...extra,
});
const doc = (total: number, currency: string, status: string, customerName: string) => ({
  id: randomUUID(), object: 'document', document_type: 'TAX_INVOICE', document_number: Math.floor(total), title: `Invoice ${total}`, status, language: 'he',
  customer: { id: randomUUID(), name: customerName }, issue_date: '2026-01-05', due_date: null, currency, subtotal_minor: total, discount_minor: null,
  vat_minor: 0, total_minor: total, payment_status: 'unpaid', pdf_available: true, line_items: [], related_document_ids: [], created_at: at(), updated_at: at(),
});
const query = (input: unknown) => runQuery(store, localQueryInputSchema.parse(input), true, null);
const names = (input: unknown) => query(input).rows.map((r) => r.name);
/** Every id of a sorted result, read page after page by keyset. */
function keysetIds(sort: unknown, limit: number): unknown[] {
  const ids: unknown[] = [];
  let after = null;
  for (let i = 0; i < 1_000; i++) {
    const r = query({ area: 'customers', sort, page: { after, limit } });
    ids.push(...r.rows.map((x) => x.id));
    if (!r.next) break;
    after = r.next;
  }
  return ids;
}

beforeEach(() => {
  const db = openSql({ path: ':memory:', key: null });
  migrate(db);
  store = new LocalStore(db);
});

describe('local.query', () => {
  it('sorts names as a reader of the language expects: Hebrew first in he, Latin first in en, digits by value, not by code points', () => {
    store.upsert('customers', ['zeta', 'Alpha', 'בית', 'אבא', 'item 10', 'item 9', 'ālef'].map((n) => customer(n)));
    store.index('customers');
    expect(names({ area: 'customers', sort: [{ column: 'name', direction: 'asc' }], language: 'he' })).toEqual(['אבא', 'בית', 'ālef', 'Alpha', 'item 9', 'item 10', 'zeta']);
    expect(names({ area: 'customers', sort: [{ column: 'name', direction: 'asc' }], language: 'en' })).toEqual(['ālef', 'Alpha', 'item 9', 'item 10', 'zeta', 'אבא', 'בית']);
    // A name written after the first sort is placed between its neighbours.
    store.upsert('customers', [customer('גמל'), customer('Beta')]);
    expect(names({ area: 'customers', sort: [{ column: 'name', direction: 'desc' }], language: 'en' })).toEqual(['גמל', 'בית', 'אבא', 'zeta', 'item 10', 'item 9', 'Beta', 'Alpha', 'ālef']);
  });

  it('filters by equals, in, range (money in major units), contains and empty, and counts the whole result', () => {
    store.upsert('documents', [doc(12_000, 'ILS', 'open', 'כהן'), doc(5_000, 'ILS', 'closed', 'Levi'), doc(99_900, 'USD', 'open', 'Cohen Ltd'), doc(150, 'JPY', 'open', 'Tanaka')]);
    store.index('documents');
    const totals = (filters: unknown[]) => query({ area: 'documents', filters, sort: [{ column: 'total_minor', direction: 'asc' }] }).rows.map((r) => `${r.total_minor as number}${r.currency as string}`);
    // Amounts sort and filter in major units (120.00 ILS before 150 JPY).
    expect(totals([{ column: 'status', op: 'equals', value: 'open' }])).toEqual(['12000ILS', '150JPY', '99900USD']);
    expect(totals([{ column: 'currency', op: 'in', values: ['ILS', 'JPY'] }])).toEqual(['5000ILS', '12000ILS', '150JPY']);
    expect(totals([{ column: 'total_minor', op: 'range', gte: 100, lte: 150 }])).toEqual(['12000ILS', '150JPY']);
    expect(totals([{ column: 'customer__name', op: 'contains', value: 'cohen' }])).toEqual(['99900USD']);
    expect(totals([{ column: 'due_date', op: 'empty', empty: true }, { column: 'total_minor', op: 'range', lt: 60 }])).toEqual(['5000ILS']);
    expect(query({ area: 'documents', filters: [{ column: 'status', op: 'equals', value: 'open' }], page: { offset: 0, limit: 1 } }).total).toBe(3);
  });

  it('searches every text column, Hebrew included, by trigram from three letters and by scan below', () => {
    store.upsert('customers', [customer('קפה גן העיר'), customer('Café Noir', { email: 'orders@noir.example' }), customer('מאפיית השכונה')]);
    store.index('customers');
    expect(names({ area: 'customers', search: 'קפה' })).toEqual(['קפה גן העיר']);
    expect(names({ area: 'customers', search: 'NOIR.ex' })).toEqual(['Café Noir']);
    expect(names({ area: 'customers', search: 'גן', sort: [{ column: 'name', direction: 'asc' }] })).toEqual(['קפה גן העיר']);
    store.upsert('customers', [customer('בית קפה חדש')]);
    expect(names({ area: 'customers', search: 'קפה', sort: [{ column: 'name', direction: 'asc' }], language: 'he' })).toEqual(['בית קפה חדש', 'קפה גן העיר']);
  });

  it('pages by keyset exactly as by offset, with mixed directions and empty values', () => {
    const list = Array.from({ length: 57 }, (_, i) => customer(`n${i % 7}`, { contact_person: i % 3 ? `c${i % 5}` : null }));
    store.upsert('customers', list);
    store.index('customers');
    const sort = [{ column: 'contact_person', direction: 'desc' }, { column: 'name', direction: 'asc' }];
    const all = query({ area: 'customers', sort, page: { offset: 0, limit: 500 } }).rows.map((r) => r.id);
    expect(keysetIds(sort, 10)).toEqual(all);
    expect(new Set(all).size).toBe(57);
  });

  it('reads a window inside the first key\'s long run of equal values from that run alone, in the same order as the whole sort', () => {
    // 3,600 customers: two in three have no contact (a run of 2,400 that sorts first ascending), names repeat, statuses mostly active.
    const list = Array.from({ length: 3_600 }, (_, i) => customer(`n${(i * 7) % 97}`, { contact_person: i % 3 ? null : `c${i % 5}`, status: i % 10 ? 'active' : 'inactive' }));
    store.upsert('customers', list);
    store.index('customers');
    const sqls: string[] = [];
    const prepare = store.db.prepare.bind(store.db);
    store.db.prepare = (sql: string) => { sqls.push(sql); return prepare(sql); };
    for (const sort of [
      [{ column: 'contact_person', direction: 'asc' }, { column: 'name', direction: 'asc' }],
      [{ column: 'contact_person', direction: 'asc' }, { column: 'name', direction: 'desc' }],
      [{ column: 'status', direction: 'asc' }, { column: 'name', direction: 'asc' }],
      [{ column: 'contact_person', direction: 'desc' }, { column: 'name', direction: 'asc' }],
    ]) {
      // The reference: the whole result by keyset pages, which are read the ordinary way.
      const all = keysetIds(sort, 100);
      expect(new Set(all).size).toBe(3_600);
      for (const offset of [0, 30, 1_500, 2_370, 2_380, 3_570]) {
        sqls.length = 0;
        expect(query({ area: 'customers', sort, page: { offset, limit: 30 } }).rows.map((r) => r.id), `${JSON.stringify(sort)} at ${offset}`).toEqual(all.slice(offset, offset + 30));
      }
    }
    // The run's windows were read by the name's index (a window past the run, by the contact's).
    sqls.length = 0;
    query({ area: 'customers', sort: [{ column: 'contact_person', direction: 'asc' }, { column: 'name', direction: 'asc' }], page: { offset: 30, limit: 30 } });
    expect(sqls.some((q) => /INDEXED BY "[^"]*name__k_en"/.test(q) && q.includes('IS NULL'))).toBe(true);
    sqls.length = 0;
    query({ area: 'customers', sort: [{ column: 'contact_person', direction: 'asc' }, { column: 'name', direction: 'asc' }], page: { offset: 2_380, limit: 30 } });
    expect(sqls.some((q) => /INDEXED BY "[^"]*name__k_en"/.test(q))).toBe(false);
  });

  it('keeps the newest record by mark: an older copy or the same one again is skipped', () => {
    const c = customer('First');
    store.upsert('customers', [c]);
    expect(store.upsert('customers', [c])).toEqual([]);
    expect(store.upsert('customers', [{ ...c, name: 'Older', updated_at: '2020-01-01T00:00:00.000Z' }])).toEqual([]);
    expect(store.upsert('customers', [{ ...c, name: 'Newer', updated_at: '2030-01-01T00:00:00.000Z' }])).toEqual([c.id]);
    expect(store.get('customers', c.id)?.name).toBe('Newer');
    expect(store.count('customers')).toBe(1);
  });
});

describe('local.aggregate', () => {
  it('counts and sums grouped by a field, money per currency with its decimals', () => {
    store.upsert('documents', [doc(12_050, 'ILS', 'open', 'a'), doc(5_000, 'ILS', 'closed', 'b'), doc(99_900, 'USD', 'open', 'c'), doc(150, 'JPY', 'open', 'd')]);
    store.index('documents');
    const r = runAggregate(store, localAggregateInputSchema.parse({ area: 'documents', group_by: 'status', sums: ['total_minor'] }), true, null);
    const open = r.groups.find((g) => g.key === 'open')!;
    expect(open.count).toBe(3);
    expect(open.sums.sort((a, b) => String(a.currency).localeCompare(String(b.currency)))).toEqual([
      { column: 'total_minor', currency: 'ILS', value: '120.50' },
      { column: 'total_minor', currency: 'JPY', value: '150' },
      { column: 'total_minor', currency: 'USD', value: '999.00' },
    ]);
    expect(r.groups.find((g) => g.key === 'closed')!.sums).toEqual([{ column: 'total_minor', currency: 'ILS', value: '50.00' }]);
  });
});
