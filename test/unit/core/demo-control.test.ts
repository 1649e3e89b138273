import { describe, expect, it } from 'vitest';
import type { ProfileMeta } from '../../../shared';
import { demoControlUrl } from '../../../electron/core/demo-control';
import { FixedDemoHost } from '../../harness/memory-host';
import { TEST_KEY, TEST_KEY_2, makeCore, newProfile } from './fixtures';

const DRAFT = '0b8f6a52-3f0e-4c8e-9d43-6f1f2a7c9001';
const LEAD = {
  id: '0b8f6a52-3f0e-4c8e-9d43-6f1f2a7c9002', object: 'lead', name: 'Galil Bakery', contact_name: null, email: null, phone: null, address: null,
  source: null, status: 'new', owner: null, converted_customer_id: null, created_at: '2026-01-31T09:15:00.000Z', updated_at: '2026-01-31T09:15:00.000Z',
  activities: [], tasks: [], products_of_interest: [], note: null, loss_reason: null,
};

type Sent = { url: string; method: string; headers: Record<string, string> };
/** A fetch that records what main sent and answers as scripted. */
function fakeFetch(answer: () => Response): { fetch: typeof fetch; sent: Sent[] } {
  const sent: Sent[] = [];
  const f = (async (input: URL | string, init?: RequestInit) => {
    sent.push({ url: String(input), method: init?.method ?? 'GET', headers: Object.fromEntries(new Headers(init?.headers).entries()) });
    return answer();
  }) as typeof fetch;
  return { fetch: f, sent };
}
const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
const ok = <T>(r: { ok: boolean; data?: unknown; error?: unknown }): T => {
  if (!r.ok) throw new Error(`expected success, got ${JSON.stringify(r.error)}`);
  return r.data as T;
};

describe('demo.completeLeadDraft: the application\'s part of a lead intake, for the demo only', () => {
  it('posts to the running demo sandbox\'s control route with the demo profile\'s key and returns the new lead', async () => {
    const f = fakeFetch(() => json(201, { data: LEAD, request_id: 'req_1' }));
    const t = makeCore({ fetch: f.fetch });
    ok(await t.call('demo.start', {}));
    const r = ok<{ lead: { id: string; name: string } }>(await t.call('demo.completeLeadDraft', { draft_id: DRAFT }));
    expect(r.lead).toMatchObject({ id: LEAD.id, name: 'Galil Bakery' });
    expect(f.sent).toEqual([{ url: `http://127.0.0.1:45678/_sandbox/lead-drafts/${DRAFT}/complete`, method: 'POST', headers: { authorization: `Bearer ${TEST_KEY_2}`, accept: 'application/json' } }]);
  });

  it('is refused for any other profile, before anything is sent', async () => {
    const f = fakeFetch(() => json(201, { data: LEAD }));
    const t = makeCore({ fetch: f.fetch });
    const other = ok<ProfileMeta>(await t.call('profiles.add', newProfile()));
    ok(await t.call('profiles.activate', { id: other.id }));
    const r = await t.call('demo.completeLeadDraft', { draft_id: DRAFT });
    expect(r.ok ? null : r.error).toMatchObject({ kind: 'invalid_request', code: 'not_demo_profile' });
    // A loopback profile on the demo's own address is still not the demo profile.
    const local = ok<ProfileMeta>(await t.call('profiles.add', newProfile(TEST_KEY, { name: 'Local', base_url: 'http://127.0.0.1:45678/v1' })));
    ok(await t.call('profiles.activate', { id: local.id }));
    const again = await t.call('demo.completeLeadDraft', { draft_id: DRAFT });
    expect(again.ok ? null : again.error).toMatchObject({ kind: 'invalid_request', code: 'not_demo_profile' });
    expect(f.sent).toEqual([]);
  });

  it('takes a UUID only: a path or a URL in its place is refused by the bridge contract', async () => {
    const f = fakeFetch(() => json(201, { data: LEAD }));
    const t = makeCore({ fetch: f.fetch });
    ok(await t.call('demo.start', {}));
    for (const draft_id of ['../reset', `${DRAFT}/../../reset`, 'https://evil.example/', '']) {
      const r = await t.call('demo.completeLeadDraft', { draft_id });
      expect(r.ok ? null : r.error.kind, draft_id).toBe('invalid_input');
    }
    // Bridge inputs are strict: an address smuggled beside the id is refused, and nothing is sent.
    const extra = await t.call('demo.completeLeadDraft', { draft_id: DRAFT, url: 'https://evil.example/' });
    expect(extra.ok ? null : extra.error.kind).toBe('invalid_input');
    expect(f.sent).toEqual([]);
    ok(await t.call('demo.completeLeadDraft', { draft_id: DRAFT }));
    expect(f.sent.map((s) => s.url)).toEqual([`http://127.0.0.1:45678/_sandbox/lead-drafts/${DRAFT}/complete`]);
  });

  it('passes the sandbox\'s refusal on with its status, code and request id, and never the key', async () => {
    const f = fakeFetch(() => json(404, { error: { type: 'not_found_error', code: 'resource_not_found', message: `No lead draft for ${TEST_KEY_2}` }, request_id: 'req_404' }));
    const t = makeCore({ fetch: f.fetch });
    ok(await t.call('demo.start', {}));
    const r = await t.call('demo.completeLeadDraft', { draft_id: DRAFT });
    expect(r.ok ? null : r.error).toMatchObject({ kind: 'api', status: 404, code: 'resource_not_found', request_id: 'req_404' });
    expect(JSON.stringify(r)).not.toContain(TEST_KEY_2);
  });

  it('says so when the demo data does not answer, or answers without a lead', async () => {
    const down = makeCore({ fetch: (async () => { throw new TypeError('fetch failed'); }) as typeof fetch });
    ok(await down.call('demo.start', {}));
    const r = await down.call('demo.completeLeadDraft', { draft_id: DRAFT });
    expect(r.ok ? null : r.error.kind).toBe('network');
    const odd = makeCore({ fetch: fakeFetch(() => json(201, { data: { id: 'not a lead' } }, { 'X-Request-ID': 'req_odd' })).fetch });
    ok(await odd.call('demo.start', {}));
    const r2 = await odd.call('demo.completeLeadDraft', { draft_id: DRAFT });
    expect(r2.ok ? null : r2.error).toMatchObject({ kind: 'invalid_response', request_id: 'req_odd' });
  });
});

describe('demoControlUrl: only the demo profile, only on the demo sandbox running now', () => {
  const demo = (base_url: string, is_demo = true): ProfileMeta => ({
    id: 'p', name: 'Demo', environment: 'test', base_url, key_last4: '7654', status: 'ok', status_code: null, business_name: null, permissions_known: [], is_demo, session_only: false,
  });
  const origin = new FixedDemoHost('http://127.0.0.1:45678/v1', TEST_KEY).origin();

  it('builds the control address on the demo\'s origin', () => {
    expect(demoControlUrl(demo('http://127.0.0.1:45678/v1'), origin, '/_sandbox/lead-drafts/x/complete').href).toBe('http://127.0.0.1:45678/_sandbox/lead-drafts/x/complete');
  });

  it('refuses a profile that is not the demo, a sandbox that is not running, another port or host, and credentials in the address', () => {
    for (const [profile, o] of [
      [demo('http://127.0.0.1:45678/v1', false), origin],
      [demo('http://127.0.0.1:45678/v1'), null],
      [demo('http://127.0.0.1:45679/v1'), origin],
      [demo('https://api.example.test/v1'), origin],
      [demo('http://user:pw@127.0.0.1:45678/v1'), origin],
      [demo('not a url'), origin],
    ] as const) {
      expect(() => demoControlUrl(profile, o, '/_sandbox/lead-drafts/x/complete'), profile.base_url).toThrow(/Only the demo profile/);
    }
  });
});
