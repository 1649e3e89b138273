import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_KEY_PATTERN, type ClientInput } from '../../../electron/client';
import { backoffMs, nextDelayMs, parseRetryAfter, resolvePolicy, DEFAULT_RETRY } from '../../../electron/client/retry';
import { apiError, json, ok } from './fake-fetch';
import { harness, rejection } from './setup';
import { customer, document, expense, ID } from '../contract/samples';

const created = (data: unknown) => json(201, { data, request_id: 'req_created' });
const docBody: ClientInput<'documents.create'>['body'] = { document_type: 'TAX_INVOICE', customer_id: ID.b, lines: [{ name: 'Widget', quantity: '1', unit_price: '10.00' }] };

describe('backoff arithmetic', () => {
  const policy = { maxRetries: 4, baseDelayMs: 1000, maxDelayMs: 3000 };

  it('equal jitter stays within [half, full] of each step and the step doubles up to the cap', () => {
    expect([0, 1, 2, 3].map((r) => backoffMs(r, policy, () => 0))).toEqual([500, 1000, 1500, 1500]);
    expect([0, 1, 2, 3].map((r) => backoffMs(r, policy, () => 1))).toEqual([1000, 2000, 3000, 3000]);
    for (let i = 0; i < 50; i++) {
      const r = (i * 7919) % 101 / 101;
      const d = backoffMs(1, policy, () => r);
      expect(d).toBeGreaterThanOrEqual(1000);
      expect(d).toBeLessThanOrEqual(2000);
    }
  });

  it('never waits less than Retry-After, spreads at most 10% above it, and refuses waits above the cap', () => {
    expect(nextDelayMs(0, DEFAULT_RETRY, () => 0, 1)).toBe(1000);
    expect(nextDelayMs(0, DEFAULT_RETRY, () => 1, 1)).toBe(1100);
    expect(nextDelayMs(0, DEFAULT_RETRY, () => 0, 5)).toBe(5000);
    // The backoff wins when it is longer than the server's wait.
    expect(nextDelayMs(3, DEFAULT_RETRY, () => 1, 1)).toBe(4000);
    expect(nextDelayMs(0, DEFAULT_RETRY, () => 0.5, 31)).toBeNull();
  });

  it('parses Retry-After as seconds or an HTTP date, ignoring junk', () => {
    expect(parseRetryAfter('5')).toBe(5);
    expect(parseRetryAfter(' 1 ')).toBe(1);
    const now = Date.parse('2026-01-31T09:15:00.000Z');
    expect(parseRetryAfter('Sat, 31 Jan 2026 09:15:03 GMT', now)).toBe(3);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });

  it('rejects a nonsensical policy', () => {
    expect(() => resolvePolicy(DEFAULT_RETRY, { baseDelayMs: 10, maxDelayMs: 5 })).toThrow(RangeError);
    expect(resolvePolicy(DEFAULT_RETRY, false).maxRetries).toBe(0);
  });
});

describe('retries honour Retry-After', () => {
  it('429 then 200 waits at least 1 s', async () => {
    const h = harness([apiError(429, 'rate_limit_exceeded', 'rate_limit_error', 'r1', { 'Retry-After': '1' }), ok(customer, 'r2')]);
    const res = await h.client.call('customers.get', { params: { id: ID.a } });
    expect(res.data.name).toBe(customer.name);
    expect(res.request_id).toBe('r2');
    expect(h.calls()).toBe(2);
    expect(h.waits).toHaveLength(1);
    expect(h.waits[0]).toBeGreaterThanOrEqual(1000);
  });

  it('tells the caller before each wait: why, how long, which attempt (a throwing hook changes nothing)', async () => {
    const h = harness([
      apiError(429, 'rate_limit_exceeded', 'rate_limit_error', 'r1', { 'Retry-After': '1' }),
      apiError(503, 'service_unavailable', 'api_error', 'r2'),
      'refused',
      ok(customer, 'r4'),
    ]);
    const notices: unknown[] = [];
    const res = await h.client.call('customers.get', { params: { id: ID.a } }, { onRetry: (n) => { notices.push(n); throw new Error('hook failed'); } });
    expect(res.request_id).toBe('r4');
    expect(notices).toEqual([
      { reason: 'rate_limited', delay_ms: h.waits[0], attempt: 1, status: 429 },
      { reason: 'unavailable', delay_ms: h.waits[1], attempt: 2, status: 503 },
      { reason: 'network', delay_ms: h.waits[2], attempt: 3 },
    ]);
  });

  it('503 waits at least 5 s, also when the header is missing (spec value)', async () => {
    const h = harness([
      apiError(503, 'service_unavailable', 'api_error', 'r1', { 'Retry-After': '5' }),
      apiError(503, 'service_unavailable', 'api_error', 'r2'),
      ok(customer),
    ]);
    await h.client.call('customers.get', { params: { id: ID.a } });
    expect(h.waits).toHaveLength(2);
    expect(h.waits.every((w) => w >= 5000)).toBe(true);
  });

  it('429 is retried even on a plain create: the request was refused, not processed', async () => {
    const h = harness([apiError(429, 'rate_limit_exceeded', 'rate_limit_error'), created(customer)]);
    const res = await h.client.call('customers.create', { body: { name: 'Dani' } });
    expect(res.status).toBe(201);
    expect(h.calls()).toBe(2);
  });

  it('gives up with the 429 error when Retry-After exceeds the cap, without waiting', async () => {
    const h = harness([apiError(429, 'rate_limit_exceeded', 'rate_limit_error', 'r1', { 'Retry-After': '120' })], { retry: { maxDelayMs: 30_000 } });
    const err = await rejection(h.client.call('customers.get', { params: { id: ID.a } }));
    expect(err).toMatchObject({ kind: 'api', status: 429, code: 'rate_limit_exceeded', retry_after: 120, request_id: 'r1' });
    expect(h.waits).toEqual([]);
  });

  it('caps every backoff step at maxDelayMs and stops after maxRetries', async () => {
    const fail = () => apiError(500, 'internal_error', 'api_error');
    const h = harness([fail(), fail(), fail(), fail(), fail()], { retry: { maxRetries: 4, baseDelayMs: 1000, maxDelayMs: 3000 }, random: () => 1 });
    const err = await rejection(h.client.call('customers.get', { params: { id: ID.a } }));
    expect(err).toMatchObject({ kind: 'api', status: 500, code: 'internal_error' });
    expect(h.calls()).toBe(5);
    expect(h.waits).toEqual([1000, 2000, 3000, 3000]);
  });

  it('per-call overrides: retry false means one attempt; maxRetries 1 means two', async () => {
    const h1 = harness([apiError(429, 'rate_limit_exceeded', 'rate_limit_error')]);
    expect((await rejection(h1.client.call('customers.get', { params: { id: ID.a } }, { retry: false }))).status).toBe(429);
    expect(h1.calls()).toBe(1);
    const h2 = harness([apiError(503, 'service_unavailable', 'api_error'), apiError(503, 'service_unavailable', 'api_error')]);
    await rejection(h2.client.call('customers.get', { params: { id: ID.a } }, { retry: { maxRetries: 1 } }));
    expect(h2.calls()).toBe(2);
  });
});

describe('network failures and 500s: only when a repeat cannot apply twice', () => {
  it('a reset on expenses.create is retried with the SAME Idempotency-Key, exposed on the result', async () => {
    const h = harness(['reset', 'reset', created(expense)]);
    const res = await h.client.call('expenses.create', { body: { supplier_name: 'Office', currency: 'ILS', issue_date: '2026-01-31' } });
    expect(h.calls()).toBe(3);
    const keys = h.seen.map((s) => s.headers['idempotency-key']);
    expect(keys[0]).toMatch(IDEMPOTENCY_KEY_PATTERN);
    expect(new Set(keys).size).toBe(1);
    expect(res.idempotency_key).toBe(keys[0]);
  });

  it('the stored answer to a retried key (Idempotent-Replayed) is a result, marked as replayed; a first answer is not', async () => {
    const h = harness([json(201, { data: expense, request_id: 'req_replay' }, { 'Idempotent-Replayed': 'true' }), created(expense)]);
    const body = { supplier_name: 'Office', currency: 'ILS', issue_date: '2026-01-31' };
    const replay = await h.client.callUnknown('expenses.create', { body }, { idempotencyKey: 'user-retry_key-0001' });
    expect(replay).toMatchObject({ status: 201, replayed: true, idempotency_key: 'user-retry_key-0001' });
    expect((await h.client.callUnknown('expenses.create', { body })).replayed).toBeUndefined();
  });

  it('a caller-supplied Idempotency-Key is sent as is', async () => {
    const h = harness([created(expense)]);
    const res = await h.client.call('expenses.create', { body: { supplier_name: 'Office', currency: 'ILS', issue_date: '2026-01-31' } }, { idempotencyKey: 'user-retry_key-0001' });
    expect(h.seen[0]!.headers['idempotency-key']).toBe('user-retry_key-0001');
    expect(res.idempotency_key).toBe('user-retry_key-0001');
  });

  it('a reset on customers.create is NOT retried and surfaces unknown_outcome', async () => {
    const h = harness(['reset']);
    const err = await rejection(h.client.call('customers.create', { body: { name: 'Dani' } }));
    expect(h.calls()).toBe(1);
    expect(err.kind).toBe('unknown_outcome');
    expect(err.message).toContain('Look the record up before retrying');
    expect(h.seen[0]!.headers['idempotency-key']).toBeUndefined();
  });

  it('a refused connection on customers.create is retried: nothing reached the server', async () => {
    const h = harness(['refused', created(customer)]);
    const res = await h.client.call('customers.create', { body: { name: 'Dani' } });
    expect(res.status).toBe(201);
    expect(h.calls()).toBe(2);
  });

  it('a reset on documents.create is retried with the same client_request_id, filled in by the client', async () => {
    const h = harness(['reset', created(document)]);
    const res = await h.client.call('documents.create', { body: docBody });
    const ids = h.seen.map((s) => (s.body as { client_request_id: string }).client_request_id);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(res.client_request_id).toBe(ids[0]);
  });

  it('documents.create keeps a caller client_request_id and reuses the error key on a user retry', async () => {
    const h = harness(['reset', 'reset']);
    const err = await rejection(h.client.call('documents.create', { body: { ...docBody, client_request_id: ID.c } }, { retry: { maxRetries: 1 } }));
    expect(err.kind).toBe('network');
    expect(err.client_request_id).toBe(ID.c);
    expect(err.toBridgeError().idempotency_key).toBe(ID.c);
    const again = harness([created(document)]);
    await again.client.call('documents.create', { body: docBody }, { idempotencyKey: err.client_request_id! });
    expect((again.seen[0]!.body as { client_request_id: string }).client_request_id).toBe(ID.c);
  });

  it('500 on a read is retried; 500 on a plain create is not', async () => {
    const read = harness([apiError(500, 'internal_error', 'api_error'), ok(customer)]);
    await read.client.call('customers.get', { params: { id: ID.a } });
    expect(read.calls()).toBe(2);
    const create = harness([apiError(500, 'internal_error', 'api_error', 'r500')]);
    const err = await rejection(create.client.call('customers.create', { body: { name: 'Dani' } }));
    expect(create.calls()).toBe(1);
    expect(err).toMatchObject({ kind: 'api', status: 500, code: 'internal_error', request_id: 'r500' });
  });

  it('network failures on a read end as kind network after the retries', async () => {
    const h = harness(['reset', 'reset', 'reset'], { retry: { maxRetries: 2 } });
    const err = await rejection(h.client.call('customers.list', {}));
    expect(err.kind).toBe('network');
    expect(err.message).toContain('ECONNRESET');
    expect(h.calls()).toBe(3);
  });

  it.each([
    [400, 'invalid_filter', 'invalid_request_error'],
    [401, 'invalid_api_key', 'authentication_error'],
    [403, 'insufficient_permission', 'authorization_error'],
    [404, 'resource_not_found', 'not_found_error'],
    [409, 'revision_conflict', 'conflict_error'],
  ])('%i is never retried, on reads or idempotent writes', async (status, code, type) => {
    const read = harness([apiError(status, code, type)]);
    expect((await rejection(read.client.call('customers.get', { params: { id: ID.a } }))).status).toBe(status);
    expect(read.calls()).toBe(1);
    const write = harness([apiError(status, code, type)]);
    const err = await rejection(write.client.call('expenses.approve', { params: { id: ID.a }, body: { expected_revision: 2, confirmed: true } }));
    expect(err).toMatchObject({ kind: 'api', status, code });
    expect(write.calls()).toBe(1);
    expect(write.waits).toEqual([]);
  });
});
