import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bridgeErrorSchema } from '../../../shared';
import { ApiClient, ApiError, type ClientEvent } from '../../../electron/client';
import { apiError, json, ok } from './fake-fetch';
import { BASE, KEY, harness, rejection } from './setup';
import { customer, ID } from '../contract/samples';

const get = { params: { id: ID.a } };

describe('API errors', () => {
  it('carry status, type, code, message and request_id from the body', async () => {
    const h = harness([apiError(404, 'resource_not_found', 'not_found_error', 'req_body', { 'X-Request-ID': 'req_header' })]);
    const err = await rejection(h.client.call('customers.get', get));
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'api', status: 404, type: 'not_found_error', code: 'resource_not_found', message: 'server says resource_not_found', request_id: 'req_body' });
    expect(err.retry_after).toBeUndefined();
  });

  it('take request_id from X-Request-ID when the body has none to give', async () => {
    const h = harness([new Response('<html>Bad gateway</html>', { status: 502, headers: { 'X-Request-ID': 'req_gw' } })]);
    const err = await rejection(h.client.call('customers.create', { body: { name: 'Dani' } }));
    expect(err).toMatchObject({ kind: 'invalid_response', status: 502, request_id: 'req_gw' });
  });

  it('carry retry_after and convert to the bridge shape', async () => {
    const h = harness([apiError(429, 'rate_limit_exceeded', 'rate_limit_error', 'r429', { 'Retry-After': '1' })]);
    const err = await rejection(h.client.call('customers.get', get, { retry: false }));
    const bridge = err.toBridgeError();
    expect(bridgeErrorSchema.parse(bridge)).toEqual({
      kind: 'api', status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded', message: 'server says rate_limit_exceeded', request_id: 'r429', retry_after: 1,
    });
    expect(JSON.parse(JSON.stringify(err))).toMatchObject({ name: 'ApiError', ...bridge });
  });

  it('fill a success request_id from the header when the body lacks it', async () => {
    const h = harness([json(200, { data: customer }, { 'X-Request-ID': 'req_h' })]);
    expect((await h.client.call('customers.get', get)).request_id).toBe('req_h');
  });
});

describe('malformed answers become invalid_response, never a crash', () => {
  it('bad JSON on 200', async () => {
    const h = harness([new Response('{"data": ', { status: 200, headers: { 'X-Request-ID': 'rq' } })]);
    expect(await rejection(h.client.call('customers.get', get))).toMatchObject({ kind: 'invalid_response', status: 200, request_id: 'rq' });
  });

  it('a wrong shape names the offending fields and keeps the request_id', async () => {
    const { name: _omit, ...noName } = customer;
    const h = harness([json(200, { data: { ...noName, status: 'gone' }, request_id: 'rq2' })]);
    const err = await rejection(h.client.call('customers.get', get));
    expect(err).toMatchObject({ kind: 'invalid_response', status: 200, request_id: 'rq2' });
    expect(err.field_errors?.map((f) => f.path).sort()).toEqual(['response.data.name', 'response.data.status']);
  });

  it('an error status with a non-contract JSON body', async () => {
    const h = harness([json(400, { message: 'nope' })]);
    expect(await rejection(h.client.call('customers.create', { body: { name: 'x' } }))).toMatchObject({ kind: 'invalid_response', status: 400 });
  });

  it('extra fields are tolerated and kept', async () => {
    const h = harness([json(200, { data: { ...customer, loyalty_tier: 'gold' }, request_id: 'rq', extra_top: 1 })]);
    const res = await h.client.call('customers.get', get);
    expect((res.data as Record<string, unknown>).loyalty_tier).toBe('gold');
  });
});

describe('timeouts and cancellation', () => {
  afterEach(() => { vi.useRealTimers(); });

  it('an attempt that hangs past attemptTimeoutMs ends as kind timeout on a read', async () => {
    vi.useFakeTimers();
    const h = harness(['hang'], { attemptTimeoutMs: 1000 });
    const p = rejection(h.client.call('customers.get', get, { retry: false }));
    await vi.advanceTimersByTimeAsync(1000);
    const err = await p;
    expect(err.kind).toBe('timeout');
    expect(err.message).toContain('1000 ms');
  });

  it('a read that timed out is retried and can then succeed', async () => {
    vi.useFakeTimers();
    const h = harness(['hang', ok(customer)], { attemptTimeoutMs: 1000 });
    const p = h.client.call('customers.get', get);
    await vi.advanceTimersByTimeAsync(1000);
    expect((await p).data.id).toBe(ID.a);
    expect(h.calls()).toBe(2);
  });

  it('the overall deadline ends the call even when attempts allow more', async () => {
    vi.useFakeTimers();
    const h = harness(['hang'], { attemptTimeoutMs: 60_000, overallTimeoutMs: 2000 });
    const p = rejection(h.client.call('customers.get', get));
    await vi.advanceTimersByTimeAsync(2000);
    expect((await p).kind).toBe('timeout');
    expect(h.calls()).toBe(1);
  });

  it('a plain create that times out is an unknown outcome, not retried', async () => {
    vi.useFakeTimers();
    const h = harness(['hang'], { attemptTimeoutMs: 1000 });
    const p = rejection(h.client.call('customers.create', { body: { name: 'Dani' } }));
    await vi.advanceTimersByTimeAsync(1000);
    expect((await p).kind).toBe('unknown_outcome');
    expect(h.calls()).toBe(1);
  });

  it('abort while waiting for the answer gives kind cancelled', async () => {
    const h = harness(['hang']);
    const ctl = new AbortController();
    const p = rejection(h.client.call('customers.get', get, { signal: ctl.signal }));
    await Promise.resolve();
    ctl.abort();
    expect((await p).kind).toBe('cancelled');
  });

  it('a signal aborted before the call sends nothing', async () => {
    const h = harness([]);
    const err = await rejection(h.client.call('customers.create', { body: { name: 'x' } }, { signal: AbortSignal.abort() }));
    expect(err.kind).toBe('cancelled');
    expect(err.message).not.toContain('may or may not');
    expect(h.calls()).toBe(0);
  });

  it('abort during the wait between attempts gives cancelled without another request', async () => {
    const ctl = new AbortController();
    const h = harness([apiError(503, 'service_unavailable', 'api_error')], { sleep: async () => { ctl.abort(); } });
    expect((await rejection(h.client.call('customers.get', get, { signal: ctl.signal }))).kind).toBe('cancelled');
    expect(h.calls()).toBe(1);
  });
});

describe('HEAD on read routes', () => {
  it('sends HEAD and returns status and the header request id', async () => {
    const h = harness([new Response(null, { status: 200, headers: { 'X-Request-ID': 'req_head' } })]);
    expect(await h.client.head('customers.get', get)).toEqual({ status: 200, request_id: 'req_head' });
    expect(h.seen[0]!.method).toBe('HEAD');
  });

  it('a 404 on HEAD is an API error with the status', async () => {
    const h = harness([new Response(null, { status: 404, headers: { 'X-Request-ID': 'r404' } })]);
    expect(await rejection(h.client.head('customers.get', get))).toMatchObject({ kind: 'api', status: 404, request_id: 'r404' });
  });

  it('is refused on write routes', async () => {
    const h = harness([]);
    // @ts-expect-error HEAD is typed for read routes only
    expect((await rejection(h.client.head('customers.create', { body: { name: 'x' } }))).kind).toBe('invalid_request');
  });
});

describe('a server that echoes the key back altered, or sends odd codes', () => {
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const b64url = (s: string) => Buffer.from(s).toString('base64url');

  it('the key is caught in any letter case and in base64 / base64url, at any byte alignment', async () => {
    const echoes = [
      `upper ${KEY.toUpperCase()}`,
      `lower ${KEY.toLowerCase()}`,
      `basic ${b64(`user:${KEY}`)}`,
      `bearer-b64 ${b64(`Bearer ${KEY}`)}`,
      `shifted ${b64(`xy${KEY}z`)}`,
      `url-safe ${b64url(`??${KEY}>>`)}`,
    ];
    for (const echo of echoes) {
      const h = harness([json(401, { error: { type: 'authentication_error', code: 'invalid_api_key', message: echo }, request_id: 'r' })]);
      const err = await rejection(h.client.call('customers.get', get));
      expect(err.message, echo).toContain('[redacted]');
      const text = JSON.stringify(err.toBridgeError());
      for (const form of [KEY, KEY.toUpperCase(), KEY.toLowerCase(), b64(KEY), b64url(KEY)]) expect(text).not.toContain(form);
      // No stretch of 12 characters of any encoding of the key survives.
      for (const enc of [KEY.toLowerCase(), b64(`xy${KEY}z`).slice(4, -4), b64url(`??${KEY}>>`).slice(4, -4)]) {
        for (let i = 0; i + 12 <= enc.length; i += 6) expect(text.toLowerCase().includes(enc.slice(i, i + 12).toLowerCase()), `${echo}: ${enc.slice(i, i + 12)}`).toBe(false);
      }
    }
  });

  it('code, type and request_id are kept only when they match strict patterns; a bad one is absent, never shown raw', async () => {
    const h = harness([
      json(400, { error: { type: 'invalid_request_error', code: `leak ${KEY}`, message: 'm' }, request_id: 'req_ok-1.2:3' }),
      json(403, { error: { type: '<script>alert(1)</script>', code: 'insufficient_permission', message: 'm' }, request_id: 'x'.repeat(129) }, { 'X-Request-ID': 'req_from_header' }),
      json(404, { error: { type: 'not_found_error', code: 'Resource_Not_Found', message: 'm' }, request_id: `id ${KEY}` }, { 'X-Request-ID': 'bad id\u0007' }),
    ], { retry: { maxRetries: 0 } });
    const a = (await rejection(h.client.call('customers.get', get))).toBridgeError();
    expect(a).toEqual({ kind: 'api', status: 400, type: 'invalid_request_error', message: 'm', request_id: 'req_ok-1.2:3' });
    const b = (await rejection(h.client.call('customers.get', get))).toBridgeError();
    expect(b).toEqual({ kind: 'api', status: 403, code: 'insufficient_permission', message: 'm', request_id: 'req_from_header' });
    const c = (await rejection(h.client.call('customers.get', get))).toBridgeError();
    expect(c).toEqual({ kind: 'api', status: 404, type: 'not_found_error', message: 'm' });
    for (const e of [a, b, c]) expect(bridgeErrorSchema.safeParse(e).success).toBe(true);
  });

  it('a success whose request_id is malformed passes on the header id, or none', async () => {
    const h = harness([
      json(200, { data: customer, request_id: `<b>${KEY}</b>` }, { 'X-Request-ID': 'req_h1' }),
      json(200, { data: customer, request_id: 'two words' }),
    ]);
    expect((await h.client.call('customers.get', get)).request_id).toBe('req_h1');
    expect((await h.client.call('customers.get', get)).request_id).toBe('');
  });

  it('the strict patterns themselves', () => {
    const e = new ApiError({ kind: 'api', message: 'm', code: 'a'.repeat(64), type: 'z9_', request_id: 'A'.repeat(128) });
    expect([e.code, e.type, e.request_id]).toEqual(['a'.repeat(64), 'z9_', 'A'.repeat(128)]);
    const f = new ApiError({ kind: 'api', message: 'm', code: 'a'.repeat(65), type: '9abc', request_id: '-leading' });
    expect([f.code, f.type, f.request_id]).toEqual([undefined, undefined, undefined]);
  });
});

describe('the API key never leaks', () => {
  it('not in errors whose server message echoes it, nor in their JSON or bridge form', async () => {
    const h = harness([json(401, { error: { type: 'authentication_error', code: 'invalid_api_key', message: `Key ${KEY} is wrong` }, request_id: 'r' })]);
    const err = await rejection(h.client.call('customers.get', get));
    const texts = [err.message, String(err), err.stack ?? '', JSON.stringify(err), JSON.stringify(err.toBridgeError()), inspect(err)];
    for (const t of texts) expect(t).not.toContain(KEY);
    expect(err.message).toContain('[redacted]');
  });

  it('not in network, timeout or invalid-response errors', async () => {
    const h = harness(['reset', new Response('oops', { status: 200 })], { retry: { maxRetries: 0 } });
    const e1 = await rejection(h.client.call('customers.get', get));
    const e2 = await rejection(h.client.call('customers.get', get));
    for (const e of [e1, e2]) expect(JSON.stringify(e) + e.message + inspect(e)).not.toContain(KEY);
  });

  it('not in the client JSON or inspection, nor in events; but it is in the Authorization header', async () => {
    const events: ClientEvent[] = [];
    const h = harness([apiError(503, 'service_unavailable', 'api_error', 'r1'), ok(customer, 'r2')], { onEvent: (e) => events.push(e) });
    await h.client.call('customers.get', get);
    expect(h.seen[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.stringify(h.client)).not.toContain(KEY);
    expect(inspect(h.client, { showHidden: true, depth: 5 })).not.toContain(KEY);
    expect(JSON.stringify(events)).not.toContain(KEY);
    expect(events.map(({ duration_ms: _d, ...rest }) => rest)).toEqual([
      { method: 'GET', path: `/customers/${ID.a}`, status: 503, attempt: 1, request_id: 'r1' },
      { method: 'GET', path: `/customers/${ID.a}`, status: 200, attempt: 2, request_id: 'r2' },
    ]);
    expect(events.every((e) => Object.keys(e).sort().join() === 'attempt,duration_ms,method,path,request_id,status')).toBe(true);
  });

  it('a bad key is refused at construction without echoing it', () => {
    const bad = 'bo_test_secret with space';
    let thrown: unknown;
    try { new ApiClient({ baseUrl: BASE, apiKey: bad }); } catch (e) { thrown = e; }
    expect(thrown).toBeInstanceOf(ApiError);
    expect(JSON.stringify(thrown) + String(thrown)).not.toContain('secret');
  });

  it('a throwing event hook does not change the outcome', async () => {
    const h = harness([ok(customer)], { onEvent: () => { throw new Error('log sink down'); } });
    expect((await h.client.call('customers.get', get)).status).toBe(200);
  });
});
