import { describe, expect, it } from 'vitest';
import { page, json } from './fake-fetch';
import { harness, rejection } from './setup';
import { customer, inventoryMovement } from '../contract/samples';
import { readKept } from '../../../electron/client/response';

const c = (n: number) => ({ ...customer, name: `Customer ${n}` });
const cursorOf = (url: string) => new URL(url).searchParams.get('cursor');

describe('list: one page', () => {
  it('returns data, page and request_id, sending the validated query', async () => {
    const h = harness([page([c(1), c(2)], 'next-1', 'req_p1')]);
    const res = await h.client.list('customers.list', { query: { limit: 2, status: 'ACTIVE', search: '  dani  ' } });
    expect(res.data.map((x) => x.name)).toEqual(['Customer 1', 'Customer 2']);
    expect(res.page).toEqual({ has_more: true, next_cursor: 'next-1' });
    expect(res.request_id).toBe('req_p1');
    const url = new URL(h.seen[0]!.url);
    expect(url.pathname).toBe('/v1/customers');
    expect(Object.fromEntries(url.searchParams)).toEqual({ limit: '2', status: 'active', search: 'dani' });
  });
});

describe('iterate: every page', () => {
  it('follows next_cursor exactly and stops at has_more=false', async () => {
    const h = harness([page([c(1), c(2)], 'cur/1+='), page([c(3)], 'cur-2'), page([c(4)], null)]);
    const names: string[] = [];
    for await (const item of h.client.iterate('customers.list', { query: { limit: 2 } })) names.push(item.name);
    expect(names).toEqual(['Customer 1', 'Customer 2', 'Customer 3', 'Customer 4']);
    expect(h.seen.map((s) => cursorOf(s.url))).toEqual([null, 'cur/1+=', 'cur-2']);
    expect(h.seen.every((s) => new URL(s.url).searchParams.get('limit') === '2')).toBe(true);
  });

  it('yields whole pages through pages() for progress reporting', async () => {
    const h = harness([page([inventoryMovement], 'm2'), page([inventoryMovement, inventoryMovement], null)]);
    const sizes: number[] = [];
    for await (const p of h.client.pages('inventory.movements', {})) sizes.push(p.data.length);
    expect(sizes).toEqual([1, 2]);
  });

  it('is cancellable between items and pages without further requests', async () => {
    const h = harness([page([c(1), c(2)], 'cur-1'), page([c(3)], null)]);
    const ctl = new AbortController();
    const seenNames: string[] = [];
    const err = await rejection((async () => {
      for await (const item of h.client.iterate('customers.list', {}, { signal: ctl.signal })) {
        seenNames.push(item.name);
        ctl.abort();
      }
    })());
    expect(err.kind).toBe('cancelled');
    expect(seenNames).toEqual(['Customer 1']);
    expect(h.calls()).toBe(1);
  });

  it('stops early when the consumer breaks', async () => {
    const h = harness([page([c(1), c(2)], 'cur-1')]);
    for await (const item of h.client.iterate('customers.list', {})) if (item.name === 'Customer 1') break;
    expect(h.calls()).toBe(1);
  });

  it('treats has_more without a cursor, or a repeated cursor, as an invalid response', async () => {
    const noCursor = harness([json(200, { data: [c(1)], page: { has_more: true, next_cursor: null }, request_id: 'rq' })]);
    const e1 = await rejection((async () => { for await (const _ of noCursor.client.iterate('customers.list', {})) void _; })());
    expect(e1).toMatchObject({ kind: 'invalid_response', request_id: 'rq' });
    const loop = harness([page([c(1)], 'same'), page([c(2)], 'same')]);
    const e2 = await rejection((async () => { for await (const _ of loop.client.iterate('customers.list', {})) void _; })());
    expect(e2.kind).toBe('invalid_response');
    expect(loop.calls()).toBe(2);
  });
});

describe('parameter checks reject before any fetch', () => {
  const cases: [string, string, Record<string, string | number>, string][] = [
    ['limit 0', 'customers.list', { limit: 0 }, 'query.limit'],
    ['limit 101', 'customers.list', { limit: 101 }, 'query.limit'],
    ['limit 2.5', 'customers.list', { limit: 2.5 }, 'query.limit'],
    ['cursor of 513 characters', 'customers.list', { cursor: 'x'.repeat(513) }, 'query.cursor'],
    ['search of 101 characters after trimming', 'customers.list', { search: `  ${'s'.repeat(101)}  ` }, 'query.search'],
    ['status of 51 characters', 'customers.list', { status: 'a'.repeat(51) }, 'query.status'],
    ['a status outside section 3', 'customers.list', { status: 'deleted' }, 'query.status'],
    ['an unknown parameter', 'customers.list', { sort: 'name' }, 'query.sort'],
    ['updated_after on movements', 'inventory.movements', { updated_after: '2026-01-01T00:00:00Z' }, 'query.updated_after'],
    ['search on movements', 'inventory.movements', { search: 'x' }, 'query.search'],
    ['search on payments', 'payments.list', { search: 'x' }, 'query.search'],
    ['status on expense payments', 'expensePayments.list', { status: 'x' }, 'query.status'],
    ['a date-time without zone', 'customers.list', { created_after: '2026-01-01T00:00:00' }, 'query.created_after'],
    ['a query on a single-resource route', 'business.get', { limit: 1 }, 'query.limit'],
  ];
  it.each(cases)('%s', async (_name, route, query, path) => {
    const h = harness([]);
    const err = await rejection(h.client.callUnknown(route as 'customers.list', { query }));
    expect(err.kind).toBe('invalid_request');
    expect(err.field_errors?.map((f) => f.path)).toContain(path);
    expect(h.calls()).toBe(0);
  });

  it('accepts the bounds themselves', async () => {
    const h = harness([page([], null), page([], null), page([], null)]);
    await h.client.list('customers.list', { query: { limit: 100, cursor: 'x'.repeat(512), search: ` ${'s'.repeat(100)} `, status: 'inactive' } });
    await h.client.list('customers.list', { query: { limit: 1 } });
    await h.client.list('expensePayments.list', { query: { created_after: '2026-01-01T00:00:00.000+02:00' } });
    expect(h.calls()).toBe(3);
  });

  it('a typed start cursor begins the walk there', async () => {
    const h = harness([page([c(9)], null)]);
    const all = [];
    for await (const x of h.client.iterate('customers.list', { query: { cursor: 'resume' } })) all.push(x);
    expect(all).toHaveLength(1);
    expect(cursorOf(h.seen[0]!.url)).toBe('resume');
  });
});

describe('a page read later (the local copy reads its pages on the engine thread)', () => {
  it('comes back as it came, and reads there as it would have here: good items kept, a bad one set apart', async () => {
    const bad = { ...c(2), status: 'sleeping' };
    const h = harness([page([c(1), bad, c(3)], 'next-9', 'req_later'), page([c(1), bad, c(3)], 'next-9', 'req_later')]);
    const later = await h.client.callUnknown('customers.list', { query: { limit: 3 } }, { readLater: true });
    expect(later.data).toBeNull();
    const kept = later.unread!;
    // What a message to another thread carries: bytes and pairs.
    expect(kept.body).toBeInstanceOf(ArrayBuffer);
    const moved = structuredClone(kept, { transfer: [kept.body] });
    expect(kept.body.byteLength).toBe(0);
    const read = readKept('customers.list', moved, { itemsApart: true });
    const now = await h.client.callUnknown('customers.list', { query: { limit: 3 } }, { itemsApart: true });
    expect(read.data).toEqual(now.data);
    expect((read.data as { name: string }[]).map((x) => x.name)).toEqual(['Customer 1', 'Customer 3']);
    expect(read.rejected).toEqual(now.rejected);
    expect(read.rejected).toHaveLength(1);
    expect(read.page).toEqual({ has_more: true, next_cursor: 'next-9' });
    expect(read.request_id).toBe('req_later');
  });

  it('is read on this thread when the answer is an error: the same ApiError', async () => {
    const h = harness([json(403, { error: { type: 'permission_error', code: 'insufficient_permission', message: 'no' }, request_id: 'req_403' })]);
    const err = await rejection(h.client.callUnknown('customers.list', {}, { readLater: true }));
    expect(err).toMatchObject({ kind: 'api', status: 403, code: 'insufficient_permission', request_id: 'req_403' });
  });

  it('fails as any answer does when the text is not the contract: invalid_response with the request id', () => {
    const kept = { status: 200, body: new TextEncoder().encode('{"data": 5, "request_id": "req_x"}').buffer, headers: [['x-request-id', 'req_x']] as [string, string][] };
    expect(() => readKept('customers.list', kept, { itemsApart: true })).toThrow(expect.objectContaining({ kind: 'invalid_response', status: 200 }) as Error);
  });
});
