import { expect } from 'vitest';
import { ApiClient, type ListRouteId } from '../../../electron/client';
import { createCore, isAppUrl, type Core } from '../../../electron/core';
import { startSandbox, type KeyName, type RunningSandbox, type SandboxOptions } from '../../../electron/sandbox';
import { LOCAL_AREAS, type BridgeResult, type LocalQueryOutput, type ProfileMeta } from '../../../shared';
import { FixedDemoHost, MemoryHost, MemoryLogger, MemoryStore, MemoryVault } from '../../harness/memory-host';
import { MemoryLocalHost } from '../../harness/local-host';
import { sourceEngine } from '../../harness/engine-bundle';

/** The app's core with its local copy on, against a sandbox, with a profile on one key. */
export interface LocalStack {
  sandbox: RunningSandbox;
  core: Core;
  profile: ProfileMeta;
  localHost: MemoryLocalHost;
  store: MemoryStore;
  vault: MemoryVault;
  log: MemoryLogger;
  /** Paths of the requests the core sent, in order. */
  sent: string[];
  /** The engine threads' starts and ends, in order ('start 0', 'end 0', ...: each thread by its start's number). */
  engines: string[];
  invoke(operation: string, input: unknown): Promise<BridgeResult<unknown>>;
  close(): Promise<void>;
}

let n = 0;
export const APP_PAGE = 'app://bizops/index.html';

export interface StackOptions {
  key?: KeyName;
  sandbox?: SandboxOptions;
  /** Run on this sandbox (left running at close). */
  keep?: RunningSandbox;
  localHost?: MemoryLocalHost;
  sessionOnly?: boolean;
  /** The settings store and vault of an earlier stack: its profile is used again (an app restart). */
  state?: { store: MemoryStore; vault: MemoryVault };
  /** The network the core's requests go through (the real one by default). */
  fetch?: typeof fetch;
  /** The copy's cycle interval (an hour by default: cycles only when a test asks for them). */
  syncIntervalMs?: number;
  /** The copy's elapsed-time clock. */
  monotonic?: () => number;
  /** A fill's pages fetched on the engine's thread, past `fetch` (CoreDeps.pagesOnEngine). */
  pagesOnEngine?: boolean;
}

export async function localStack(o: StackOptions = {}): Promise<LocalStack> {
  const sandbox = o.keep ?? (await startSandbox({ host: '127.0.0.1', port: 0, rateLimit: 0, ...o.sandbox }));
  const localHost = o.localHost ?? new MemoryLocalHost();
  const store = o.state?.store ?? new MemoryStore();
  const vault = o.state?.vault ?? new MemoryVault('os');
  const log = new MemoryLogger();
  const sent: string[] = [];
  const engines: string[] = [];
  const fetchCounted: typeof fetch = (input, init) => {
    sent.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
    return (o.fetch ?? globalThis.fetch)(input, init);
  };
  const core = createCore({
    fetch: fetchCounted,
    vault, store, host: new MemoryHost(), log, localHost,
    demo: new FixedDemoHost(sandbox.baseUrl, sandbox.keys.owner), isAllowedSender: isAppUrl,
    // Cycles only when a test asks for them, unless it sets its own interval.
    syncIntervalMs: o.syncIntervalMs ?? 3_600_000,
    ...(o.monotonic ? { monotonic: o.monotonic } : {}),
    engine: async () => {
      const n = engines.filter((e) => e.startsWith('start')).length;
      engines.push(`start ${n}`);
      const worker = await sourceEngine();
      worker.once('exit', () => { engines.push(`end ${n}`); });
      return worker;
    },
    ...(o.pagesOnEngine ? { pagesOnEngine: true } : {}),
  });
  const invoke = (operation: string, input: unknown) => core.router.handle(APP_PAGE, `local-${++n}`, operation, input);
  const key = o.key ?? 'owner';
  let profile = core.profiles.active();
  if (!profile) {
    const added = await invoke('profiles.add', { name: `Sandbox (${key})`, environment: 'test', base_url: sandbox.baseUrl, key: { source: 'typed', key: sandbox.keys[key] }, session_only: o.sessionOnly ?? false });
    if (!added.ok) throw new Error(added.error.message);
    profile = added.data as ProfileMeta;
    const act = await invoke('profiles.activate', { id: profile.id });
    if (!act.ok) throw new Error(act.error.message);
  }
  return {
    sandbox, core, profile, localHost, store, vault, log, sent, engines, invoke,
    close: async () => {
      await core.shutdown();
      if (!o.keep) await sandbox.close();
      if (!o.localHost) localHost.dispose();
    },
  };
}

/** Every record of an area's list as the API answers it now. */
export async function apiList(sandbox: RunningSandbox, key: KeyName, area: string): Promise<Record<string, unknown>[]> {
  const client = new ApiClient({ baseUrl: sandbox.baseUrl, apiKey: sandbox.keys[key], gate: false });
  const out: Record<string, unknown>[] = [];
  for await (const page of client.pagesUnknown(LOCAL_AREAS[area]!.list as ListRouteId, { query: { limit: 100 } })) out.push(...(page.data as Record<string, unknown>[]));
  return out;
}

/**
 * Every record the copy holds for an area (through local.query, as the screens read it), page after
 * page until the copy's own total: a row it returned twice stays in the list, so the caller can see it.
 */
export async function copyList(stack: LocalStack, area: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let offset = 0; ; offset += 500) {
    const r = await stack.invoke('local.query', { area, page: { offset, limit: 500 } });
    if (!r.ok) throw new Error(r.error.message);
    const d = r.data as LocalQueryOutput;
    out.push(...d.rows);
    if (d.rows.length < 500 || offset + 500 >= d.total) {
      expect(out.length, `${area}: rows read against the copy's own total`).toBe(d.total);
      return out;
    }
  }
}

const idOf = (r: Record<string, unknown>) => String(r.id);
const twice = (rows: Record<string, unknown>[]) => {
  const seen = new Set<string>();
  return rows.map(idOf).filter((id) => seen.has(id) || !seen.add(id));
};

/**
 * The copy holds exactly what the API lists: as many rows, none of them twice, and each record equal
 * to the API's field for field (a stale amount of the same length is a difference). Compared in id
 * order: the copy's default order is its own.
 */
export function expectSameRecords(copy: Record<string, unknown>[], api: Record<string, unknown>[], label: string): void {
  expect(twice(api), `${label}: the API listed these twice`).toEqual([]);
  expect(twice(copy), `${label}: the copy returned these twice`).toEqual([]);
  expect(copy.length, `${label}: rows in the copy against the API's`).toBe(api.length);
  const byId = (rows: Record<string, unknown>[]) => [...rows].sort((a, b) => (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0));
  expect(byId(copy), label).toStrictEqual(byId(api));
}
