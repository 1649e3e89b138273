import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type RouteId } from '../../../shared';
import type { ListRouteId } from '../../../electron/client';
import { SHARED_UPDATED_AT } from '../../../electron/sandbox/seed';
import { apiError, errorCode, openSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
beforeAll(async () => { sb = await openSandbox(); });
afterAll(async () => { await sb.close(); });

type Row = { id: string; updated_at?: string; created_at: string };

async function walk(id: ListRouteId, limit: number, query: Record<string, string | number> = {}): Promise<Row[]> {
  const out: Row[] = [];
  for await (const row of sb.client().iterate(id, { query: { ...query, limit } } as never)) out.push(row as Row);
  return out;
}

describe('traversal equivalence', () => {
  it('customers: limits 1..7 yield exactly the rows of limit 100, same order, no duplicates, ties included', async () => {
    const everything = await walk('customers.list', 100);
    expect(everything.length).toBeGreaterThanOrEqual(300);
    expect((await walk('customers.list', 7)).map((r) => r.id)).toEqual(everything.map((r) => r.id));
    // The last 30 days before the shared timestamp keep the 1..7 walks short but include the ties.
    const since = { updated_after: new Date(Date.parse(SHARED_UPDATED_AT) - 30 * 86_400_000).toISOString() };
    const all = await walk('customers.list', 100, since);
    expect(all.filter((r) => r.updated_at === SHARED_UPDATED_AT).length).toBeGreaterThan(1);
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1]!, all[i]!];
      expect(a.updated_at! > b.updated_at! || (a.updated_at === b.updated_at && a.id > b.id)).toBe(true);
    }
    for (let limit = 1; limit <= 7; limit++) expect((await walk('customers.list', limit, since)).map((r) => r.id), `limit ${limit}`).toEqual(all.map((r) => r.id));
  });

  it.each(['documents.list', 'inventory.movements', 'expensePayments.list', 'tags.list', 'rawMaterials.list'] as const)('%s with limits 7 and 9 matches limit 100', async (id) => {
    const all = await walk(id, 100);
    expect(all.length).toBeGreaterThan(3);
    expect((await walk(id, 9)).map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect((await walk(id, 7)).map((r) => r.id)).toEqual(all.map((r) => r.id));
    const field = ROUTES[id].list.sort.field;
    const keys = all.map((r) => (field === 'created_at' ? r.created_at : r.updated_at!));
    expect([...keys].sort().reverse()).toEqual(keys);
  });

  it('a walk with filters equals the filtered full list', async () => {
    const all = await walk('documents.list', 100);
    const filtered = await walk('documents.list', 4, { status: 'CLOSED', search: '  ' + 'a' + ' ' });
    const expected = (all as (Row & { status: string; title: string; customer: { name: string } })[])
      .filter((d) => d.status === 'closed' && (d.title.toLowerCase().includes('a') || d.customer.name.toLowerCase().includes('a')));
    expect(filtered.map((r) => r.id)).toEqual(expected.map((r) => r.id));
  });
});

describe('pages and filters', () => {
  it('has_more and next_cursor follow section 8', async () => {
    const p = await sb.client().list('customers.list', { query: { limit: 2 } });
    expect(p.page).toMatchObject({ has_more: true });
    expect(typeof p.page!.next_cursor).toBe('string');
    const tagCount = (await walk('tags.list', 100)).length;
    const last = await sb.client().list('tags.list', { query: { limit: 100 } });
    expect(last.data).toHaveLength(tagCount);
    expect(last.page).toEqual({ has_more: false, next_cursor: null });
  });

  it('created_after and updated_after are strictly greater', async () => {
    const all = await walk('customers.list', 100);
    const pivot = all[Math.floor(all.length / 2)]!.updated_at!;
    const after = await walk('customers.list', 100, { updated_after: pivot });
    expect(after.map((r) => r.id)).toEqual(all.filter((r) => r.updated_at! > pivot).map((r) => r.id));
    const withOffset = await walk('customers.list', 100, { updated_after: new Date(Date.parse(pivot)).toISOString().replace('Z', '+00:00') });
    expect(withOffset.length).toBe(after.length);
    const created = all[10]!.created_at;
    expect((await walk('customers.list', 100, { created_after: created })).every((r) => r.created_at > created)).toBe(true);
  });

  it('status is case-insensitive and reads the route status field', async () => {
    const dec = await walk('inventory.movements', 100, { status: 'Decrease' });
    expect(dec.length).toBeGreaterThan(0);
    expect(dec.every((m) => (m as Row & { direction: string }).direction === 'decrease')).toBe(true);
    const approved = await walk('expenses.list', 100, { status: 'APPROVED' });
    expect(approved.every((e) => (e as Row & { review_status: string }).review_status === 'approved')).toBe(true);
  });

  it('search is trimmed and case-insensitive over the listed fields', async () => {
    const c = (await sb.client().list('customers.list', { query: { limit: 1 } })).data[0]!;
    const word = c.name.split(' ')[0]!;
    const hits = await walk('customers.list', 100, { search: `  ${word.toUpperCase()}  ` });
    expect(hits.map((r) => r.id)).toContain(c.id);
    expect((hits as (Row & { name: string; email: string | null; business_number: string | null; contact_person: string | null })[])
      .every((h) => [h.name, h.email, h.business_number, h.contact_person].some((v) => v?.toLowerCase().includes(word.toLowerCase())))).toBe(true);
  });

  it('soft-deleted seed rows are hidden from lists and gets', async () => {
    const listed = new Set((await walk('customers.list', 100)).map((r) => r.id));
    const all = await sb.client('owner').call('customers.list', { query: { limit: 100 } });
    expect(all.data.every((c) => listed.has(c.id))).toBe(true);
  });
});

describe('invalid queries (400 invalid_filter, clean messages)', () => {
  it.each([
    ['/customers', { foo: '1' }, 'Unknown parameter: foo'],
    ['/customers', { limit: '0' }, 'limit: must be at least 1'],
    ['/customers', { limit: '101' }, 'limit: must be at most 100'],
    ['/customers', { limit: 'ten' }, 'limit'],
    ['/customers', { status: 'archived' }, 'status: must be one of'],
    ['/customers', { status: 'x'.repeat(51) }, 'at most 50'],
    ['/customers', { search: 'x'.repeat(101) }, 'at most 100'],
    ['/customers', { updated_after: 'yesterday' }, 'updated_after'],
    ['/customers', { cursor: 'x'.repeat(513) }, 'at most 512'],
    ['/customers', { cursor: 'garbage' }, 'cursor'],
    ['/inventory/movements', { updated_after: '2026-01-01T00:00:00Z' }, 'Unknown parameter: updated_after'],
    ['/inventory/movements', { search: 'x' }, 'Unknown parameter: search'],
    ['/payments', { search: 'x' }, 'Unknown parameter: search'],
    ['/expense-payments', { updated_after: '2026-01-01T00:00:00Z' }, 'Unknown parameter'],
    ['/business', { limit: '1' }, 'no query parameters'],
    [`/customers/${randomUUID()}`, { expand: 'x' }, 'no query parameters'],
  ] as const)('%s %j', async (path, query, text) => {
    const r = await sb.raw('owner', 'GET', path, { query });
    expect([r.status, errorCode(r)]).toEqual([400, 'invalid_filter']);
    const message = (r.json.error as { message: string }).message;
    expect(message).toContain(text);
    expect(message).not.toMatch(/zod|ZodError|"code"|expected number, received/i);
  });

  it('a repeated parameter is refused', async () => {
    const r = await fetch(`${sb.baseUrl}/customers?limit=1&limit=2`, { headers: { Authorization: `Bearer ${sb.keys.owner}` } });
    expect(r.status).toBe(400);
  });

  it('cursors are bound to their collection, filters and business, and tamper-proof', async () => {
    const cursor = (await sb.client().list('customers.list', { query: { limit: 1 } })).page!.next_cursor!;
    expect(cursor.length).toBeLessThanOrEqual(512);
    const bad = async (path: string, query: Record<string, string>, key = 'owner') => {
      const r = await sb.raw(key, 'GET', path, { query });
      expect([r.status, errorCode(r)], JSON.stringify(query)).toEqual([400, 'invalid_filter']);
    };
    await bad('/suppliers', { cursor });
    await bad('/customers', { cursor, status: 'active' });
    await bad('/customers', { cursor, search: 'a' });
    await bad('/customers', { cursor }, 'other_business');
    const [body, sig] = cursor.split('.');
    const decoded = JSON.parse(Buffer.from(body!, 'base64url').toString()) as { i: string };
    decoded.i = randomUUID();
    await bad('/customers', { cursor: `${Buffer.from(JSON.stringify(decoded)).toString('base64url')}.${sig}` });
    await bad('/customers', { cursor: `${body}.${sig!.slice(0, -2)}AA` });
    const ok = await sb.raw('owner', 'GET', '/customers', { query: { cursor, limit: '5' } });
    expect(ok.status).toBe(200);
  });
});

describe('routing and responses', () => {
  it('envelopes carry request_id matching X-Request-ID, no-store caching', async () => {
    for (const path of ['/business', '/customers?limit=1', '/nope']) {
      const r = await fetch(`${sb.baseUrl}${path}`, { headers: { Authorization: `Bearer ${sb.keys.owner}` } });
      const body = (await r.json()) as { request_id: string };
      expect(body.request_id).toMatch(/^req_[0-9a-f]{24}$/);
      expect(r.headers.get('x-request-id')).toBe(body.request_id);
      expect(r.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('unknown route 404, missing method 405 with the catalog message, invalid UUID 400', async () => {
    const nf = await sb.raw('owner', 'GET', '/widgets');
    expect([nf.status, errorCode(nf)]).toEqual([404, 'resource_not_found']);
    const na = await sb.raw('owner', 'PUT', '/customers');
    expect([na.status, errorCode(na)]).toEqual([405, 'method_not_allowed']);
    expect((na.json.error as { message: string }).message).toBe('Only GET and HEAD are supported.');
    expect(na.headers.get('allow')).toContain('POST');
    const na2 = await sb.raw('owner', 'PATCH', '/inventory/movements', { body: {} });
    expect(na2.status).toBe(405);
    const bad = await sb.raw('owner', 'GET', '/customers/not-a-uuid');
    expect([bad.status, errorCode(bad)]).toEqual([400, 'invalid_filter']);
    const missing = await apiError(sb.client().call('customers.get', { params: { id: randomUUID() } }));
    expect([missing.status, missing.code]).toEqual([404, 'resource_not_found']);
  });

  it('HEAD is accepted on read routes and has no body', async () => {
    const h = await sb.client().head('customers.list', { query: { limit: 1 } });
    expect(h.status).toBe(200);
    expect(h.request_id).toMatch(/^req_/);
    const r = await fetch(`${sb.baseUrl}/business`, { method: 'HEAD', headers: { Authorization: `Bearer ${sb.keys.owner}` } });
    expect(r.status).toBe(200);
    expect(await r.text()).toBe('');
  });

  it('every read route answers 200 through the typed client (responses parse with the contract)', async () => {
    const ids = (Object.keys(ROUTES) as RouteId[]).filter((id) => ROUTES[id].method === 'GET');
    const client = sb.client();
    for (const id of ids) {
      const r = ROUTES[id];
      if (r.kind === 'list' || id === 'business.get') {
        const res = await client.callUnknown(id, { query: r.kind === 'list' ? { limit: 2 } : {} });
        expect(res.status, id).toBe(200);
        continue;
      }
      const listId = (Object.keys(ROUTES) as RouteId[]).find((l) => ROUTES[l].kind === 'list' && ROUTES[l].resource === r.resource && ROUTES[l].method === 'GET');
      const source = id === 'inventory.get' ? 'products.list' : listId!;
      const rows = (await client.callUnknown(source, { query: { limit: 20 } })).data as { id: string; pdf_available?: boolean }[];
      const row = id === 'documents.pdf' ? rows.find((d) => d.pdf_available)! : rows[0]!;
      const res = await client.callUnknown(id, { params: { id: row.id } });
      expect(res.status, id).toBe(200);
    }
  });
});
