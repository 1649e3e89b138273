import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../../electron/client';
import type { EventName } from '../../../shared';
import { apiList, copyList, expectSameRecords, localStack, type LocalStack } from './stack';

let stack: LocalStack | null = null;
afterEach(async () => { await stack?.close(); stack = null; });

interface Customer { id: string; name: string; updated_at: string }
const asCustomers = (rows: Record<string, unknown>[]) => rows as unknown as Customer[];

describe('local copy: the deletion check', () => {
  /**
   * checkDeletions (sync.ts): `before` is the newest mark held when the walk starts; after the walk
   * a cycle brings what changed meanwhile, then held records that the walk did not see are dropped
   * when their held mark is not after `before` (store.missingFrom: w <= before).
   */
  it('drops records missing from its walk, but spares one changed and one created while the walk ran', async () => {
    const walked: string[] = [];
    let watching = false;
    let duringWalk: (() => Promise<void>) | null = null;
    // The customers walk is the list read without a time filter; after its first page the changes
    // below are made, so the later pages are read after them.
    const hooked: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const res = await globalThis.fetch(input, init);
      const walkPage = watching && (init?.method ?? 'GET') === 'GET' && url.pathname.endsWith('/v1/customers') && !url.searchParams.has('updated_after');
      if (!walkPage) return res;
      walked.push(...(await res.clone().json() as { data: Customer[] }).data.map((c) => c.id));
      const change = duringWalk;
      if (change && !url.searchParams.has('cursor')) { duringWalk = null; await change(); }
      return res;
    };
    stack = await localStack({ fetch: hooked });
    const s = stack;
    await s.core.local.idle();
    const other = new ApiClient({ baseUrl: s.sandbox.baseUrl, apiKey: s.sandbox.keys.owner, gate: false });

    // Newest first (updated_at desc): indexes past 100 sit on the walk's later pages.
    const listed = asCustomers(await apiList(s.sandbox, 'owner', 'customers'));
    expect(listed.length).toBeGreaterThan(300);
    const held = asCustomers(await copyList(s, 'customers'));
    expectSameRecords(held as unknown as Record<string, unknown>[], listed as unknown as Record<string, unknown>[], 'customers before the check');
    const newest = listed[0]!;
    // The copy's newest mark is this record's: the bound `before` of the coming check.
    expect(held.map((c) => c.updated_at).sort().at(-1)).toBe(newest.updated_at);
    const goneBefore = listed[150]!;
    const goneDuring = listed[200]!;
    const changedThenGone = listed[230]!;
    const changedDuring = listed[260]!;

    // Deleted elsewhere before the check, unknown to the copy (a cycle does not see deletions).
    await other.callUnknown('customers.delete', { params: { id: newest.id } });
    await other.callUnknown('customers.delete', { params: { id: goneBefore.id } });
    let created = '';
    duringWalk = async () => {
      await other.callUnknown('customers.update', { params: { id: changedDuring.id }, body: { name: 'Changed during the walk' } });
      await other.callUnknown('customers.update', { params: { id: changedThenGone.id }, body: { name: 'Changed, then deleted' } });
      await other.callUnknown('customers.delete', { params: { id: changedThenGone.id } });
      await other.callUnknown('customers.delete', { params: { id: goneDuring.id } });
      created = ((await other.callUnknown('customers.create', { body: { name: 'Created during the walk' } })).data as Customer).id;
    };
    watching = true;
    s.core.local.syncNow({ deletions: true });
    await s.core.local.idle();
    watching = false;
    expect(duringWalk).toBeNull();
    expect(created).not.toBe('');

    // The walk saw none of them: deleted, or moved to the top (changed, new) after its first page was read.
    expect(walked.length).toBeGreaterThan(200);
    for (const id of [newest.id, goneBefore.id, goneDuring.id, changedThenGone.id, changedDuring.id, created]) expect(walked).not.toContain(id);

    const after = new Map(asCustomers(await copyList(s, 'customers')).map((c) => [c.id, c]));
    // Dropped: not seen, held mark not after the bound (the newest one's mark is the bound itself).
    expect(after.has(newest.id)).toBe(false);
    expect(after.has(goneBefore.id)).toBe(false);
    expect(after.has(goneDuring.id)).toBe(false);
    // Changed elsewhere during the walk but deleted too: the copy never held its newer mark.
    expect(after.has(changedThenGone.id)).toBe(false);
    // Spared: not seen, but the cycle after the walk gave the copy a mark newer than the bound. (No
    // write through the app here: its write timer's cycle would bring back anything dropped by mistake.)
    expect(after.get(changedDuring.id)?.name).toBe('Changed during the walk');
    expect(after.get(created)?.name).toBe('Created during the walk');
    // Everything else stayed: the copy is the API's list again.
    expectSameRecords(await copyList(s, 'customers'), await apiList(s.sandbox, 'owner', 'customers'), 'customers after the check');
  });

  it('a check that drops nothing but brings a change tells the screens (local.changed), as a cycle would', async () => {
    let duringWalk: (() => Promise<void>) | null = null;
    const hooked: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const res = await globalThis.fetch(input, init);
      const change = duringWalk;
      if (change && url.pathname.endsWith('/v1/customers') && !url.searchParams.has('updated_after') && !url.searchParams.has('cursor')) { duringWalk = null; await change(); }
      return res;
    };
    stack = await localStack({ fetch: hooked });
    const s = stack;
    await s.core.local.idle();
    const other = new ApiClient({ baseUrl: s.sandbox.baseUrl, apiKey: s.sandbox.keys.owner, gate: false });
    const target = asCustomers(await apiList(s.sandbox, 'owner', 'customers'))[120]!;
    const told: string[][] = [];
    s.core.events.on((event: EventName, payload) => { if (event === 'local.changed') told.push((payload as { areas: string[] }).areas); });
    duringWalk = async () => { await other.callUnknown('customers.update', { params: { id: target.id }, body: { name: 'Renamed while the check walked' } }); };
    s.core.local.syncNow({ deletions: true });
    await s.core.local.idle();
    expect(duringWalk).toBeNull();
    expect(asCustomers(await copyList(s, 'customers')).find((c) => c.id === target.id)?.name).toBe('Renamed while the check walked');
    expect(told.flat()).toContain('customers');
  });
});
