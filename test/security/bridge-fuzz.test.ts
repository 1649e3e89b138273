import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { API_CALL_LIMITS, IPC, LOCAL_AREA_KEYS, OPERATIONS, bridgeErrorSchema, type BridgeResult, type LocalQueryOutput, type LocalStatus, type OperationName } from '../../shared';
import { ApiClient } from '../../electron/client';
import { prepareRequest } from '../../electron/client/request';
import { sourceEngine } from '../harness/engine-bundle';
import { createCore, isAppUrl, type Core } from '../../electron/core';
import { BridgeIpc, type IpcEventLike, type IpcMainLike } from '../../electron/main/ipc';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { FixedDemoHost, MemoryHost, MemoryLogger, MemoryStore, MemoryVault } from '../harness/memory-host';
import { MemoryLocalHost } from '../harness/local-host';
import { prng } from '../reliability/stack';
import { VALID, VALID_API_CALLS, deepNest, fuzzer, type FuzzCall } from './fuzz-inputs';

/**
 * Bridge fuzzing: thousands of malformed or hostile calls, each sent the way a compromised page
 * would send it: structured-cloned through ipcRenderer.invoke into the real BridgeIpc class and the
 * core's router, with a real client and sandbox behind it. Every call must be answered (no throw, no
 * crash) with a validation result, change nothing (profiles, settings, keys, clipboard, the local
 * copy's records and state, the sandbox: no request leaves), and the answer must stay small whatever
 * the input's size. The profile's local copy is on and filled, so local.* calls meet the copy's own
 * checks, not "the copy is off".
 */

const SEED = 20261114;
const ROUNDS = 12_000;
/** Every reply fits in this many characters of JSON, whatever the input's size. */
const MAX_REPLY = 8_192;
const APP_PAGE = 'app://bizops/index.html';
/** What a refusal may say: the input, the operation, the sender, or the route's contract (checked in the client, before sending). */
const REFUSALS = new Set(['invalid_input', 'unknown_operation', 'forbidden_sender', 'invalid_request']);

let sandbox: RunningSandbox;
let core: Core;
let host: MemoryHost;
let store: MemoryStore;
let vault: MemoryVault;
let localHost: MemoryLocalHost;
const requests: string[] = [];
const main = new Map<string, (event: IpcEventLike, ...args: unknown[]) => unknown>();
let profileId = '';

/** ipcRenderer.invoke as Electron does it: the payload is structured-cloned; what cannot be cloned never leaves the page. */
async function invokeOverIpc(sender: string | null, payload: unknown): Promise<{ transport: 'refused' } | { reply: BridgeResult<unknown> }> {
  let cloned: unknown;
  try {
    cloned = structuredClone(payload);
  } catch {
    return { transport: 'refused' };
  }
  const reply = await main.get(IPC.invoke)!({ senderFrame: sender === null ? null : { url: sender } }, cloned);
  return { reply: structuredClone(reply) as BridgeResult<unknown> };
}

/** The local copy as the app reads it: its state, and a digest of every record of every area. */
async function copyNow(): Promise<string> {
  const call = (op: string, input: unknown) => core.router.handle(APP_PAGE, `copy-${op}`, op, input);
  const status = await call('local.status', {});
  if (!status.ok) throw new Error(status.error.message);
  const digest = createHash('sha256');
  let rows = 0;
  for (const area of LOCAL_AREA_KEYS) {
    for (let offset = 0; ; offset += 500) {
      const r = await call('local.query', { area, page: { offset, limit: 500 } });
      if (!r.ok) throw new Error(`${area}: ${r.error.message}`);
      const page = (r.data as LocalQueryOutput).rows;
      for (const row of page) digest.update(JSON.stringify(row));
      rows += page.length;
      if (page.length < 500) break;
    }
  }
  const { areas, enabled, storage } = status.data as LocalStatus;
  return JSON.stringify({ enabled, storage, areas: areas.map((a) => [a.area, a.state]), rows, records: digest.digest('hex') });
}

const okReply = <T>(r: BridgeResult<unknown>): T => {
  if (!r.ok) throw new Error(`${r.error.kind} ${r.error.code ?? ''}: ${r.error.message}`);
  return r.data as T;
};

/** Everything the calls could change, as text. */
async function stateNow(): Promise<string> {
  return JSON.stringify({
    profiles: core.profiles.list(), store: store.dump(), vault: [...vault.stored], clipboard: host.clipboard,
    opened: host.opened.length, language: host.uiLanguage, keyQuestions: host.keyQuestions.length, copy: await copyNow(),
  });
}

beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0, rateLimit: 0 });
  host = new MemoryHost();
  store = new MemoryStore();
  vault = new MemoryVault('os');
  localHost = new MemoryLocalHost();
  const recording: typeof fetch = (input, init) => {
    requests.push(`${init?.method ?? 'GET'} ${String(input)}`);
    return fetch(input, init);
  };
  core = createCore({ vault, store, host, log: new MemoryLogger(), fetch: recording, clientFactory: (o) => new ApiClient({ ...o, retry: { maxRetries: 0 } }), demo: new FixedDemoHost(sandbox.baseUrl, sandbox.keys.owner),
    // The copy is filled once and then changes only when asked (its cycle is an hour away).
    localHost, engine: sourceEngine, syncIntervalMs: 3_600_000 });
  const ipc: IpcMainLike = { handle: (c, fn) => void main.set(c, fn), on: () => {}, removeHandler: () => {}, removeAllListeners: () => {} };
  new BridgeIpc(ipc, core.router, isAppUrl).register();
  // An active profile on the sandbox, so api.call inputs reach the client's own checks.
  const added = await core.router.handle(APP_PAGE, 'setup-add', 'profiles.add', { name: 'Owner', environment: 'test', base_url: sandbox.baseUrl, key: { source: 'typed', key: sandbox.keys.owner }, session_only: false });
  if (!added.ok) throw new Error(added.error.message);
  profileId = (added.data as { id: string }).id;
  await core.router.handle(APP_PAGE, 'setup-activate', 'profiles.activate', { id: profileId });
  await core.local.idle();
  host.clipboard = 'untouched';
  requests.length = 0;
}, 60_000);
afterAll(async () => {
  await core.shutdown();
  await sandbox.close();
  host.dispose();
  localHost.dispose();
});

describe('bridge fuzzing through the IPC class and the router', () => {
  it('the valid calls the fuzzer starts from are valid (so each mutation is what makes a call invalid)', () => {
    for (const [op, input] of Object.entries(VALID)) expect(OPERATIONS[op as OperationName].input.safeParse(input).success, op).toBe(true);
    for (const input of VALID_API_CALLS) {
      expect(OPERATIONS['api.call'].input.safeParse(input).success).toBe(true);
      const { route, ...rest } = input as { route: Parameters<typeof prepareRequest>[0] };
      expect(() => prepareRequest(route, rest), route).not.toThrow();
    }
  });

  it('the local copy is on and filled: the valid local reads the fuzzer starts from are answered from it', async () => {
    const status = okReply<LocalStatus>(await core.router.handle(APP_PAGE, 'on', 'local.status', {}));
    expect([status.enabled, status.storage]).toEqual([true, 'file']);
    for (const a of status.areas) expect(a.state, a.area).toBe('ready');
    expect(okReply<LocalQueryOutput>(await core.router.handle(APP_PAGE, 'q', 'local.query', VALID['local.query'])).total).toBeGreaterThan(0);
    expect(okReply<{ groups: unknown[] }>(await core.router.handle(APP_PAGE, 'a', 'local.aggregate', VALID['local.aggregate'])).groups.length).toBeGreaterThan(0);
    expect(okReply<{ results: unknown[] }>(await core.router.handle(APP_PAGE, 'm', 'local.readMany', VALID['local.readMany'])).results).toHaveLength(2);
    expect(requests).toEqual([]);
  });

  it(`${ROUNDS} hostile calls: each refused with a validation result, nothing changed, every reply small`, async () => {
    const g = fuzzer(prng(SEED), APP_PAGE);
    const before = await stateNow();
    const byCategory = new Map<string, number>();
    const byKind = new Map<string, number>();
    let refusedByTransport = 0;
    let largest = 0;
    const started = Date.now();
    for (let i = 0; i < ROUNDS; i++) {
      // IPC messages reach main as tasks of their own: timers and sockets get their turn between them
      // (without it a loop of settled promises holds the sandbox's idle-socket timers back to the end).
      if (i % 50 === 0) await new Promise((r) => setImmediate(r));
      const call: FuzzCall = g.next(i);
      byCategory.set(call.category, (byCategory.get(call.category) ?? 0) + 1);
      const sent = await invokeOverIpc(call.sender, { callId: call.callId, operation: call.operation, input: call.input });
      let reply: BridgeResult<unknown>;
      if ('transport' in sent) {
        // Electron would refuse it in the page; main must still survive it if it ever arrived.
        refusedByTransport++;
        reply = await core.router.handle(call.sender, call.callId, call.operation, call.input);
      } else {
        reply = sent.reply;
      }
      const size = JSON.stringify(reply).length;
      largest = Math.max(largest, size);
      const ctx = `round ${i} (${call.category}, ${String(call.operation).slice(0, 40)})`;
      expect(reply.ok, ctx).toBe(false);
      if (reply.ok) continue;
      expect(bridgeErrorSchema.safeParse(reply.error).success, ctx).toBe(true);
      expect(REFUSALS.has(reply.error.kind), `${ctx}: ${reply.error.kind} ${reply.error.message}`).toBe(true);
      // The copy is on: a local.* call is refused for what it asks, never because there is no copy.
      expect(reply.error.code, `${ctx}: ${reply.error.message}`).not.toBe('local_copy_off');
      expect(size, ctx).toBeLessThanOrEqual(MAX_REPLY);
      byKind.set(reply.error.kind, (byKind.get(reply.error.kind) ?? 0) + 1);
    }
    const seconds = (Date.now() - started) / 1000;
    console.log([
      `bridge fuzz: ${ROUNDS} inputs in ${seconds.toFixed(1)} s (seed ${SEED}); crashes 0; refused by the IPC transport (not cloneable) and sent to the router directly: ${refusedByTransport}`,
      `by category: ${[...byCategory].map(([k, v]) => `${k} ${v}`).join(', ')}`,
      `answers: ${[...byKind].map(([k, v]) => `${k} ${v}`).join(', ')}; largest reply ${largest} characters; requests that left for the API: ${requests.length}`,
    ].join('\n'));
    expect(await stateNow()).toBe(before);
    expect(requests).toEqual([]);
    expect(core.router.inFlight()).toBe(0);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    // The bridge still works after it all.
    const ok = await invokeOverIpc(APP_PAGE, { callId: 'after', operation: 'api.call', input: { route: 'customers.list', query: { limit: 1 } } });
    expect('reply' in ok && ok.reply.ok).toBe(true);
  }, 120_000);

  it('oversized bodies (beyond the bridge limit) and a body too deep for JSON are refused, with a small reply', async () => {
    const limit = API_CALL_LIMITS.bodyJsonChars;
    requests.length = 0;
    const inputs = [
      { route: 'customers.create', body: { name: 'x', notes: 'n'.repeat(limit) } },
      { route: 'documents.create', body: { [`k${'y'.repeat(limit)}`]: 1 } },
      { route: 'customers.create', body: deepNest(200_000) },
    ];
    for (const input of inputs) {
      const r = await core.router.handle(APP_PAGE, `big-${Math.random()}`, 'api.call', input);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.kind).toBe('invalid_input');
      expect(JSON.stringify(r).length).toBeLessThanOrEqual(MAX_REPLY);
    }
    expect(requests).toEqual([]);
  }, 60_000);
});
