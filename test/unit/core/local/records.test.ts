import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_AREAS, localQueryInputSchema } from '../../../../shared';
import { jsonTableOf, tableOf } from '../../../../electron/core/local/layout';
import { runQuery } from '../../../../electron/core/local/query';
import { shapeOf } from '../../../../electron/core/local/record-shape';
import { migrate } from '../../../../electron/core/local/schema';
import { openSql, type SqlDb } from '../../../../electron/core/local/sql';
import { LocalStore } from '../../../../electron/core/local/store';
import { rowValues } from '../../../../electron/core/local/values';

/**
 * Each record is kept once: what its typed columns hold exactly is read back from them, the rest is
 * kept beside the row in the order of its shape. Read back, a record is the API's record: the same
 * keys in the same order, the same values, whatever it holds.
 */
let db: SqlDb;
let store: LocalStore;
beforeEach(() => {
  db = openSql({ path: ':memory:', key: null });
  migrate(db);
  store = new LocalStore(db);
});

let t = 0;
const at = () => new Date(Date.UTC(2026, 0, 1) + (t += 1000)).toISOString();
const customer = (extra: Record<string, unknown> = {}) => ({
  id: randomUUID(), object: 'customer', type: 'customer', name: 'Café Noir', business_number: '514569110', contact_person: null, email: 'a@b.example',
  additional_emails: [], phone: '052-8978527', phones: [{ value: '052-8978527', primary: true }],
  address: { street: 'Herzl', street_number: '12', city: 'תל אביב-יפו', postal_code: null, country_code: 'IL' },
  status: 'active', currency: 'ILS', tags: ['VIP', 'צפון'], created_at: at(), updated_at: at(), ...extra,
});
const doc = (extra: Record<string, unknown> = {}) => ({
  id: randomUUID(), object: 'document', document_type: 'TAX_INVOICE', document_number: 15019, title: 'קבלה – אלון לוי', status: 'closed', language: 'he',
  customer: { id: randomUUID(), name: 'אלון לוי' }, issue_date: '2026-10-30', due_date: null, currency: 'ILS', subtotal_minor: 223044, discount_minor: 11739,
  vat_minor: 40148, total_minor: 263192, payment_status: 'paid', pdf_available: true,
  line_items: [{ id: randomUUID(), line_number: 1, name: 'בורונדי קאיאנזה', quantity: '5.250', unit_price_minor: 26690 }], related_document_ids: [], created_at: at(), updated_at: at(), ...extra,
});
const exact = (area: string, rec: Record<string, unknown>) => {
  store.upsert(area, [rec]);
  const back = store.get(area, String(rec.id));
  expect(JSON.stringify(back)).toBe(JSON.stringify(rec));
  expect(back).toEqual(rec);
  expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
};

describe('records kept once', () => {
  it('reads back exactly what was written: key order, nested objects, nulls, lists, booleans, money as the API wrote it', () => {
    exact('customers', customer());
    exact('customers', customer({ address: null, tags: [], email: null }));
    exact('documents', doc());
    exact('documents', doc({ pdf_available: false, due_date: '2026-11-30', discount_minor: null }));
    // Keys in another order, fields the contract does not name, a nested object with fields of no column.
    const { id, name, ...rest } = customer();
    exact('customers', { name, ...rest, id, extra: { deep: [1, { x: 'y' }] }, address: { city: 'חיפה', note: 'קומה 2', street: null, street_number: null, postal_code: '3303', country_code: 'IL' } });
    // A column's field holding a value of another kind is kept as it came.
    exact('documents', doc({ document_number: 12.5, title: 42, pdf_available: 'yes', customer: { id: randomUUID(), name: null, vip: true } }));
    // An own "__proto__" field stays a field.
    exact('customers', JSON.parse(JSON.stringify(customer()).replace('"tags":', '"__proto__":{"polluted":true},"tags":')) as Record<string, unknown>);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('writes a shape\'s text as the JSON of its tree, the same for a record met first and one met again (copies written before read it)', () => {
    // The shape's tree as copies have always written it, built whole and then stringified.
    type Tree = 0 | { c: string } | { k: unknown } | { o: [string, Tree][] };
    const treeOf = (area: string, rec: Record<string, unknown>, values: readonly unknown[]): { shape: string; rest: unknown[] } => {
      const a = LOCAL_AREAS[area]!;
      const rest: unknown[] = [];
      const nested = new Set(a.columns.filter((c) => c.path.includes('.')).map((c) => c.path.slice(0, c.path.lastIndexOf('.'))));
      const asHeld = (name: string) => {
        const c = a.columns.find((x) => x.name === name)!;
        const v = values[a.columns.indexOf(c)];
        return c.kind === 'bool' && v !== null && v !== undefined ? v === 1 : (v ?? null);
      };
      const node = (v: unknown, path: string): Tree => {
        if (path === a.order && typeof v === 'string') return { c: 'w' };
        const col = a.columns.find((c) => c.path === path);
        if (col && Object.is(asHeld(col.name), v)) return { c: col.name };
        const k = a.constants.find((c) => c.path === path);
        if (k && Object.is(k.value, v)) return { k: k.value };
        if (typeof v === 'object' && v !== null && !Array.isArray(v) && (path === '' || nested.has(path))) return object(v as Record<string, unknown>, path);
        rest.push(v);
        return 0;
      };
      const object = (o: Record<string, unknown>, path: string): Tree =>
        ({ o: Object.entries(o).filter(([, v]) => v !== undefined).map(([k, v]) => [k, node(v, path ? `${path}.${k}` : k)]) });
      return { shape: JSON.stringify(object(rec, '')), rest };
    };
    const records: [string, Record<string, unknown>][] = [
      ['customers', customer()], ['customers', customer({ address: null })], ['customers', customer({ object: 'client' })],
      ['customers', customer({ address: { city: 'חיפה', extra: { deep: 1 } }, 'we"ird\\key': 'x' })],
      ['customers', JSON.parse('{"__proto__": {"x": 1}, "id": "c1", "object": "customer", "name": 5, "updated_at": 7}') as Record<string, unknown>],
      ['customers', { ...customer(), unknown_field: undefined, status: undefined }],
      ['documents', doc()], ['documents', doc({ customer: null, pdf_available: 'yes' })], ['documents', doc({ total_minor: '12.5' })],
      // More fields than the paths kept per object: its shape is written out, its rest gathered in the same walk.
      ['customers', customer(Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`extra_${i}`, i % 3 ? i : { n: i }])))],
    ];
    for (const round of [1, 2]) {
      for (const [area, rec] of records) {
        const a = LOCAL_AREAS[area]!;
        const values = rowValues(a, rec);
        expect(shapeOf(a, rec, values), `${area} round ${round}`).toEqual(treeOf(area, rec, values));
      }
    }
  });

  it('keeps beside the row only what its columns and the area\'s constants do not hold, each shape once', () => {
    const a = LOCAL_AREAS.customers!;
    const rec = customer();
    const { shape, rest } = shapeOf(a, rec, rowValues(a, rec));
    expect(rest).toEqual([rec.additional_emails, rec.phones, rec.tags]);
    expect(shape).not.toContain('Café');
    expect(shape).toContain('"object"');
    store.upsert('customers', Array.from({ length: 50 }, () => customer()));
    store.upsert('customers', Array.from({ length: 50 }, () => customer({ address: null })));
    expect(db.prepare("SELECT count(*) AS n FROM _shapes WHERE area = 'customers'").get()!.n).toBe(2);
    const kept = db.prepare(`SELECT v FROM ${jsonTableOf('customers')} LIMIT 1`).get()!.v as string;
    expect(kept).not.toContain('Café');
    expect(kept).not.toContain('"name"');
  });

  it('answers a page of rows exactly as written, and skips a record written again unchanged', () => {
    const list = Array.from({ length: 30 }, (_, i) => customer({ name: `n${i}` }));
    store.upsert('customers', list);
    store.index('customers');
    const rows = runQuery(store, localQueryInputSchema.parse({ area: 'customers', sort: [{ column: 'name', direction: 'asc' }], page: { offset: 0, limit: 100 } }), true, null).rows;
    expect(new Map(rows.map((r) => [r.id, JSON.stringify(r)]))).toEqual(new Map(list.map((r) => [r.id, JSON.stringify(r)])));
    expect(store.upsert('customers', list.map((r) => JSON.parse(JSON.stringify(r)) as Record<string, unknown>))).toEqual([]);
    expect(store.upsert('customers', [{ ...list[3]!, phones: [] }])).toEqual([list[3]!.id]);
    expect(store.get('customers', list[3]!.id)?.phones).toEqual([]);
  });

  it('stores the order field once, as the mark, and still filters and groups by it', () => {
    const list = Array.from({ length: 5 }, () => customer());
    store.upsert('customers', list);
    expect(db.prepare(`SELECT count(*) AS n FROM ${tableOf('customers')} WHERE updated_at = w`).get()!.n).toBe(5);
    const from = list[2]!.updated_at;
    const got = runQuery(store, localQueryInputSchema.parse({ area: 'customers', filters: [{ column: 'updated_at', op: 'range', gte: from }], sort: [{ column: 'updated_at', direction: 'asc' }] }), true, null);
    expect(got.rows.map((r) => r.id)).toEqual(list.slice(2).map((r) => r.id));
  });
});
