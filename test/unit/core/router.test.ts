import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../electron/client';
import { GENERIC_INTERNAL_MESSAGE } from '../../../electron/core/errors';
import { APP_PAGE, makeCore, newProfile, TEST_KEY } from './fixtures';

async function withActiveProfile() {
  const t = makeCore();
  const added = await t.call('profiles.add', newProfile());
  if (!added.ok) throw new Error('profile not added');
  await t.call('profiles.activate', { id: (added.data as { id: string }).id });
  return t;
}

describe('bridge router: checks', () => {
  it('refuses a foreign sender before doing anything', async () => {
    const t = makeCore();
    for (const sender of ['https://evil.example/', 'file:///tmp/index.html', 'app://other/index.html', 'http://127.0.0.1:5173/', '', 42]) {
      const r = await t.core.router.handle(sender, 'c1', 'profiles.add', newProfile());
      expect(r).toEqual({ ok: false, error: { kind: 'forbidden_sender', message: 'The request did not come from the app window.' } });
    }
    expect(t.core.profiles.list().profiles).toHaveLength(0);
  });

  it('accepts the app page at any path of app://bizops', async () => {
    const t = makeCore();
    const r = await t.core.router.handle('app://bizops/index.html#/customers', 'c1', 'profiles.list', {});
    expect(r).toEqual({ ok: true, data: { profiles: [], active_id: null } });
  });

  it('rejects operations outside the closed list, including prototype names', async () => {
    const t = makeCore();
    for (const op of ['profiles.export', 'constructor', '__proto__', 'toString', 'hasOwnProperty', '', null, 7, { op: 'app.info' }]) {
      const r = await t.call(op, {});
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.kind).toBe('unknown_operation');
    }
  });

  it('refuses a field an operation does not take, and a key named __proto__ anywhere (validation would drop it unseen)', async () => {
    const t = await withActiveProfile();
    const extra = await t.call('ui.setLanguage', { language: 'en', theme: 'dark' });
    expect(extra.ok ? null : extra.error).toMatchObject({ kind: 'invalid_input', field_errors: [{ path: '(input)' }] });
    const nestedExtra = await t.call('profiles.add', newProfile(TEST_KEY, { key: { source: 'clipboard', key: 'x' } }));
    expect(nestedExtra.ok).toBe(false);
    for (const input of [
      JSON.parse('{"route":"customers.list","query":{"__proto__":"x"}}') as unknown,
      JSON.parse('{"route":"customers.create","body":{"name":"x","tags":[{"__proto__":{"polluted":true}}]}}') as unknown,
    ]) {
      const r = await t.call('api.call', input);
      expect(r.ok ? null : r.error).toEqual({ kind: 'invalid_input', message: 'The request from the window was not valid.', field_errors: [{ path: '(input)', message: 'a key named __proto__ is not accepted' }] });
    }
    const cyclic: Record<string, unknown> = { route: 'customers.create' };
    cyclic.body = { name: 'x', self: cyclic };
    expect((await t.call('api.call', cyclic)).ok).toBe(false);
    expect(t.api.calls).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('bounds the texts of an error: an echoed key of a megabyte comes back cut short', async () => {
    const t = await withActiveProfile();
    t.api.routes['customers.create'] = () => { throw new ApiError({ kind: 'invalid_request', message: `m${'x'.repeat(1_000_000)}`, field_errors: [{ path: `body.${'k'.repeat(1_000_000)}`, message: `unknown field "${'k'.repeat(1_000_000)}"` }] }); };
    const r = await t.call('api.call', { route: 'customers.create', body: { name: 'x' } });
    expect(r.ok).toBe(false);
    expect(JSON.stringify(r).length).toBeLessThan(2_000);
    expect(r.ok ? null : r.error.field_errors?.[0]?.path).toMatch(/^body\.k+…$/);
  });

  it('rejects bad input with field errors naming the fields, without echoing values', async () => {
    const t = makeCore();
    const r = await t.call('profiles.add', { name: '', environment: 'staging', base_url: 'https://x.test/api', key: { source: 'typed', key: TEST_KEY }, session_only: 'yes' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('invalid_input');
    expect(r.error.field_errors?.map((f) => f.path).sort()).toEqual(['base_url', 'environment', 'name', 'session_only']);
    expect(JSON.stringify(r)).not.toContain(TEST_KEY);
  });

  it('rejects a missing or oversized call id and a duplicate in-flight id', async () => {
    const t = await withActiveProfile();
    expect((await t.core.router.handle(APP_PAGE, '', 'app.info', {})).ok).toBe(false);
    expect((await t.core.router.handle(APP_PAGE, 'x'.repeat(129), 'app.info', {})).ok).toBe(false);
    let release: () => void = () => {};
    t.api.routes['customers.list'] = () => new Promise((resolve) => { release = () => resolve({ data: [], request_id: 'r1' }); });
    const first = t.call('api.call', { route: 'customers.list' }, 'same');
    await new Promise((r) => setImmediate(r));
    const second = await t.call('api.call', { route: 'customers.list' }, 'same');
    expect(second.ok).toBe(false);
    if (!second.ok) expect(second.error).toMatchObject({ kind: 'invalid_input', message: 'A call with this id is already running.' });
    release();
    expect((await first).ok).toBe(true);
  });
});

describe('bridge router: dispatch and error mapping', () => {
  it('answers api.call with data, page and request_id only', async () => {
    const t = await withActiveProfile();
    t.api.routes['customers.list'] = () => ({ data: [{ id: 'a' }], page: { has_more: true, next_cursor: 'c2' }, request_id: 'req_9', status: 200 } as never);
    const r = await t.call('api.call', { route: 'customers.list', query: { limit: 1 } });
    expect(r).toEqual({ ok: true, data: { data: [{ id: 'a' }], page: { has_more: true, next_cursor: 'c2' }, request_id: 'req_9' } });
    expect(t.api.calls[0]).toMatchObject({ routeId: 'customers.list', input: { query: { limit: 1 } }, apiKey: TEST_KEY });
  });

  it('says no_profile when nothing is active', async () => {
    const t = makeCore();
    const r = await t.call('api.call', { route: 'business.get' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.kind).toBe('no_profile');
  });

  it('maps an ApiError to kind api with status, code, type and request_id', async () => {
    const t = await withActiveProfile();
    t.api.routes['suppliers.list'] = () => {
      throw new ApiError({ kind: 'api', status: 403, type: 'authorization_error', code: 'insufficient_permission', message: 'The API key cannot access suppliers.', request_id: 'req_403' });
    };
    const r = await t.call('api.call', { route: 'suppliers.list' });
    expect(r).toEqual({ ok: false, error: { kind: 'api', status: 403, type: 'authorization_error', code: 'insufficient_permission', message: 'The API key cannot access suppliers.', request_id: 'req_403' } });
  });

  it('maps an unexpected error to a generic internal error carrying nothing from it', async () => {
    const t = await withActiveProfile();
    t.api.routes['business.get'] = () => {
      throw new Error(`socket hang up while sending Authorization: Bearer ${TEST_KEY}`);
    };
    const r = await t.call('api.call', { route: 'business.get' });
    expect(r).toEqual({ ok: false, error: { kind: 'internal', message: GENERIC_INTERNAL_MESSAGE } });
    expect(t.log.text()).not.toContain(TEST_KEY);
    expect(t.log.text()).not.toMatch(/bearer/i);
    expect(t.log.lines.some((l) => l.level === 'error' && l.msg === 'unexpected failure')).toBe(true);
  });

  it('scrubs a key that an API error message might echo', async () => {
    const t = await withActiveProfile();
    t.api.routes['business.get'] = () => {
      throw new ApiError({ kind: 'api', status: 401, code: 'invalid_api_key', message: `Key ${TEST_KEY} is not valid`, request_id: 'r' });
    };
    const r = await t.call('api.call', { route: 'business.get' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toBe('Key [redacted] is not valid');
  });

  it('turns a handler reply that breaks the contract into an internal error', async () => {
    const t = await withActiveProfile();
    t.api.routes['business.get'] = () => ({ data: {}, request_id: 42 } as never);
    const r = await t.call('api.call', { route: 'business.get' });
    expect(r).toEqual({ ok: false, error: { kind: 'internal', message: GENERIC_INTERNAL_MESSAGE } });
  });
});

describe('bridge router: cancellation', () => {
  it('aborts the in-flight call when the renderer cancels it', async () => {
    const t = await withActiveProfile();
    let seenSignal: AbortSignal | undefined;
    t.api.routes['documents.list'] = (_input, options) => new Promise((_resolve, reject) => {
      seenSignal = options.signal;
      options.signal?.addEventListener('abort', () => reject(new ApiError({ kind: 'cancelled', message: 'cancelled' })));
    });
    const pending = t.call('api.call', { route: 'documents.list' }, 'to-cancel');
    await new Promise((r) => setImmediate(r));
    expect(t.core.router.inFlight()).toBe(1);
    t.core.router.cancel('to-cancel');
    const r = await pending;
    expect(seenSignal?.aborted).toBe(true);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.kind).toBe('cancelled');
    expect(t.core.router.inFlight()).toBe(0);
  });

  it('reports cancelled even when the work finished after the cancel', async () => {
    const t = await withActiveProfile();
    let finish: () => void = () => {};
    t.api.routes['tags.list'] = () => new Promise((resolve) => { finish = () => resolve({ data: [], request_id: 'r' }); });
    const pending = t.call('api.call', { route: 'tags.list' }, 'late');
    await new Promise((r) => setImmediate(r));
    t.core.router.cancel('late');
    finish();
    const r = await pending;
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.kind).toBe('cancelled');
  });

  it('ignores cancels of unknown ids', () => {
    const t = makeCore();
    expect(() => t.core.router.cancel('nope')).not.toThrow();
    expect(() => t.core.router.cancel(undefined)).not.toThrow();
  });
});
