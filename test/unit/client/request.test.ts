import { describe, expect, it } from 'vitest';
import { ApiClient, ApiError, type ClientInput } from '../../../electron/client';
import { json, ok } from './fake-fetch';
import { BASE, KEY, harness, rejection } from './setup';
import { customer, deleted, ID, leadActivity, tag, task } from '../contract/samples';

describe('base URL and headers', () => {
  it('accepts a base URL ending in /v1 with or without a slash, and nothing else', () => {
    expect(new ApiClient({ baseUrl: 'https://x.test/api/v1/', apiKey: KEY }).baseUrl).toBe('https://x.test/api/v1');
    for (const bad of ['https://x.test/v2', 'ftp://x.test/v1', 'https://x.test/v1?x=1', 'https://u:p@x.test/v1', 'not a url']) {
      expect(() => new ApiClient({ baseUrl: bad, apiKey: KEY })).toThrow(ApiError);
    }
  });

  it('sends Bearer auth, Accept, and JSON content type only with a body', async () => {
    const h = harness([ok(customer), json(201, { data: customer, request_id: 'r' })]);
    await h.client.call('customers.get', { params: { id: ID.a } });
    await h.client.call('customers.create', { body: { name: 'Dani' } });
    expect(h.seen[0]).toMatchObject({ url: `${BASE}/customers/${ID.a}`, method: 'GET', headers: { authorization: `Bearer ${KEY}`, accept: 'application/json' } });
    expect(h.seen[0]!.headers['content-type']).toBeUndefined();
    expect(h.seen[1]).toMatchObject({ url: `${BASE}/customers`, method: 'POST', body: { name: 'Dani' }, headers: { 'content-type': 'application/json' } });
  });

  it('fills two path parameters', async () => {
    const h = harness([ok(leadActivity)]);
    await h.client.call('leads.updateActivity', { params: { id: ID.a, activityId: ID.b }, body: { note: 'called' } });
    expect(h.seen[0]!.url).toBe(`${BASE}/leads/${ID.a}/activities/${ID.b}`);
    expect(h.seen[0]!.method).toBe('PATCH');
  });

  it('sends the body of a DELETE that has one (expenses), with an Idempotency-Key', async () => {
    const h = harness([ok(deleted)]);
    const res = await h.client.call('expenses.delete', { params: { id: ID.a }, body: { expected_revision: 3, reason: 'dup', confirmed: true } });
    expect(res.data).toEqual({ deleted: true });
    expect(h.seen[0]).toMatchObject({ method: 'DELETE', body: { expected_revision: 3, reason: 'dup', confirmed: true } });
    expect(h.seen[0]!.headers['idempotency-key']).toBe(res.idempotency_key);
  });

  it('sends no Idempotency-Key on routes without the mechanism, even when one is offered', async () => {
    const h = harness([json(201, { data: tag, request_id: 'r' })]);
    const res = await h.client.call('tags.create', { body: { name: 'vip' } }, { idempotencyKey: 'abcdefghijklmnop' });
    expect(h.seen[0]!.headers['idempotency-key']).toBeUndefined();
    expect(res.idempotency_key).toBeUndefined();
  });
});

describe('inputs are checked before sending', () => {
  const cases: [string, string, unknown, string][] = [
    ['an invalid UUID', 'customers.get', { params: { id: 'not-a-uuid' } }, 'params.id'],
    ['a missing path parameter', 'customers.get', {}, 'params.id'],
    ['an unknown path parameter', 'customers.get', { params: { id: ID.a, other: ID.b } }, 'params.other'],
    ['an unknown body field', 'customers.create', { body: { name: 'x', nickname: 'y' } }, 'body.nickname'],
    ['business_id in a body', 'customers.create', { body: { name: 'x', business_id: ID.a } }, 'body.business_id'],
    ['a missing required field', 'customers.create', { body: {} }, 'body.name'],
    ['a body on a route without one', 'customers.delete', { params: { id: ID.a }, body: { force: true } }, 'body'],
    ['an English task write status', 'tasks.create', { body: { title: 't', status: 'open' } }, 'body.status'],
    ['a float-looking amount with three decimals', 'products.create', { body: { description: 'd', price: '1.005', currency: 'ILS' } }, 'body.price'],
    ['an unknown input part', 'customers.list', { headers: { x: 1 } }, 'headers'],
    ['a document without lines', 'documents.create', { body: { client_request_id: ID.a, document_type: 'ORDER', customer_id: ID.b, lines: [] } }, 'body.lines'],
  ];
  it.each(cases)('%s', async (_n, route, input, path) => {
    const h = harness([]);
    const err = await rejection(h.client.callUnknown(route as 'customers.get', input as never));
    expect(err.kind).toBe('invalid_request');
    expect(err.field_errors?.map((f) => f.path)).toContain(path);
    expect(h.calls()).toBe(0);
  });

  it('refuses a malformed caller Idempotency-Key', async () => {
    const h = harness([]);
    const err = await rejection(h.client.call('expenseCategories.create', { body: { name: 'Office' } }, { idempotencyKey: 'short' }));
    expect(err.field_errors).toEqual([{ path: 'idempotencyKey', message: 'must be 16 to 100 letters, digits, - or _' }]);
    expect(h.calls()).toBe(0);
  });

  it('refuses a client_request_id that differs from the offered key', async () => {
    const h = harness([]);
    const body: ClientInput<'documents.create'>['body'] = { client_request_id: ID.a, document_type: 'ORDER', customer_id: ID.b, lines: [{ name: 'n', quantity: '1', unit_price: '1' }] };
    const err = await rejection(h.client.call('documents.create', { body }, { idempotencyKey: ID.c }));
    expect(err.field_errors?.[0]?.path).toBe('body.client_request_id');
  });

  it('refuses an unknown route id from the untyped entry', async () => {
    const h = harness([]);
    expect((await rejection(h.client.callUnknown('customers.purge' as 'customers.get', {}))).kind).toBe('invalid_request');
  });

  it('accepts an empty body object on a route without one (what a form may send)', async () => {
    const h = harness([ok(deleted)]);
    await h.client.callUnknown('customers.delete', { params: { id: ID.a }, body: {} });
    expect(h.seen[0]!.body).toBeUndefined();
  });

  it('sends the Hebrew task write status as is', async () => {
    const h = harness([json(201, { data: task, request_id: 'r' })]);
    const res = await h.client.call('tasks.create', { body: { title: 'Call', status: 'פתוח' } });
    expect(h.seen[0]!.body).toEqual({ title: 'Call', status: 'פתוח' });
    expect(res.data.status).toBe('open');
  });
});

describe('typed shortcuts', () => {
  it('routes[id] calls that route', async () => {
    const h = harness([ok(tag)]);
    const res = await h.client.routes['tags.get']({ params: { id: ID.a } });
    expect(res.data.name).toBe('vip');
    expect(h.seen[0]!.url).toBe(`${BASE}/tags/${ID.a}`);
  });
});
