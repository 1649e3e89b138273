import { describe, expect, it } from 'vitest';
import { BASE_URL_REFUSED, type ProfileMeta } from '../../shared';
import { ApiClient, ApiError } from '../../electron/client';
import { MemoryStore, MemoryVault } from '../harness/memory-host';
import { business } from '../unit/contract/samples';
import { TEST_KEY } from '../unit/core/fixtures';
import { bridgeStack, okData } from './bridge-stack';

/**
 * Issue 20, finding 2: the https-only rule (loopback excepted) was checked only in the bridge
 * contract, so a profile saved by an older build, or edited on disk, with an http:// address sent
 * `Authorization: Bearer <key>` in cleartext. The client refuses such an address itself, and
 * profiles are checked as they load: shown as needing a new address, never used.
 */

const OLD_PROFILE: ProfileMeta = {
  id: 'old-build-profile', name: 'Saved by an older build', environment: 'test', base_url: 'http://api.example.com/v1', key_last4: TEST_KEY.slice(-4),
  status: 'ok', status_code: null, business_name: 'Acme', permissions_known: ['customers:read'], is_demo: false, session_only: false,
};

/** A fetch that records what would have left the machine, and answers like a server would. */
function recordingFetch() {
  const sent: { url: string; authorization: string | null }[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    sent.push({ url: String(input), authorization: new Headers(init?.headers).get('authorization') });
    return new Response(JSON.stringify({ data: business, request_id: 'req_1' }), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { sent, fetchImpl };
}

describe('finding 2: no key over plain http', () => {
  it('the client itself refuses an http:// address off this machine, before anything is sent', async () => {
    const { sent, fetchImpl } = recordingFetch();
    for (const baseUrl of ['http://api.example.com/v1', 'http://10.0.0.5/v1', 'HTTP://API.EXAMPLE.COM/v1', 'http://127.0.0.1.example.com/v1']) {
      let thrown: unknown;
      try {
        new ApiClient({ baseUrl, apiKey: TEST_KEY, fetch: fetchImpl });
      } catch (e) {
        thrown = e;
      }
      expect(thrown, baseUrl).toBeInstanceOf(ApiError);
      expect((thrown as ApiError).code, baseUrl).toBe(BASE_URL_REFUSED);
    }
    expect(sent).toEqual([]);
    // https anywhere, and plain http on this machine (the demo sandbox), stay usable.
    for (const baseUrl of ['https://api.example.com/v1', 'http://127.0.0.1:4010/v1', 'http://localhost:4010/v1/', 'http://[::1]:4010/v1']) {
      await new ApiClient({ baseUrl, apiKey: TEST_KEY, fetch: fetchImpl, retry: { maxRetries: 0 } }).call('business.get', {});
    }
    expect(sent.map((s) => new URL(s.url).protocol)).toEqual(['https:', 'http:', 'http:', 'http:']);
  });

  it('a saved http:// profile loads as needing a new address, and no call or test sends its key', async () => {
    const store = new MemoryStore();
    const vault = new MemoryVault();
    store.set('profiles', [OLD_PROFILE]);
    store.set('active_profile_id', OLD_PROFILE.id);
    vault.store(OLD_PROFILE.id, TEST_KEY);
    const { sent, fetchImpl } = recordingFetch();
    const s = bridgeStack({ store, vault, fetch: fetchImpl, clientFactory: (o) => new ApiClient(o) });

    const listed = okData<{ profiles: ProfileMeta[] }>(await s.invoke('profiles.list', {})).profiles;
    expect(listed).toEqual([{ ...OLD_PROFILE, status: 'error', status_code: BASE_URL_REFUSED }]);
    for (const [operation, input] of [['api.call', { route: 'customers.list', query: { limit: 5 } }], ['profiles.test', { id: OLD_PROFILE.id }], ['pdf.open', { document_id: '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b', target: 'window' }]] as const) {
      const r = await s.invoke(operation, input);
      expect(r, operation).toMatchObject({ ok: false, error: { kind: 'invalid_request', code: BASE_URL_REFUSED } });
    }
    expect(sent).toEqual([]);
    // A rename (which rewrites the saved list) does not make it usable again.
    okData(await s.invoke('profiles.rename', { id: OLD_PROFILE.id, name: 'Renamed' }));
    expect(await s.invoke('api.call', { route: 'business.get' })).toMatchObject({ ok: false, error: { code: BASE_URL_REFUSED } });
    expect(sent).toEqual([]);
  });
});
