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
    expect(told).toEqual([{ online: false, paused: null }]);
    // A second pass offline changes nothing, so nothing is told.
    s.core.local.syncNow();
    await s.core.local.idle();
    expect(told).toEqual([{ online: false, paused: null }]);
    offline = false;
    s.core.local.syncNow();
    await s.core.local.idle();
    expect((await status(s)).online).toBe(true);
    expect(told).toEqual([{ online: false, paused: null }, { online: true, paused: null }]);
  }, 60_000);

  it('a service that answers but stops the sync (busy past the retries, a refused key) is not called offline', async () => {
    let answer: 503 | 401 | null = null;
    const refuse = (status: 503 | 401) => new Response(JSON.stringify({
      error: status === 503 ? { type: 'api_error', code: 'service_unavailable', message: 'Busy.' } : { type: 'authentication_error', code: 'revoked_api_key', message: 'Revoked.' },
      request_id: 'req_test',
    }), { status, headers: { 'content-type': 'application/json', 'Retry-After': '0' } });
    stack = await localStack({ fetch: (input, init) => (answer ? Promise.resolve(refuse(answer)) : globalThis.fetch(input, init)) });
    const s = stack;
    await s.core.local.idle();
    const told: unknown[] = [];
    s.core.events.on((event: EventName, payload) => { if (event === 'local.online') told.push(payload); });
    for (const [code, paused] of [[503, 'busy'], [401, 'refused']] as const) {
      answer = code;
      s.core.local.syncNow();
      await s.core.local.idle();
      const st = await status(s);
      expect(st.online).toBe(true);
      expect(st.paused).toBe(paused);
      // The copy stays as it was: every area still filled.
      expect(st.areas.filter((a) => a.state !== 'denied').every((a) => a.ready)).toBe(true);
    }
    answer = null;
    s.core.local.syncNow();
    await s.core.local.idle();
    expect((await status(s)).paused).toBeNull();
    expect(told).toEqual([{ online: true, paused: 'busy' }, { online: true, paused: 'refused' }, { online: true, paused: null }]);
  }, 60_000);
});
