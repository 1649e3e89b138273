import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_AREA_KEYS, type LocalStatus } from '../../../shared';
import { apiList, copyList, fingerprint, localStack, type LocalStack } from './stack';

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
      const api = fingerprint(await apiList(stack.sandbox, 'owner', area));
      const copy = fingerprint(await copyList(stack, area));
      expect(copy, area).toEqual(api);
    }
    const before = stack.sent.length;
    stack.core.local.syncNow();
    await stack.core.local.idle();
    expect(stack.sent.length - before).toBe(LOCAL_AREA_KEYS.length);
  });
});
