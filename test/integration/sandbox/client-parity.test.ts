import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../../electron/client';
import { prepareRequest } from '../../../electron/client/request';
import { ROUTES, ROUTE_IDS, type RouteId } from '../../../shared';
import { errorCode, openSandbox, type TestSandbox } from './helpers';

/**
 * Property test: the client's pre-send check and the sandbox accept exactly the same requests.
 * The same random query objects (and path ids) go to `prepareRequest` and, over HTTP, to the
 * sandbox; a query the client refuses must get 400 invalid_filter, one it accepts must not.
 */
let sb: TestSandbox;
beforeAll(async () => { sb = await openSandbox(); });
afterAll(async () => { await sb.close(); });

/** mulberry32: a small seeded generator, so a failure can be replayed. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  return { next, pick };
}

const LIST_IDS = ROUTE_IDS.filter((id) => ROUTES[id].list);
const PARAM_NAMES = ['limit', 'cursor', 'created_after', 'updated_after', 'status', 'search', 'foo', 'expand', 'constructor', '__proto__', 'page'];
const LIMITS = ['0', '1', '7', '50', '100', '101', '-1', '1e1', '0x10', ' 5', '5.0', 'abc', '', '010', 7, 2.5, 100];
const DATES = [
  '2026-01-01T00:00:00Z', '2025-06-30T12:30+03:00', '2026-03-01T00:00:00.123456Z', '2024-02-29T00:00Z',
  '2024-02-30T00:00:00Z', '2026-01-01T24:00:00Z', '2026-01-01', '2026-13-01T00:00Z', 'yesterday', '', '2026-01-01T10:00',
];
const SEARCHES = ['', '   ', 'a', 'קפה', 'Café', '%', 'a+b', 'x&y=z', '🙂', ` ${'s'.repeat(100)}  `, 's'.repeat(101), 'ab '.repeat(40)];

function statusValues(id: RouteId): (string | number)[] {
  const statuses = ROUTES[id].list?.statuses ?? [];
  const first = statuses[0] ?? 'active';
  return [first, first.toUpperCase(), first[0]!.toUpperCase() + first.slice(1), 'bogus', 'unknown', '', ` ${first}`, 'a'.repeat(51), 'recorded', 'increase'];
}

function randomQuery(r: ReturnType<typeof rng>, id: RouteId): Record<string, string | number> {
  const q: Record<string, string | number> = {};
  const count = Math.floor(r.next() * 4);
  for (let i = 0; i < count; i++) {
    const name = r.pick(PARAM_NAMES);
    switch (name) {
      case 'limit': q.limit = r.pick(LIMITS); break;
      case 'cursor': q.cursor = r.pick(['', 'c'.repeat(513)]); break;
      case 'created_after': case 'updated_after': q[name] = r.pick(DATES); break;
      case 'status': q.status = r.pick(statusValues(id)); break;
      case 'search': q.search = r.pick(SEARCHES); break;
      default: Object.defineProperty(q, name, { value: 'x', enumerable: true, writable: true, configurable: true });
    }
  }
  return q;
}

function clientAccepts(id: RouteId, input: Record<string, unknown>): { ok: true; target: string } | { ok: false } {
  try {
    return { ok: true, target: prepareRequest(id, input).target };
  } catch (e) {
    if (e instanceof ApiError && e.kind === 'invalid_request') return { ok: false };
    throw e;
  }
}

const asStrings = (q: Record<string, string | number>) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, String(v)]));

async function get(target: string) {
  const r = await fetch(`${sb.baseUrl}${target}`, { headers: { Authorization: `Bearer ${sb.keys.owner}` } });
  return { status: r.status, body: (await r.json()) as { error?: { code: string }; page?: { next_cursor: string | null } } };
}

describe('client pre-send checks mirror the sandbox', () => {
  it('the same random list queries are accepted or refused by both (600 cases over every list route)', async () => {
    const r = rng(20261102);
    const disagreements: string[] = [];
    let accepted = 0;
    for (let i = 0; i < 600; i++) {
      const id = LIST_IDS[i % LIST_IDS.length]!;
      const query = randomQuery(r, id);
      const client = clientAccepts(id, { query });
      const raw = await sb.raw('owner', 'GET', ROUTES[id].path, { query: asStrings(query) });
      const serverOk = raw.status === 200;
      if (!serverOk) expect([raw.status, errorCode(raw)], `${id} ${JSON.stringify(query)}`).toEqual([400, 'invalid_filter']);
      if (client.ok !== serverOk) disagreements.push(`${id} ${JSON.stringify(query)}: client ${client.ok}, sandbox ${raw.status}`);
      if (client.ok) {
        accepted++;
        // What the client would really send is accepted too.
        expect((await get(client.target)).status, client.target).toBe(200);
      }
    }
    expect(disagreements).toEqual([]);
    // Both sides of the property were exercised.
    expect(accepted).toBeGreaterThan(100);
    expect(accepted).toBeLessThan(550);
  });

  it('a real cursor is accepted by both with the filters it was issued for, and refused by the sandbox with others', async () => {
    const first = await get('/customers?limit=2&status=active');
    const cursor = first.body.page!.next_cursor!;
    const same = { limit: 3, status: 'ACTIVE', cursor };
    expect(clientAccepts('customers.list', { query: same }).ok).toBe(true);
    expect((await sb.raw('owner', 'GET', '/customers', { query: asStrings(same) })).status).toBe(200);
    // The client cannot know the binding; the server refuses a cursor moved to other filters.
    const moved = { status: 'inactive', cursor };
    expect(clientAccepts('customers.list', { query: moved }).ok).toBe(true);
    expect(errorCode(await sb.raw('owner', 'GET', '/customers', { query: moved }))).toBe('invalid_filter');
  });

  it('path ids: the client refuses exactly what the sandbox answers 400 invalid_filter', async () => {
    const real = (await sb.client().call('customers.list', { query: { limit: 1 } })).data[0]!.id;
    const ids = [real, real.toUpperCase(), `${real} `, ` ${real}`, real.slice(1), `${real}0`, 'abc', '00000000-0000-0000-0000-000000000000', real.replace(/-/g, ''), `${real.slice(0, -1)}g`];
    for (const routeId of ['customers.get', 'customers.details', 'documents.pdf', 'inventory.get'] as const) {
      for (const id of ids) {
        const client = clientAccepts(routeId, { params: { id } });
        const res = await sb.raw('owner', 'GET', ROUTES[routeId].path.replace('{id}', encodeURIComponent(id)));
        expect(res.status === 400, `${routeId} ${JSON.stringify(id)} -> ${res.status}`).toBe(!client.ok);
        if (!client.ok) expect(errorCode(res)).toBe('invalid_filter');
      }
    }
  });

  it('single-resource reads: the client refuses any query, the sandbox answers 400', async () => {
    const real = (await sb.client().call('customers.list', { query: { limit: 1 } })).data[0]!.id;
    expect(clientAccepts('customers.get', { params: { id: real }, query: { limit: 1 } }).ok).toBe(false);
    expect(clientAccepts('business.get', { query: { x: '1' } }).ok).toBe(false);
    expect(errorCode(await sb.raw('owner', 'GET', `/customers/${real}`, { query: { limit: '1' } }))).toBe('invalid_filter');
    expect(errorCode(await sb.raw('owner', 'GET', '/business', { query: { x: '1' } }))).toBe('invalid_filter');
  });
});
