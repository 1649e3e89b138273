import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { openSql } from '../../../electron/core/local/sql';
import { tableOf } from '../../../electron/core/local/schema';
import { DENIED_RETRY_MS } from '../../../electron/core/local/service';
import { LOCAL_AREA_KEYS, READ_PERMISSIONS, type BridgeResult, type LocalStatus } from '../../../shared';
import { copyFileOf } from '../../harness/local-host';
import { apiList, copyList, localStack, type LocalStack } from './stack';

/**
 * A copy belongs to one key's view of one business: a key replaced by a narrower one leaves nothing
 * of what it may not read, on any bridge answer or in the file; a key of another business empties the
 * copy and fills it anew; a scope given back returns by itself; a read refused to a screen empties that
 * area at once. Every refusal is checked in main, through the real router, as a hostile page would ask.
 */
let stack: LocalStack | null = null;
afterEach(async () => { await stack?.close(); stack = null; });

const ok = <T>(r: BridgeResult<unknown>): T => { if (!r.ok) throw new Error(`${r.error.code ?? r.error.kind}: ${r.error.message}`); return r.data as T; };
const codeOf = (r: BridgeResult<unknown>) => (r.ok ? 'ok' : r.error.code ?? r.error.kind);
const status = async (s: LocalStack) => ok<LocalStatus>(await s.invoke('local.status', {}));
const areaOf = (st: LocalStatus, area: string) => st.areas.find((a) => a.area === area)!;
/** Rows of an area in the copy's file itself (not through the bridge). */
function rowsInFile(s: LocalStack, area: string): number {
  const db = openSql({ path: copyFileOf(s.localHost.dir, s.store, s.profile.id), key: s.localHost.keyOf(s.profile.id) });
  try { return Number(db.prepare(`SELECT count(*) AS n FROM ${tableOf(area)}`).get()!.n); } finally { db.close(); }
}
/** Every way a page reads the copy, for one area. */
const everyRead = (s: LocalStack, area: string) => Promise.all([
  s.invoke('local.query', { area, page: { offset: 0, limit: 5 } }),
  s.invoke('local.aggregate', { area }),
  s.invoke('local.readMany', { reads: [{ query: { area: 'customers' } }, { aggregate: { area } }] }),
  s.invoke('local.query', { area, search: 'a', sort: [{ column: 'id', direction: 'asc' }] }),
]);

describe('local copy: bound to the key and its business', () => {
  it('a key narrowed to customers: the rest is emptied at once and refused in main, the header is never "ready" for it, and the scope given back returns by itself', async () => {
    let elapsed = 0;
    stack = await localStack({ monotonic: () => performance.now() + elapsed });
    const s = stack;
    await s.core.local.idle();
    expect(rowsInFile(s, 'documents')).toBeGreaterThan(0);
    expect(codeOf(await s.invoke('local.query', { area: 'documents' }))).toBe('ok');

    ok(await s.invoke('profiles.replaceKey', { id: s.profile.id, key: { source: 'typed', key: s.sandbox.keys.limited } }));
    // At once, before any read under the new key: nothing of the old key's copy is served.
    let st = await status(s);
    for (const area of LOCAL_AREA_KEYS) expect(areaOf(st, area).ready, area).toBe(false);
    for (const r of await everyRead(s, 'documents')) expect(codeOf(r)).toBe('local_area_unchecked');

    await s.core.local.idle();
    st = await status(s);
    expect(areaOf(st, 'customers')).toMatchObject({ state: 'ready', ready: true });
    expect((await copyList(s, 'customers')).length).toBe((await apiList(s.sandbox, 'limited', 'customers')).length);
    for (const area of ['documents', 'expenses', 'leads', 'tasks', 'payments', 'suppliers', 'products']) {
      expect(areaOf(st, area), area).toMatchObject({ state: 'denied', ready: false, records: 0 });
      expect(rowsInFile(s, area), area).toBe(0);
      for (const r of await everyRead(s, area)) expect(codeOf(r), area).toBe('local_area_denied');
    }
    // The screens read the API instead, which answers 403 as before.
    const api = await s.invoke('api.call', { route: 'documents.list', query: { limit: 5 } });
    expect(api.ok || api.error.status).toBe(403);

    // The owner gives the scope back: no Sync now, only the regular pass after the slow retry's interval.
    s.sandbox.setPermissions('limited', [...READ_PERMISSIONS]);
    s.core.local.syncNow();
    await s.core.local.idle();
    expect(areaOf(await status(s), 'documents').state).toBe('denied');
    elapsed += DENIED_RETRY_MS;
    s.core.local.syncNow();
    await s.core.local.idle();
    st = await status(s);
    expect(areaOf(st, 'documents')).toMatchObject({ state: 'ready', ready: true });
    expect((await copyList(s, 'documents')).length).toBe((await apiList(s.sandbox, 'owner', 'documents')).length);
  }, 120_000);

  it('an area found closed to the key is said as changed even when nothing of it was copied: what counts on it (what is owed) is read again', async () => {
    stack = await localStack();
    const s = stack;
    await s.core.local.idle();
    // Payments closed to the key, then a copy filled from nothing: payments are denied without ever holding a row.
    s.sandbox.setPermissions('owner', READ_PERMISSIONS.filter((p) => p !== 'payments:read'));
    const told: string[] = [];
    s.core.events.on((event, payload) => { if (event === 'local.changed') told.push(...(payload as { areas: string[] }).areas); });
    ok(await s.invoke('local.forget', {}));
    await s.core.local.idle();
    expect(areaOf(await status(s), 'payments')).toMatchObject({ state: 'denied', records: 0 });
    expect(told).toContain('payments');
    const owed = ok<{ owed?: { basis: string; why?: string } }>(await s.invoke('local.aggregate', { area: 'documents', sums: ['total_minor'], owed: true }));
    expect(owed.owed).toEqual({ basis: 'total', why: 'unreadable' });
  }, 120_000);

  it('a key that may not read the business: the copy still fills what the key may read', async () => {
    stack = await localStack({ key: 'limited' });
    const s = stack;
    s.sandbox.setPermissions('limited', ['customers:read']);
    ok(await s.invoke('local.syncNow', {}));
    await s.core.local.idle();
    expect(areaOf(await status(s), 'customers')).toMatchObject({ state: 'ready', ready: true });
    expect(areaOf(await status(s), 'tasks').state).toBe('denied');
    const api = await apiList(s.sandbox, 'limited', 'customers');
    expect((await copyList(s, 'customers')).map((c) => String(c.id)).sort()).toEqual(api.map((c) => String(c.id)).sort());
  }, 60_000);

  it('Sync now tries a denied area at once', async () => {
    stack = await localStack({ key: 'limited' });
    const s = stack;
    s.sandbox.setPermissions('limited', ['business:read', 'customers:read']);
    await s.core.local.idle();
    expect(areaOf(await status(s), 'tasks').state).toBe('denied');
    s.sandbox.setPermissions('limited', ['business:read', 'customers:read', 'tasks:read']);
    ok(await s.invoke('local.syncNow', {}));
    await s.core.local.idle();
    expect(areaOf(await status(s), 'tasks')).toMatchObject({ state: 'ready', ready: true });
  }, 60_000);

  it('a key of another business: the first business\'s records all go, the second\'s fill from nothing, never mixed', async () => {
    stack = await localStack();
    const s = stack;
    await s.core.local.idle();
    const first = new Set((await copyList(s, 'customers')).map((c) => String(c.id)));
    expect(first.size).toBeGreaterThan(100);
    const sentBefore = s.sent.length;
    ok(await s.invoke('profiles.replaceKey', { id: s.profile.id, key: { source: 'typed', key: s.sandbox.keys.other_business } }));
    await s.core.local.idle();
    const st = await status(s);
    expect(st.notice).toBe('business_changed');
    const held = await copyList(s, 'customers');
    const theirs = await apiList(s.sandbox, 'other_business', 'customers');
    expect(held.map((c) => String(c.id)).sort()).toEqual(theirs.map((c) => String(c.id)).sort());
    expect(held.some((c) => first.has(String(c.id)))).toBe(false);
    // Filled from the first page, not from the old business's mark.
    const after = s.sent.slice(sentBefore);
    expect(after[0]).toMatch(/\/business$/);
    expect(after.some((p) => p.endsWith('/customers'))).toBe(true);
  }, 120_000);

  it('a read refused to a screen empties that area at once, before any pass', async () => {
    stack = await localStack({ key: 'readonly' });
    const s = stack;
    await s.core.local.idle();
    expect(rowsInFile(s, 'expenses')).toBeGreaterThan(0);
    s.sandbox.setPermissions('readonly', READ_PERMISSIONS.filter((p) => p !== 'expenses:read'));
    const told: string[] = [];
    s.core.events.on((event, payload) => { if (event === 'local.changed') told.push(...(payload as { areas: string[] }).areas); });
    const r = await s.invoke('api.call', { route: 'expenses.list', query: { limit: 5 } });
    expect(r.ok || r.error.status).toBe(403);
    for (const area of ['expenses', 'expense-categories', 'expense-payments']) {
      expect(areaOf(await status(s), area).state, area).toBe('denied');
      expect(rowsInFile(s, area), area).toBe(0);
      expect(codeOf(await s.invoke('local.query', { area })), area).toBe('local_area_denied');
    }
    expect(told).toContain('expenses');
  }, 60_000);

  it('a write\'s answer reaches only the areas the key reads: a document issued by a key with documents:write but not documents:read is not kept', async () => {
    stack = await localStack({ key: 'limited' });
    const s = stack;
    // `:write` never implies `:read` (spec 4.2 rule 5).
    s.sandbox.setPermissions('limited', ['business:read', 'customers:read', 'documents:write']);
    await s.core.local.idle();
    expect(areaOf(await status(s), 'documents').state).toBe('denied');
    const customer = (await copyList(s, 'customers'))[0]!;
    const created = ok<{ data: { id: string; object: string } }>(await s.invoke('api.call', {
      route: 'documents.create',
      body: { client_request_id: randomUUID(), document_type: 'TAX_INVOICE', customer_id: String(customer.id), lines: [{ name: 'Consulting', quantity: '1', unit_price: '100.00' }] },
    }));
    expect(created.data.object).toBe('document');
    expect(rowsInFile(s, 'documents')).toBe(0);
    expect(codeOf(await s.invoke('local.query', { area: 'documents' }))).toBe('local_area_denied');
  }, 60_000);
});
