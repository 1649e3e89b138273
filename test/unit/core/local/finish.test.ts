import { randomUUID } from 'node:crypto';
import { setImmediate as turn } from 'node:timers/promises';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_AREAS, localQueryInputSchema, type LocalQueryOutput } from '../../../../shared';
import { rankSteps, rankedColumns } from '../../../../electron/core/local/collation';
import { drive, runToEnd } from '../../../../electron/core/local/steps';
import { SORT_LANGUAGES } from '../../../../electron/core/local/layout';
import { runQuery } from '../../../../electron/core/local/query';
import { migrate } from '../../../../electron/core/local/schema';
import { openSql, type SqlDb } from '../../../../electron/core/local/sql';
import { LocalStore } from '../../../../electron/core/local/store';

/**
 * The end of a fill: ids' ordinals in id order (every sort's last key), every collated column ranked
 * in both languages (the first sort makes nothing), all of it a step at a time: the copy answers reads
 * between the steps, and writes wait until it ends.
 */
let db: SqlDb;
let store: LocalStore;
beforeEach(() => {
  db = openSql({ path: ':memory:', key: null });
  migrate(db);
  store = new LocalStore(db, { sliceMs: 0 });
});

let t = 0;
const customer = (name: string, id: string = randomUUID()) => ({
  id, object: 'customer', type: 'customer', name, business_number: null, contact_person: null, email: null, additional_emails: [],
  phone: null, phones: [], address: null, status: 'active', currency: 'ILS', tags: [], created_at: new Date(Date.UTC(2026, 0, 1) + (t += 1000)).toISOString(), updated_at: new Date(Date.UTC(2026, 0, 1) + t).toISOString(),
});
const query = (input: unknown): LocalQueryOutput => runQuery(store, localQueryInputSchema.parse(input), true, null);
const byName = (direction: 'asc' | 'desc', page: unknown = { offset: 0, limit: 500 }) => query({ area: 'customers', sort: [{ column: 'name', direction }], page });
const byCode = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('ties are broken by the id, whatever the ids look like', () => {
  // Ids sharing their first 31 bits, upper case ones (before lower case by code point), ones that are not UUIDs at all.
  const ids = [
    '00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-000000000001', '00000001-0000-4000-8000-000000000000',
    'FFFFFFFF-0000-4000-8000-000000000000', 'AAAAAAAA-0000-4000-8000-000000000000', 'aaaaaaaa-0000-4000-8000-000000000000',
    'ffffffff-ffff-4fff-8fff-ffffffffffff', 'not-a-uuid', '0', 'zzzz', '7fffffff-0000-4000-8000-000000000000', '7ffffffe-0000-4000-8000-000000000000',
  ];
  const later = ['00000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000003', 'B0000000-0000-4000-8000-000000000000', 'zzz', 'zzzzz', '1'];

  it('in a fill (each id at its first guess, put in order at the end) and for ids written after it (placed between their neighbours)', () => {
    store.upsert('customers', ids.map((id) => customer('same', id)), undefined, { fill: true });
    store.upsert('customers', [customer('other')], undefined, { fill: true });
    store.index('customers');
    const want = () => [...db.prepare("SELECT id FROM r_customers WHERE name = 'same'").all().map((r) => String(r.id))].sort(byCode);
    expect(byName('asc').rows.filter((r) => r.name === 'same').map((r) => r.id)).toEqual(want());
    store.upsert('customers', later.map((id) => customer('same', id)));
    expect(want()).toHaveLength(ids.length + later.length);
    expect(byName('asc').rows.filter((r) => r.name === 'same').map((r) => r.id)).toEqual(want());
    expect(byName('desc').rows.filter((r) => r.name === 'same').map((r) => r.id)).toEqual(want().reverse());
    // The API's own order too: newest first, then the id descending.
    const all = query({ area: 'customers', page: { offset: 0, limit: 500 } }).rows;
    expect(all.map((r) => r.id)).toEqual([...all].sort((a, b) => byCode(String(b.updated_at), String(a.updated_at)) || byCode(String(b.id), String(a.id))).map((r) => r.id));
  });

  it('pages through the ties by keyset exactly as by offset, a deleted position\'s row included', () => {
    store.upsert('customers', [...ids, ...later].map((id) => customer('same', id)));
    store.index('customers');
    const whole = byName('asc').rows.map((r) => r.id);
    const read: unknown[] = [];
    let after: LocalQueryOutput['next'] = null;
    for (let i = 0; i < 50; i++) {
      const page = byName('asc', { after, limit: 4 });
      read.push(...page.rows.map((r) => r.id));
      if (!page.next) break;
      after = page.next;
      // The row a position was made at is gone: the next page starts where it was.
      if (i === 1) store.remove('customers', [page.next.id]);
    }
    expect(read).toEqual(whole);
  });
});

describe('the end of a fill', () => {
  it('ranks every collated column in both languages: a first sort by any of them makes nothing', async () => {
    const names = ['זאב', 'Alpha', 'אבא', 'item 10', 'item 9', 'zeta', 'בית'];
    store.upsert('customers', names.map((n, i) => ({ ...customer(n), contact_person: names[(i + 3) % names.length], address: { street: names[(i + 1) % names.length], street_number: '1', city: 'עיר', postal_code: null, country_code: 'IL' } })), undefined, { fill: true });
    await store.finish('customers', new AbortController().signal);
    for (const column of rankedColumns('customers')) for (const l of SORT_LANGUAGES) expect(store.ranks.isComplete('customers', column, l), `${column} ${l}`).toBe(true);
    expect(rankedColumns('customers').sort()).toEqual(['address__city', 'address__street', 'contact_person', 'name']);
    const epoch = store.ranks.epoch('customers');
    for (const column of rankedColumns('customers')) for (const language of SORT_LANGUAGES) query({ area: 'customers', sort: [{ column, direction: 'asc' }], language });
    expect(store.ranks.epoch('customers')).toBe(epoch);
    expect(byName('asc').rows.map((r) => r.name)).toEqual(['ālef', 'Alpha', 'item 9', 'item 10', 'zeta', 'אבא', 'בית', 'זאב'].filter((n) => names.includes(n)));
    // Codes are not ranked: they sort by their characters.
    expect(LOCAL_AREAS.customers!.columns.filter((c) => c.kind === 'text' && !c.collated).map((c) => c.name).sort())
      .toEqual(['address__country_code', 'address__postal_code', 'address__street_number', 'business_number', 'email', 'phone']);
  });

  it('runs a step at a time: reads are answered between its steps, writes wait for its end', async () => {
    store.upsert('customers', Array.from({ length: 3_000 }, (_, i) => customer(`n${(i * 7919) % 3_000}`)), undefined, { fill: true });
    let ended = false;
    const finishing = store.finish('customers', new AbortController().signal).then(() => { ended = true; });
    await turn();
    expect(ended).toBe(false);
    expect(query({ area: 'customers', page: { offset: 0, limit: 1 } }).total).toBe(3_000);
    let written = false;
    const writing = store.write('customers', [customer('late')]).then(() => { written = true; });
    await turn();
    await turn();
    expect([ended, written]).toEqual([false, false]);
    expect(query({ area: 'customers', page: { offset: 0, limit: 1 } }).total).toBe(3_000);
    await finishing;
    await writing;
    expect(written).toBe(true);
    expect(query({ area: 'customers', page: { offset: 0, limit: 1 } }).total).toBe(3_001);
    expect(byName('asc', { offset: 0, limit: 1 }).rows[0]!.name).toBe('late');
  });

  it('a column ranked whole (a first sort) between the steps of a fill\'s ranking leaves both runs\' ranks right', () => {
    store.upsert('customers', Array.from({ length: 3_000 }, (_, i) => ({ ...customer(`n${(i * 7919) % 3_000}`), contact_person: `c${(i * 104_729) % 997}` })), undefined, { fill: true });
    const fill = rankSteps(db, 'customers');
    // Into the fill's ranking until its tables of values exist.
    const tables = () => db.prepare("SELECT count(*) AS n FROM sqlite_temp_master WHERE type = 'table' AND name LIKE 'ranks_%'").get()!.n as number;
    let steps = 0;
    while (tables() < rankedColumns('customers').length) { expect(fill.next().done).toBe(false); steps += 1; }
    expect(steps).toBeGreaterThan(1);
    // A first sort by contact person in Hebrew ranks that column whole, now.
    runToEnd(rankSteps(db, 'customers', ['contact_person'], ['he']));
    runToEnd(fill);
    expect(tables()).toBe(0);
    const compare = new Intl.Collator('he', { numeric: true }).compare;
    for (const column of ['name', 'contact_person'] as const) {
      for (const language of SORT_LANGUAGES) {
        const rows = db.prepare(`SELECT "${column}" AS v FROM r_customers ORDER BY "${column}__k_${language}", io`).all().map((r) => String(r.v));
        const c = new Intl.Collator(language === 'he' ? 'he' : 'en', { numeric: true }).compare;
        expect(rows.every((v, i) => i === 0 || c(rows[i - 1]!, v) <= 0 || compare(rows[i - 1]!, v) === 0), `${column} ${language}`).toBe(true);
      }
    }
  });

  it('a page of a fill is written a part at a time, reads answered between the parts', async () => {
    const page = Array.from({ length: 400 }, (_, i) => customer(`p${i}`));
    const writing = store.write('customers', page, () => store.setMeta('customers', { fill_pages: 1 }), { fill: true });
    await turn();
    const between = query({ area: 'customers', page: { offset: 0, limit: 1 } }).total;
    expect(between).toBeGreaterThan(0);
    expect(between).toBeLessThan(400);
    // The fill's cursor goes with the page's last part: a crash mid-page repeats the page.
    expect(store.meta('customers').fill_pages).toBe(0);
    expect(await writing).toHaveLength(400);
    expect(store.meta('customers').fill_pages).toBe(1);
  });
});

describe('a ranking stopped between its steps', () => {
  it('drops its tables of values at once', async () => {
    const db = openSql({ path: ':memory:', key: null });
    migrate(db);
    const store = new LocalStore(db, { sliceMs: 0 });
    store.upsert('customers', Array.from({ length: 3_000 }, (_, i) => customer(`n${(i * 7919) % 3_000}`)), undefined, { fill: true });
    const tables = () => db.prepare("SELECT count(*) AS n FROM sqlite_temp_master WHERE type = 'table' AND name LIKE 'ranks_%'").get()!.n as number;
    const stop = new AbortController();
    const running = drive(rankSteps(db, 'customers'), stop.signal, 0);
    while (tables() === 0) await turn();
    stop.abort();
    await expect(running).rejects.toThrow();
    expect(tables()).toBe(0);
    db.close();
  });
});
