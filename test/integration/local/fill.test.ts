import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_AREA_KEYS, type LocalStatus } from '../../../shared';
import { apiList, copyList, expectSameRecords, localStack, type LocalStack } from './stack';

let stack: LocalStack | null = null;
afterEach(async () => { await stack?.close(); stack = null; });

describe('local copy: first fill and a cycle against the sandbox', () => {
  it('fills every readable area with exactly the API lists, then a cycle that finds nothing costs one request per area', async () => {
    stack = await localStack();
    await stack.core.local.idle();
    const st = await stack.invoke('local.status', {});
    expect(st.ok).toBe(true);
    const status = (st as { data: LocalStatus }).data;
    expect(status.storage).toBe('file');
    expect(status.encrypted).toBe(true);
    for (const a of status.areas) expect(a.state, `${a.area}: ${a.message ?? ''}`).toBe('ready');
    for (const area of LOCAL_AREA_KEYS) {
      expectSameRecords(await copyList(stack, area), await apiList(stack.sandbox, 'owner', area), area);
    }
    const before = stack.sent.length;
    stack.core.local.syncNow();
    await stack.core.local.idle();
    expect(stack.sent.length - before).toBe(LOCAL_AREA_KEYS.length);
  });
});

describe('local copy: only what the key can read', () => {
  it('a key with customers:read only fills customers (and business lists); every other area stops at its 403 as denied; a session-only profile keeps it in memory', async () => {
    stack = await localStack({ key: 'limited', sessionOnly: true });
    await stack.core.local.idle();
    const st = await stack.invoke('local.status', {});
    if (!st.ok) throw new Error(st.error.message);
    const status = st.data as LocalStatus;
    expect(status.storage).toBe('memory');
    const by = new Map(status.areas.map((a) => [a.area, a]));
    expect(by.get('customers')!.state).toBe('ready');
    expect(by.get('sales-agents')!.state).toBe('ready');
    for (const area of ['suppliers', 'documents', 'expenses', 'tasks', 'inventory-movements']) {
      expect(by.get(area as LocalStatus['areas'][number]['area'])!.state, area).toBe('denied');
    }
    const api = await apiList(stack.sandbox, 'limited', 'customers');
    expectSameRecords(await copyList(stack, 'customers'), api, 'customers');
    // A pass after that does not ask the denied areas again.
    const before = stack.sent.length;
    stack.core.local.syncNow();
    await stack.core.local.idle();
    expect(stack.sent.slice(before).some((p) => p.endsWith('/documents'))).toBe(false);
  });
});
