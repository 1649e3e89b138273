import { afterEach, describe, expect, it } from 'vitest';
import type { EventName, LocalStatus } from '../../../shared';
import { localStack, type LocalStack } from './stack';

let stack: LocalStack | null = null;
afterEach(async () => { await stack?.close(); stack = null; });

const status = async (s: LocalStack) => {
  const r = await s.invoke('local.status', {});
  if (!r.ok) throw new Error(r.error.message);
  return r.data as LocalStatus;
};

describe('local copy: online or not, told as it changes', () => {
  it('a pass that finds no service says so once (local.online), and the next that reaches it says so again', async () => {
    let offline = false;
    stack = await localStack({ fetch: (input, init) => (offline ? Promise.reject(new TypeError('fetch failed')) : globalThis.fetch(input, init)) });
    const s = stack;
    await s.core.local.idle();
    const told: unknown[] = [];
    s.core.events.on((event: EventName, payload) => { if (event === 'local.online') told.push(payload); });
    expect((await status(s)).online).toBe(true);
    offline = true;
    s.core.local.syncNow();
    await s.core.local.idle();
    expect((await status(s)).online).toBe(false);
    expect(told).toEqual([{ online: false }]);
    // A second pass offline changes nothing, so nothing is told.
    s.core.local.syncNow();
    await s.core.local.idle();
    expect(told).toEqual([{ online: false }]);
    offline = false;
    s.core.local.syncNow();
    await s.core.local.idle();
    expect((await status(s)).online).toBe(true);
    expect(told).toEqual([{ online: false }, { online: true }]);
  }, 60_000);
});
