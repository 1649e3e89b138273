import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CALL_LIMITS, IPC, OPERATIONS, bridgeErrorSchema, type BridgeResult, type OperationName } from '../../shared';
import { ApiClient } from '../../electron/client';
import { prepareRequest } from '../../electron/client/request';
import { createCore, isAppUrl, type Core } from '../../electron/core';
import { BridgeIpc, type IpcEventLike, type IpcMainLike } from '../../electron/main/ipc';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { FixedDemoHost, MemoryHost, MemoryLogger, MemoryStore, MemoryVault } from '../harness/memory-host';
import { prng } from '../reliability/stack';
import { VALID, VALID_API_CALLS, deepNest, fuzzer, type FuzzCall } from './fuzz-inputs';

/**
 * Bridge fuzzing: thousands of malformed or hostile calls, each sent the way a compromised page
 * would send it: structured-cloned through ipcRenderer.invoke into the real BridgeIpc class and the
 * core's router, with a real client and sandbox behind it. Every call must be answered (no throw, no
 * crash) with a validation result, change nothing (profiles, settings, keys, clipboard, the
 * sandbox: no request leaves), and the answer must stay small whatever the input's size.
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

/** Everything the calls could change, as text. */
function stateNow(): string {
  return JSON.stringify({
    profiles: core.profiles.list(), store: store.dump(), vault: [...vault.stored], clipboard: host.clipboard,
    opened: host.opened.length, language: host.uiLanguage, keyQuestions: host.keyQuestions.length,
  });
}

beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0, rateLimit: 0 });
  host = new MemoryHost();
  store = new MemoryStore();
  vault = new MemoryVault('os');
  const recording: typeof fetch = (input, init) => {
    requests.push(`${init?.method ?? 'GET'} ${String(input)}`);
    return fetch(input, init);
  };
  core = createCore({ vault, store, host, log: new MemoryLogger(), fetch: recording, clientFactory: (o) => new ApiClient({ ...o, retry: { maxRetries: 0 } }), demo: new FixedDemoHost(sandbox.baseUrl, sandbox.keys.owner) });
  const ipc: IpcMainLike = { handle: (c, fn) => void main.set(c, fn), on: () => {}, removeHandler: () => {}, removeAllListeners: () => {} };
  new BridgeIpc(ipc, core.router, isAppUrl).register();
  // An active profile on the sandbox, so api.call inputs reach the client's own checks.
  const added = await core.router.handle(APP_PAGE, 'setup-add', 'profiles.add', { name: 'Owner', environment: 'test', base_url: sandbox.baseUrl, key: { source: 'typed', key: sandbox.keys.owner }, session_only: false });
  if (!added.ok) throw new Error(added.error.message);
  profileId = (added.data as { id: string }).id;
  await core.router.handle(APP_PAGE, 'setup-activate', 'profiles.activate', { id: profileId });
  host.clipboard = 'untouched';
  requests.length = 0;
});
afterAll(async () => {
  await core.shutdown();
  await sandbox.close();
  host.dispose();
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

  it(`${ROUNDS} hostile calls: each refused with a validation result, nothing changed, every reply small`, async () => {
    const g = fuzzer(prng(SEED), APP_PAGE);
    const before = stateNow();
    const byCategory = new Map<string, number>();
    const byKind = new Map<string, number>();
    let refusedByTransport = 0;
    let largest = 0;
    const started = Date.now();
    for (let i = 0; i < ROUNDS; i++) {
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
      expect(size, ctx).toBeLessThanOrEqual(MAX_REPLY);
      byKind.set(reply.error.kind, (byKind.get(reply.error.kind) ?? 0) + 1);
    }
    const seconds = (Date.now() - started) / 1000;
    console.log([
      `bridge fuzz: ${ROUNDS} inputs in ${seconds.toFixed(1)} s (seed ${SEED}); crashes 0; refused by the IPC transport (not cloneable) and sent to the router directly: ${refusedByTransport}`,
      `by category: ${[...byCategory].map(([k, v]) => `${k} ${v}`).join(', ')}`,
      `answers: ${[...byKind].map(([k, v]) => `${k} ${v}`).join(', ')}; largest reply ${largest} characters; requests that left for the API: ${requests.length}`,
    ].join('\n'));
    expect(stateNow()).toBe(before);
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
