import { ScriptedFaults } from '../../../electron/sandbox/http/limits';
import { describe, expect, it } from 'vitest';
import type { Permission } from '../../../shared';
import { bearerToken } from '../../../electron/sandbox/auth';
import { SandboxError } from '../../../electron/sandbox/errors';
import { CursorCodec } from '../../../electron/sandbox/http/cursor';
import { dispatch, type Services } from '../../../electron/sandbox/http/dispatch';
import { IP_RESTRICTED_ALLOWLIST, buildKeyRing, type KeyName, type KeyRecord } from '../../../electron/sandbox/keys';
import { PdfLinks } from '../../../electron/sandbox/pdf-links';
import { buildDemoData } from '../../../electron/sandbox/seed';
import { stateFromDemo } from '../../../electron/sandbox/store/state';

/** Spec 5.11 order of checks with keys that fail several checks at once (no named key does). */
const state = stateFromDemo(1, buildDemoData(1));
const ring = buildKeyRing(1, Date.now());
const services: Services = { faults: new ScriptedFaults(), state: () => state, ring, codec: new CursorCodec('x'), pdfLinks: new PdfLinks(), clock: () => new Date() };
const record = (name: KeyName) => [...ring.records.values()].find((r) => r.name === name)! as { -readonly [K in keyof KeyRecord]: KeyRecord[K] };

async function code(name: KeyName, method: string, path: string, body?: unknown): Promise<string> {
  try {
    await dispatch(services, {
      method, path, search: new URLSearchParams(), authorization: `Bearer ${ring.keys[name]}`, idempotencyKey: undefined,
      address: '127.0.0.1', bodyText: body === undefined ? '' : JSON.stringify(body), contentType: 'application/json',
    });
    return 'ok';
  } catch (e) {
    if (e instanceof SandboxError) return e.code;
    throw e;
  }
}

describe('order of checks: key validity, subscription, IP restriction, permission', () => {
  it('an expired key on a route it lacks the permission for is 401 expired_api_key, not 403', async () => {
    record('expired').permissions = new Set<Permission>(['business:read']);
    expect(await code('expired', 'GET', '/tasks')).toBe('expired_api_key');
  });

  it('a revoked key with an allowlist that refuses the caller is 401 revoked_api_key', async () => {
    record('revoked').allowlist = [...IP_RESTRICTED_ALLOWLIST];
    expect(await code('revoked', 'GET', '/business')).toBe('revoked_api_key');
  });

  it('an inactive subscription comes before the IP restriction and the permission', async () => {
    const inactive = record('inactive');
    inactive.allowlist = [...IP_RESTRICTED_ALLOWLIST];
    inactive.permissions = new Set<Permission>(['business:read']);
    expect(await code('inactive', 'GET', '/tasks')).toBe('api_access_inactive');
  });

  it('the IP restriction comes before the permission, and before route lookup and input checks', async () => {
    const ip = record('ip_restricted');
    ip.permissions = new Set<Permission>(['business:read']);
    expect(await code('ip_restricted', 'GET', '/tasks')).toBe('ip_not_allowed');
    expect(await code('ip_restricted', 'GET', '/no-such-route')).toBe('ip_not_allowed');
    expect(await code('ip_restricted', 'GET', '/customers/not-a-uuid')).toBe('ip_not_allowed');
  });

  it('the permission comes before path ids, query and body checks', async () => {
    const limited = 'limited';
    expect(await code(limited, 'GET', '/tasks/not-a-uuid')).toBe('insufficient_permission');
    expect(await code(limited, 'POST', '/tags', { business_id: 'x' })).toBe('insufficient_permission');
  });

  it("a write's path ids are looked up after the permission and the UUID check, before the body", async () => {
    const foreign = state.businesses.B.tables.tags.values()[0]!.id;
    expect(await code('limited', 'PATCH', `/tags/${foreign}`, { name: 'x' })).toBe('insufficient_permission');
    expect(await code('owner', 'PATCH', '/tags/not-a-uuid', { business_id: 'x' })).toBe('invalid_filter');
    expect(await code('owner', 'PATCH', `/tags/${foreign}`, { business_id: 'x' })).toBe('resource_not_found');
    expect(await code('other_business', 'PATCH', `/tags/${foreign}`, { business_id: 'x' })).toBe('invalid_body');
  });
});

describe('Authorization header', () => {
  it('no header, an empty one or the bare scheme carry no key; anything else must be "Bearer <key>"', () => {
    for (const h of [undefined, '', '   ', 'Bearer', 'Bearer  ']) expect(bearerToken(h), JSON.stringify(h)).toBeUndefined();
    expect(bearerToken('Bearer abc')).toBe('abc');
    for (const h of ['bearer abc', 'BEARER abc', 'Bearer  abc', 'Bearer a b', 'Token abc', 'Bearerabc']) {
      expect(() => bearerToken(h), h).toThrow(SandboxError);
    }
  });
});

describe('lead deletion', () => {
  it('detaches soft-deleted tasks too, so kept history never points at a removed lead', async () => {
    const b = state.businesses.A;
    const lead = b.tables.leads.values().find((l) => !l.converted_customer_id)!;
    const task = b.tables.tasks.values()[0]!;
    b.tables.tasks.put({ ...task, lead_id: lead.id });
    b.tables.tasks.hide(task.id);
    expect(await code('owner', 'DELETE', `/leads/${lead.id}`)).toBe('ok');
    expect(b.tables.tasks.getAny(task.id)!.lead_id).toBeNull();
    expect(b.tables.tasks.isHidden(task.id)).toBe(true);
  });
});
