import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { localQueryInputSchema } from '../../../../shared';
import { openSql, type SqlDb } from '../../../../electron/core/local/sql';
import { migrate } from '../../../../electron/core/local/schema';
import { LocalStore } from '../../../../electron/core/local/store';
import { runQuery } from '../../../../electron/core/local/query';

/**
 * Collation ranks in a copy opened again (a restart): the ranks in the file are used as they are,
 * and names written then are placed by seeking the rank index (a few) or among the values loaded
 * once (many); either way the order is the language's.
 */
let t = 0;
const customer = (name: string) => ({
  id: randomUUID(), object: 'customer', type: 'customer', name, business_number: null, contact_person: null, email: null, additional_emails: [],
  phone: null, phones: [], address: null, status: 'active', currency: 'ILS', tags: [], created_at: new Date(Date.UTC(2026, 0, 1) + (t += 1000)).toISOString(), updated_at: new Date(Date.UTC(2026, 0, 1) + t).toISOString(),
});
const collator = new Intl.Collator('he-IL', { numeric: true });
const held: { id: string; name: string }[] = [];
const expected = () => [...held].sort((a, b) => collator.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || (a.id < b.id ? -1 : 1)).map((c) => c.id);
const sorted = (store: LocalStore) => runQuery(store, localQueryInputSchema.parse({ area: 'customers', sort: [{ column: 'name', direction: 'asc' }], language: 'he', page: { offset: 0, limit: 500 } }), true, null).rows.map((r) => r.id);
const write = (store: LocalStore, names: string[]) => { const recs = names.map(customer); held.push(...recs); store.upsert('customers', recs); };
const names = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => `${prefix}${(i * 7919) % 1000}`);

describe('collation ranks of a copy opened again', () => {
  it('sorts by the ranks in the file and places later names between their neighbours, by seek and then in memory', () => {
    const db: SqlDb = openSql({ path: ':memory:', key: null });
    migrate(db);
    const first = new LocalStore(db);
    write(first, [...names(60, 'שם '), ...names(40, 'Name '), 'אבא', 'zeta', 'item 10', 'item 9']);
    first.index('customers');
    expect(sorted(first)).toEqual(expected());
    // Opened again: a name written before any sort in this run has no rank yet; the sort places it.
    const again = new LocalStore(db);
    write(again, ['בית']);
    expect(sorted(again)).toEqual(expected());
    // A few names, each placed by seeking: before all, after all, between two, one already held.
    write(again, ['', 'א', 'תתת', 'item 95', 'Name 5', 'שם 500', 'item 9']);
    expect(sorted(again)).toEqual(expected());
    // Many: past the seeks, the values are loaded once and placed in memory.
    write(again, names(80, 'עוד '));
    write(again, names(30, 'item '));
    expect(sorted(again)).toEqual(expected());
  });
});
