import type { RouteId, VAULT_BACKENDS } from '../../../shared';
import { createCore, type Core, type LocalCopyHost } from '../../../electron/core';
import type { CallInput, CallOptions, CallResult, ClientFactory, RouteCaller } from '../../../electron/core/api-session';
import { sourceEngine } from '../../harness/engine-bundle';
import { FixedDemoHost, MemoryHost, MemoryLogger, MemoryStore, MemoryVault } from '../../harness/memory-host';
import type { CallResult as ClientCallResult, WriteProbe } from '../../../electron/client';
import { walkPages } from '../../../electron/client/pagination';

export const APP_PAGE = 'app://bizops/index.html';
export const TEST_KEY = 'bo_test_0123456789ab_AbCdEfGhIjKlMnOpQrStUvWxYz012345';
export const TEST_KEY_2 = 'bo_test_ba9876543210_ZyXwVuTsRqPoNmLkJiHgFeDcBa987654';
export const LIVE_KEY = 'bo_live_0123456789ab_AbCdEfGhIjKlMnOpQrStUvWxYz012345';
export const BASE_URL = 'https://api.example.test/v1';

export type FakeRoute = (input: CallInput, options: CallOptions) => Promise<CallResult> | CallResult;

/** A client whose answers the test scripts per route; records every call and the key it was built with. */
export class FakeApi {
  readonly calls: { routeId: RouteId; input: CallInput; apiKey: string }[] = [];
  readonly builtWith: { baseUrl: string; apiKey: string }[] = [];
  routes: Partial<Record<RouteId, FakeRoute>> = {};
  /** What each write probe finds (default: the key may write). */
  probes: Partial<Record<RouteId, WriteProbe>> = {};
  readonly probed: { routeId: RouteId; apiKey: string }[] = [];
  readonly factory: ClientFactory = ({ baseUrl, apiKey }) => {
    this.builtWith.push({ baseUrl, apiKey });
    const callUnknown: RouteCaller['callUnknown'] = async (routeId, input, options = {}) => {
      this.calls.push({ routeId, input, apiKey });
      const handler = this.routes[routeId];
      if (!handler) return { data: {}, request_id: 'req_default' };
      const r = await handler(input, options);
      // As the client hands over a page read later (the copy's engine reads it): the answer's bytes.
      if (!options.readLater) return r;
      const text = JSON.stringify({ data: r.data, ...(r.page ? { page: r.page } : {}), request_id: r.request_id });
      return { data: null, request_id: r.request_id, status: 200, unread: { status: 200, body: new TextEncoder().encode(text).buffer, headers: [] } };
    };
    const client: RouteCaller = {
      callUnknown,
      // The client's own page walk over the scripted answers.
      pagesUnknown: (routeId, input, options = {}) => walkPages(
        async (cursor) => ({ status: 200, ...(await callUnknown(routeId, { ...input, query: { ...input.query, ...(cursor ? { cursor } : {}) } }, options)) }) as ClientCallResult<unknown[]>,
        undefined, options.signal,
      ),
      probeWrite: async (routeId) => {
        this.probed.push({ routeId, apiKey });
        return this.probes[routeId] ?? 'granted';
      },
    };
    return client;
  };
}

export interface TestCore {
  core: Core;
  vault: MemoryVault;
  store: MemoryStore;
  host: MemoryHost;
  log: MemoryLogger;
  api: FakeApi;
  demo: FixedDemoHost;
  call(operation: unknown, input: unknown, callId?: string): ReturnType<Core['router']['handle']>;
}

let seq = 0;
export function makeCore(opts: { backend?: (typeof VAULT_BACKENDS)[number]; fetch?: typeof fetch; store?: MemoryStore; vault?: MemoryVault; demo?: FixedDemoHost; isAllowedSender?: (url: string) => boolean; clientFactory?: ClientFactory; localHost?: LocalCopyHost } = {}): TestCore {
  const vault = opts.vault ?? new MemoryVault(opts.backend ?? 'os');
  const store = opts.store ?? new MemoryStore();
  const host = new MemoryHost();
  const log = new MemoryLogger();
  const api = new FakeApi();
  const demo = opts.demo ?? new FixedDemoHost('http://127.0.0.1:45678/v1', TEST_KEY_2);
  const core = createCore({ vault, store, host, demo, log, clientFactory: opts.clientFactory ?? api.factory, ...(opts.fetch ? { fetch: opts.fetch } : {}), ...(opts.isAllowedSender ? { isAllowedSender: opts.isAllowedSender } : {}),
    // A local copy refreshed only when a test asks (its cycle is an hour away).
    ...(opts.localHost ? { localHost: opts.localHost, engine: sourceEngine, syncIntervalMs: 3_600_000 } : {}) });
  return {
    core, vault, store, host, log, api, demo,
    call: (operation, input, callId = `call-${++seq}`) => core.router.handle(APP_PAGE, callId, operation, input),
  };
}

export const typedKey = (key: string) => ({ source: 'typed' as const, key });
export const newProfile = (key = TEST_KEY, extra: Record<string, unknown> = {}) => ({
  name: 'Acme', environment: 'test', base_url: BASE_URL, key: typedKey(key), session_only: false, ...extra,
});
