import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../electron/client';
import { startSandbox } from '../../../electron/sandbox';
import type { BridgeResult, LocalStatus } from '../../../shared';
import { apiList, copyList, localStack, type LocalStack } from './stack';

/**
 * What the copy says stays so when the service is imperfect: a record that fails the contract's check
 * is held aside while the rest syncs (and comes back once it passes); a change stamped earlier than the
 * newest one held (a slow commit, another server's clock) is not lost; a full walk's version is the truth.
 */
let stack: LocalStack | null = null;
afterEach(async () => { await stack?.close(); stack = null; });

const ok = <T>(r: BridgeResult<unknown>): T => { if (!r.ok) throw new Error(r.error.message); return r.data as T; };
const byId = async (s: LocalStack, area: string, id: string) => (await copyList(s, area)).find((r) => r.id === id);

describe('local copy: drift and bad records', () => {
  it('a record that fails the contract is held aside with its reason; the rest of its page syncs; it returns once it passes', async () => {
    let spoil: string | null = null;
    const hooked: typeof fetch = async (input, init) => {
      const res = await globalThis.fetch(input, init);
      const url = new URL(input instanceof Request ? input.url : String(input));
      if (!spoil || !url.pathname.includes('/v1/customers')) return res;
      // The list and the record itself: the service answers this record in a shape the app does not accept.
      const body = await res.json() as { data: Record<string, unknown> | Record<string, unknown>[] };
      for (const c of Array.isArray(body.data) ? body.data : [body.data]) if (c.id === spoil) c.status = 'archived-by-a-newer-server';
      return new Response(JSON.stringify(body), { status: res.status, headers: res.headers });
    };
    const sandbox = await startSandbox({ host: '127.0.0.1', port: 0, rateLimit: 0 });
    const listed = await apiList(sandbox, 'owner', 'customers');
    spoil = String(listed[5]!.id);
    stack = await localStack({ fetch: hooked, keep: sandbox });
    const api = stack;
    await api.core.local.idle();
    const st = ok<LocalStatus>(await api.invoke('local.status', {}));
    const customers = st.areas.find((a) => a.area === 'customers')!;
    expect(customers, JSON.stringify(customers)).toMatchObject({ state: 'ready', ready: true, held_aside: 1 });
    expect(customers.held[0]).toMatchObject({ id: spoil });
    expect(customers.held[0]!.reason).toMatch(/status/);
    const held = await copyList(api, 'customers');
    expect(held).toHaveLength(listed.length - 1);
    expect(held.some((c) => c.id === spoil)).toBe(false);
    // The service sends it well again: the next pass reads it by id and it is back.
    spoil = null;
    api.core.local.syncNow();
    await api.core.local.idle();
    const after = ok<LocalStatus>(await api.invoke('local.status', {})).areas.find((a) => a.area === 'customers')!;
    expect(after.held_aside).toBe(0);
    expect((await copyList(api, 'customers')).length).toBe(listed.length);
    await stack.close();
    stack = null;
    await sandbox.close();
  }, 60_000);

  it('a change stamped 30 s before the newest one held (a slow commit) is found by the next cycle', async () => {
    let offsetMs = 0;
    stack = await localStack({ sandbox: { clock: () => new Date(Date.now() + offsetMs) } });
    const s = stack;
    await s.core.local.idle();
    const other = new ApiClient({ baseUrl: s.sandbox.baseUrl, apiKey: s.sandbox.keys.owner, gate: false });
    const [a, b] = await apiList(s.sandbox, 'owner', 'customers');
    await other.callUnknown('customers.update', { params: { id: String(a!.id) }, body: { name: 'Committed at once' } });
    s.core.local.syncNow();
    await s.core.local.idle();
    expect((await byId(s, 'customers', String(a!.id)))?.name).toBe('Committed at once');
    // Stamped 30 s ago, visible only now: older than the copy's newest mark by more than two seconds.
    offsetMs = -30_000;
    await other.callUnknown('customers.update', { params: { id: String(b!.id) }, body: { name: 'Committed slowly' } });
    offsetMs = 0;
    s.core.local.syncNow();
    await s.core.local.idle();
    expect((await byId(s, 'customers', String(b!.id)))?.name).toBe('Committed slowly');
  }, 60_000);

  it('a record changed by a server whose clock is an hour behind: the deletion check\'s walk puts its version in the copy', async () => {
    let offsetMs = 0;
    stack = await localStack({ sandbox: { clock: () => new Date(Date.now() + offsetMs) } });
    const s = stack;
    await s.core.local.idle();
    const other = new ApiClient({ baseUrl: s.sandbox.baseUrl, apiKey: s.sandbox.keys.owner, gate: false });
    const target = (await apiList(s.sandbox, 'owner', 'customers'))[0]!;
    // The copy holds the record as changed now; the slow server's stamp will be an hour older than that.
    await other.callUnknown('customers.update', { params: { id: String(target.id) }, body: { name: 'Changed now' } });
    s.core.local.syncNow();
    await s.core.local.idle();
    expect((await byId(s, 'customers', String(target.id)))?.name).toBe('Changed now');
    offsetMs = -3_600_000;
    await other.callUnknown('customers.update', { params: { id: String(target.id) }, body: { name: 'From the slow server' } });
    offsetMs = 0;
    // A cycle reads from just before its newest mark: an hour-old stamp is not among what it asks for.
    s.core.local.syncNow();
    await s.core.local.idle();
    expect((await byId(s, 'customers', String(target.id)))?.name).toBe('Changed now');
    s.core.local.syncNow({ deletions: true });
    await s.core.local.idle();
    const now = await byId(s, 'customers', String(target.id));
    expect(now?.name).toBe('From the slow server');
    expect(now).toEqual((await apiList(s.sandbox, 'owner', 'customers')).find((c) => c.id === target.id));
  }, 60_000);
});
