import { ApiClient } from '../../electron/client';
import { createCore, isAppUrl, type Core } from '../../electron/core';
import { startSandbox, type Fault, type KeyName, type RunningSandbox, type SandboxOptions } from '../../electron/sandbox';
import type { BridgeResult, ProfileMeta } from '../../shared';
import { FixedDemoHost, MemoryHost, MemoryLogger, MemoryStore, MemoryVault } from '../harness/memory-host';

/** Seeded PRNG (mulberry32) so a failing run can be replayed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const APP_PAGE = 'app://bizops/index.html';

/** What the client did on the wire: attempts by answer, and the waits it asked for between them. */
export class WireLog {
  attempts = 0;
  readonly answers = new Map<string, number>();
  readonly waitsMs: number[] = [];
  count(status: number | null): void {
    this.attempts++;
    const k = status === null ? 'no answer' : String(status);
    this.answers.set(k, (this.answers.get(k) ?? 0) + 1);
  }
}

/** One copy of the app's main process: the core with the real client, its own profile and key. */
export interface AppCore {
  core: Core;
  profile: ProfileMeta;
  wire: WireLog;
  /** A bridge call, as the renderer makes it (window.bridge.invoke). */
  invoke(operation: string, input: unknown): Promise<BridgeResult<unknown>>;
}

let calls = 0;

/**
 * The app's core on the real client against `sandbox`, with a profile on `key`. The client's waits
 * between attempts are recorded and then skipped (`sleep`), so a soak of hundreds of writes with
 * 5-second Retry-Afters runs in seconds; everything else is real: retries, keys, timeouts.
 */
export async function appCore(sandbox: RunningSandbox, key: KeyName, seed: number): Promise<AppCore> {
  const wire = new WireLog();
  const jitter = prng(seed);
  const core = createCore({
    vault: new MemoryVault('os'), store: new MemoryStore(), host: new MemoryHost(), log: new MemoryLogger(),
    demo: new FixedDemoHost(sandbox.baseUrl, sandbox.keys.owner),
    isAllowedSender: isAppUrl,
    clientFactory: (o) => new ApiClient({
      ...o, random: jitter,
      sleep: async (ms) => { wire.waitsMs.push(ms); await new Promise((r) => setImmediate(r)); },
      onEvent: (e) => wire.count(e.status),
    }),
  });
  const invoke = (operation: string, input: unknown) => core.router.handle(APP_PAGE, `rel-${++calls}`, operation, input);
  const added = await invoke('profiles.add', { name: `Sandbox (${key})`, environment: 'test', base_url: sandbox.baseUrl, key: { source: 'typed', key: sandbox.keys[key] }, session_only: true });
  if (!added.ok) throw new Error(`profile: ${added.error.message}`);
  const profile = added.data as ProfileMeta;
  const active = await invoke('profiles.activate', { id: profile.id });
  if (!active.ok) throw new Error(`activate: ${active.error.message}`);
  return { core, profile, wire, invoke };
}

export type FaultCounts = Partial<Record<Exclude<Fault, 'none'>, number>>;

/** A sandbox on loopback whose faults are seeded and counted (the network is set by the caller). */
export async function countedSandbox(seed: number, extra: SandboxOptions = {}): Promise<{ sandbox: RunningSandbox; faults: FaultCounts }> {
  const faults: FaultCounts = {};
  const sandbox = await startSandbox({
    host: '127.0.0.1', port: 0, rateLimit: 0, random: prng(seed),
    onFault: (f) => { faults[f] = (faults[f] ?? 0) + 1; },
    ...extra,
  });
  return { sandbox, faults };
}

/** The data of a successful api.call reply (throws with the error otherwise). */
export function dataOf<T = Record<string, unknown>>(r: BridgeResult<unknown>): T {
  if (!r.ok) throw new Error(`${r.error.kind} ${r.error.status ?? ''} ${r.error.code ?? ''}: ${r.error.message}`);
  return (r.data as { data: T }).data;
}
