import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PATTERN, ROUTES, ROUTE_IDS, fillPath, type RouteId } from '../../../shared';
import { KEY_NAMES, startSandbox } from '../../../electron/sandbox';
import { apiError, errorCode, openSandbox, type TestSandbox } from './helpers';

let sb: TestSandbox;
beforeAll(async () => { sb = await openSandbox(); });
afterAll(async () => { await sb.close(); });

const pathFor = (id: RouteId) => fillPath(ROUTES[id].path, { id: randomUUID(), activityId: randomUUID() });

describe('named keys (DESIGN.md)', () => {
  it('are well formed, test keys except `live`, and deterministic per seed', async () => {
    for (const name of KEY_NAMES) {
      const m = API_KEY_PATTERN.exec(sb.keys[name]);
      expect(m, name).not.toBeNull();
      expect(m![1]).toBe(name === 'live' ? 'live' : 'test');
    }
    const again = await startSandbox({ seed: 1, rateLimit: 0 });
    const other = await startSandbox({ seed: 2, rateLimit: 0 });
    expect(again.keys).toEqual(sb.keys);
    expect(other.keys.owner).not.toBe(sb.keys.owner);
    await Promise.all([again.close(), other.close()]);
  });

  it('owner, readonly, limited and rotated_old read business A; other_business reads B', async () => {
    const a = await sb.client('owner').call('business.get', {});
    for (const k of ['readonly', 'limited', 'rotated_old'] as const) {
      expect((await sb.client(k).call('business.get', {})).data.id).toBe(a.data.id);
    }
    const b = await sb.client('other_business').call('business.get', {});
    expect(b.data.id).not.toBe(a.data.id);
  });

  it.each([
    ['expired', 401, 'expired_api_key'],
    ['revoked', 401, 'revoked_api_key'],
    ['ip_restricted', 403, 'ip_not_allowed'],
    ['inactive', 403, 'api_access_inactive'],
    ['live', 401, 'invalid_api_key'],
    ['rotated_stale', 401, 'invalid_api_key'],
  ] as const)('%s gets %i %s', async (key, status, code) => {
    const e = await apiError(sb.client(key).call('business.get', {}));
    expect([e.status, e.code]).toEqual([status, code]);
    expect(e.request_id).toMatch(/^req_/);
  });

  it('readonly cannot write; limited reads only business and customers, and the message names the resource', async () => {
    const w = await sb.raw('readonly', 'POST', '/tags', { body: { name: 'x' } });
    expect([w.status, errorCode(w)]).toEqual([403, 'insufficient_permission']);
    expect((await sb.client('limited').call('customers.list', { query: { limit: 1 } })).data).toHaveLength(1);
    const e = await sb.raw('limited', 'GET', '/suppliers');
    expect([e.status, errorCode(e)]).toEqual([403, 'insufficient_permission']);
    expect((e.json.error as { message: string }).message).toContain('suppliers');
  });
});

describe('Authorization header parsing', () => {
  it.each([
    ['no header', null, 'missing_api_key'],
    ['lower-case scheme', 'bearer KEY', 'invalid_api_key'],
    ['two spaces', 'Bearer  KEY', 'invalid_api_key'],
    ['space inside the key', 'Bearer KEY x', 'invalid_api_key'],
    ['Basic scheme', 'Basic KEY', 'invalid_api_key'],
    ['wrong secret', 'Bearer WRONG', 'invalid_api_key'],
    ['unknown public id', 'Bearer bo_test_000000000000_abcdefghijklmnopqrstuvwxyz012345', 'invalid_api_key'],
  ])('%s -> 401 %s', async (_label, header, code) => {
    const owner = sb.keys.owner;
    const wrong = owner.slice(0, -4) + (owner.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const h = header?.replace('WRONG', wrong).replace('KEY', owner);
    const r = await fetch(`${sb.baseUrl}/business`, h ? { headers: { Authorization: h } } : {});
    const body = (await r.json()) as { error: { code: string; type: string }; request_id: string };
    expect([r.status, body.error.code, body.error.type]).toEqual([401, code, 'authentication_error']);
    expect(r.headers.get('x-request-id')).toBe(body.request_id);
  });

  it('checks keys before routes: a bad key on an unknown route is 401, an inactive business is 403', async () => {
    expect(errorCode(await sb.raw('revoked', 'GET', '/no-such-route'))).toBe('revoked_api_key');
    expect(errorCode(await sb.raw('inactive', 'GET', '/no-such-route'))).toBe('api_access_inactive');
    expect(errorCode(await sb.raw('owner', 'GET', '/no-such-route'))).toBe('resource_not_found');
  });
});

describe('permission matrix', () => {
  const limitedHas = new Set(['business:read', 'customers:read']);
  it('every route refuses the limited key unless it holds all the route permissions', async () => {
    const refused: string[] = [];
    const served: string[] = [];
    for (const id of ROUTE_IDS) {
      const r = ROUTES[id];
      const allowed = r.permissions.every((p) => limitedHas.has(p));
      const res = await sb.raw('limited', r.method, pathFor(id), r.method === 'GET' ? {} : { body: {} });
      if (allowed) { expect(res.status, id).not.toBe(403); served.push(id); }
      else {
        expect([res.status, errorCode(res)], id).toEqual([403, 'insufficient_permission']);
        refused.push(id);
      }
    }
    expect(served.sort()).toEqual(['bankAccounts.list', 'business.get', 'customers.details', 'customers.get', 'customers.list', 'salesAgents.list']);
    expect(refused.length).toBe(ROUTE_IDS.length - served.length);
  });

  it('every write route refuses the readonly key', async () => {
    const writes = ROUTE_IDS.filter((id) => ROUTES[id].method !== 'GET');
    expect(writes.length).toBeGreaterThan(40);
    for (const id of writes) {
      const res = await sb.raw('readonly', ROUTES[id].method, pathFor(id), { body: {} });
      expect([res.status, errorCode(res)], id).toEqual([403, 'insufficient_permission']);
    }
  });
});

describe('business scoping', () => {
  it("another business's ids answer exactly like missing ones (404)", async () => {
    const bCustomer = (await sb.client('other_business').call('customers.list', { query: { limit: 1 } })).data[0]!;
    const bDoc = (await sb.client('other_business').call('documents.list', { query: { limit: 1 } })).data[0]!;
    for (const [method, path, body] of [
      ['GET', `/customers/${bCustomer.id}`, undefined],
      ['GET', `/customers/${bCustomer.id}/details`, undefined],
      ['PATCH', `/customers/${bCustomer.id}`, { name: 'Stolen' }],
      ['DELETE', `/customers/${bCustomer.id}`, undefined],
      ['GET', `/documents/${bDoc.id}`, undefined],
      ['GET', `/documents/${bDoc.id}/pdf`, undefined],
      ['POST', `/documents/${bDoc.id}/close`, undefined],
    ] as const) {
      const foreign = await sb.raw('owner', method, path, body ? { body } : {});
      const missing = await sb.raw('owner', method, path.replace(/[0-9a-f-]{36}/, randomUUID()), body ? { body } : {});
      expect([foreign.status, errorCode(foreign)], path).toEqual([404, 'resource_not_found']);
      expect((foreign.json.error as object)).toEqual(missing.json.error);
    }
    const still = await sb.client('other_business').call('customers.get', { params: { id: bCustomer.id } });
    expect(still.data.name).toBe(bCustomer.name);
  });
});
