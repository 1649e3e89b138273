import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { localQueryInputSchema, LOCAL_AREA_KEYS } from '../../../../shared';
import { PAGE_MOVED, runQuery } from '../../../../electron/core/local/query';
import { DELETION_CHECK_EVERY_MS, Runner } from '../../../../electron/core/local/runner';
import { migrate } from '../../../../electron/core/local/schema';
import { openSql } from '../../../../electron/core/local/sql';
import { LocalStore } from '../../../../electron/core/local/store';
import { AreaSync, type PageSource } from '../../../../electron/core/local/sync';

let store: LocalStore;
beforeEach(() => {
  const db = openSql({ path: ':memory:', key: null });
  migrate(db);
  store = new LocalStore(db);
});

const DAY = DELETION_CHECK_EVERY_MS;
const HOUR = 3_600_000;

describe('the deletion check\'s schedule', () => {
  it('does not stop when the computer\'s clock is set ahead and back: elapsed time within a session, a stamp from the future is due', async () => {
    const T = Date.UTC(2026, 10, 28, 12);
    let wall = T;
    let mono = 1_000;
    for (const area of LOCAL_AREA_KEYS) store.setMeta(area, { filled: true, verified: true, last_deletion_check: new Date(T).toISOString() });
    const checked: string[] = [];
    const sync = {
      fill: async () => {}, cycle: async () => [],
      checkDeletions: vi.fn(async (area: string) => { checked.push(area); store.setMeta(area, { last_deletion_check: new Date(wall).toISOString() }); return 0; }),
    } as unknown as AreaSync;
    const hooks = { status: () => {}, changed: () => {}, rebound: () => {} };
    const runner = new Runner(store, sync, () => new Date(wall), hooks, async () => 'biz', () => mono);
    const pass = () => runner.run(new AbortController().signal, { deletions: false, retryDenied: false, bind: false, keyChanged: false });
    const each = LOCAL_AREA_KEYS.length;

    await pass();
    expect(checked).toHaveLength(0);
    // Set two days ahead: due (a day has passed by the stamp), checked, stamped in the "future".
    wall = T + 2 * DAY;
    mono += HOUR;
    await pass();
    expect(checked).toHaveLength(each);
    // Set back to the right time: two hours of real time later nothing is due, a day later it is again.
    wall = T + 3 * HOUR;
    mono += 2 * HOUR;
    await pass();
    expect(checked).toHaveLength(each);
    wall += DAY;
    mono += DAY;
    await pass();
    expect(checked).toHaveLength(2 * each);

    // The next start (no elapsed time known) with a stamp in the future: the clock went back, so it is due at once.
    for (const area of LOCAL_AREA_KEYS) store.setMeta(area, { last_deletion_check: new Date(T + 10 * DAY).toISOString() });
    const next = new Runner(store, sync, () => new Date(wall), hooks, async () => 'biz', () => 5);
    await next.run(new AbortController().signal, { deletions: false, retryDenied: false, bind: false, keyChanged: false });
    expect(checked).toHaveLength(3 * each);
  });
});

describe('expense payments after a cycle of expenses', () => {
  it('re-reads every payment a changed expense names, not the first hundred', async () => {
    const payments = Array.from({ length: 150 }, () => randomUUID());
    const expenses = payments.map((pid, i) => ({ id: randomUUID(), object: 'expense', updated_at: new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString(), payment_allocations: [{ payment_id: pid, amount: '1.00' }] }));
    const got: string[] = [];
    const source: PageSource = {
      page: async (_route, query) => (query.cursor ? { data: expenses.slice(100), next: null } : { data: expenses.slice(0, 100), next: 'p2' }),
      get: async (_route, id) => { got.push(id); return null; },
    };
    await new AreaSync(store, source).cycle('expenses', new AbortController().signal);
    expect(new Set(got)).toEqual(new Set(payments));
  });
});

describe('keyset pages while ranks are numbered again', () => {
  it('a position made before the ranks were numbered again is refused (the reader starts over), not read as another row', () => {
    let t = 0;
    const customer = (name: string) => ({
      id: randomUUID(), object: 'customer', type: 'customer', name, business_number: null, contact_person: null, email: null, additional_emails: [], phone: null, phones: [],
      address: null, status: 'active', currency: 'ILS', tags: [], created_at: new Date(Date.UTC(2026, 0, 1) + (t += 1000)).toISOString(), updated_at: new Date(Date.UTC(2026, 0, 1) + t).toISOString(),
    });
    store.upsert('customers', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(customer));
    const q = (after: unknown) => runQuery(store, localQueryInputSchema.parse({ area: 'customers', sort: [{ column: 'name', direction: 'asc' }], page: { after, limit: 3 } }), true, null);
    const first = q(null);
    expect(first.rows.map((r) => r.name)).toEqual(['a', 'b', 'c']);
    // New records: the ranks stay (each placed between its neighbours), the position stands.
    store.upsert('customers', [customer('bb')]);
    expect(q(first.next).rows.map((r) => r.name)).toEqual(['d', 'e', 'f']);
    // Each name between the last one and "b" halves the gap, until the column is numbered again.
    const epoch = store.ranks.epoch('customers');
    for (let n = 2; store.ranks.epoch('customers') === epoch && n < 80; n++) store.upsert('customers', [customer('a'.repeat(n))]);
    expect(store.ranks.epoch('customers')).toBeGreaterThan(epoch);
    expect(() => q(first.next)).toThrow(expect.objectContaining({ bridge: expect.objectContaining({ code: PAGE_MOVED }) }));
    // Read again from the start, the walk sees every row once.
    const ids: unknown[] = [];
    for (let after: unknown = null, i = 0; i < 100; i++) { const r = q(after); ids.push(...r.rows.map((x) => x.id)); if (!r.next) break; after = r.next; }
    expect(new Set(ids).size).toBe(store.count('customers'));
    expect(ids).toHaveLength(store.count('customers'));
  });
});
