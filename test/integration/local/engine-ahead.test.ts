import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeResult, LocalStatus, ProfileMeta } from '../../../shared';
import { apiList, copyList, localStack, type LocalStack } from './stack';

/**
 * A forget starts the next copy's engine as the old one's pass stops and its file closes: a thread's
 * start (its modules, about 120 ms) was most of the wait before the new copy's first request. When no
 * copy opens after all, the thread started ahead ends.
 */
let stack: LocalStack | null = null;
afterEach(async () => { await stack?.close(); stack = null; });

const ok = <T>(r: BridgeResult<unknown>): T => { if (!r.ok) throw new Error(r.error.message); return r.data as T; };

describe('local copy: a forget\'s next engine starts while the old one closes', () => {
  it('the next thread starts before the old one has ended, and the new copy fills from nothing in it', async () => {
    stack = await localStack({ sandbox: { latencyMs: 10 } });
    const s = stack;
    await s.core.local.idle();
    expect(s.engines).toEqual(['start 0']);
    ok(await s.invoke('local.forget', {}));
    await s.core.local.idle();
    expect(s.engines).toEqual(['start 0', 'start 1', 'end 0']);
    expect(ok<LocalStatus>(await s.invoke('local.status', {})).areas.every((a) => a.ready)).toBe(true);
    const api = await apiList(s.sandbox, 'owner', 'customers');
    expect(new Map((await copyList(s, 'customers')).map((r) => [r.id, r]))).toEqual(new Map(api.map((r) => [r.id, r])));
  }, 120_000);

  it('a switch, during the forget, to a profile whose copy is off: the thread started ahead ends, and none other starts', async () => {
    stack = await localStack();
    const s = stack;
    await s.core.local.idle();
    const second = ok<ProfileMeta>(await s.invoke('profiles.add', { name: 'Second', environment: 'test', base_url: s.sandbox.baseUrl, key: { source: 'typed', key: s.sandbox.keys.owner }, session_only: false }));
    ok(await s.invoke('profiles.activate', { id: second.id }));
    ok(await s.invoke('local.setEnabled', { enabled: false }));
    ok(await s.invoke('profiles.activate', { id: s.profile.id }));
    await s.core.local.idle();
    const before = s.engines.length;
    const forgetting = s.invoke('local.forget', {});
    ok(await s.invoke('profiles.activate', { id: second.id }));
    ok(await forgetting);
    await expect.poll(() => s.engines.slice(before).sort()).toEqual(['end 2', 'end 3', 'start 3']);
    await new Promise((r) => setTimeout(r, 200));
    expect(s.engines.filter((e) => e.startsWith('start'))).toHaveLength(4);
  }, 120_000);
});
