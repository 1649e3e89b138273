import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../electron/sandbox';
import { createCore, type Core } from '../../electron/core';
import type { ProfileMeta } from '../../shared';
import { FixedDemoHost, MemoryHost, MemoryLogger, MemoryStore, MemoryVault } from '../harness/memory-host';

/**
 * THE key-confinement audit: keys added through the bridge (clipboard and typed) are used
 * against a real sandbox in a realistic sequence of calls, including failing ones, and then
 * every reply, log line, event and the renderer-visible store are searched for any key and for
 * "Bearer".
 */

const APP = 'app://bizops/index.html';
let sandbox: RunningSandbox;
let core: Core;
let store: MemoryStore;
let vault: MemoryVault;
let host: MemoryHost;
let log: MemoryLogger;
const replies: unknown[] = [];
const events: unknown[] = [];
let n = 0;

async function call<T = unknown>(operation: string, input: unknown, sender = APP): Promise<{ ok: boolean; data?: T; error?: { kind: string; code?: string; status?: number } }> {
  const r = await core.router.handle(sender, `c${++n}`, operation, input);
  replies.push(r);
  return r as { ok: boolean; data?: T; error?: { kind: string; code?: string } };
}

beforeAll(async () => {
  // A minimal PDF body: this audit is about the key's path, not about the PDF engine.
  sandbox = await startSandbox({ host: '127.0.0.1', port: 0, rateLimit: 0, renderPdf: async (doc) => Buffer.from(`%PDF-1.4\n% ${doc.id}\n%%EOF\n`, 'latin1') });
  store = new MemoryStore();
  vault = new MemoryVault('os');
  host = new MemoryHost();
  log = new MemoryLogger();
  core = createCore({ vault, store, host, log, demo: new FixedDemoHost(sandbox.baseUrl, sandbox.keys.owner) });
  core.events.on((event, payload) => events.push({ event, payload }));
});

afterAll(async () => {
  await core.shutdown();
  await sandbox.close();
  host.dispose();
});

describe('the key never reaches the renderer', () => {
  it('runs a realistic session, then finds no key and no "Bearer" anywhere the renderer or a log can see', async () => {
    const k = sandbox.keys;
    const base = { environment: 'test', base_url: sandbox.baseUrl };

    // 1. Owner key pasted from the clipboard (with stray whitespace), saved in the vault.
    host.clipboard = `\n ${k.owner} \t`;
    const owner = await call<ProfileMeta>('profiles.add', { ...base, name: 'Owner', key: { source: 'clipboard' }, session_only: false });
    expect(owner.ok).toBe(true);
    host.clipboard = '';
    const ownerId = owner.data!.id;
    await call('profiles.activate', { id: ownerId });
    const tested = await call<{ business_name: string; denied: string[] }>('profiles.test', { id: ownerId });
    expect(tested.ok).toBe(true);
    expect(tested.data?.denied).toEqual([]);

    // 2. Reads, paging, a PDF, and failing reads.
    const list = await call<{ data: { id: string }[]; page: { next_cursor: string } }>('api.call', { route: 'customers.list', query: { limit: 2 } });
    expect(list.ok).toBe(true);
    await call('api.call', { route: 'customers.list', query: { limit: 2, cursor: list.data!.page.next_cursor } });
    await call('api.call', { route: 'customers.get', params: { id: list.data!.data[0]!.id } });
    const docs = await call<{ data: { id: string; pdf_available: boolean }[] }>('api.call', { route: 'documents.list', query: { limit: 50 } });
    const withPdf = docs.data!.data.find((d) => d.pdf_available);
    expect(withPdf).toBeDefined();
    expect(await call('pdf.open', { document_id: withPdf!.id, target: 'window' })).toEqual({ ok: true, data: { opened: true } });
    expect(readFileSync(host.opened[0]!.filePath).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('api.call', { route: 'customers.get', params: { id: '00000000-0000-4000-8000-000000000000' } })).error?.code).toBe('resource_not_found');
    expect((await call('api.call', { route: 'customers.list', query: { status: 'bogus' } })).ok).toBe(false);
    expect((await call('api.call', { route: 'customers.create', body: { unknown_field: 1 } })).ok).toBe(false);

    // 3. A typed, session-only key with fewer permissions: 403s teach the profile.
    const limited = await call<ProfileMeta>('profiles.add', { ...base, name: 'Limited', key: { source: 'typed', key: k.limited }, session_only: true });
    await call('profiles.activate', { id: limited.data!.id });
    expect((await call('api.call', { route: 'suppliers.list' })).error?.code).toBe('insufficient_permission');
    const limitedTest = await call<{ readable: string[] }>('profiles.test', { id: limited.data!.id });
    expect(limitedTest.data?.readable.sort()).toEqual(['business:read', 'customers:read']);

    // 4. Keys the server refuses, and keys the app refuses before sending.
    for (const [name, key] of [['Expired', k.expired], ['Revoked', k.revoked], ['Live', k.live], ['Stale', k.rotated_stale]] as const) {
      const added = await call<ProfileMeta>('profiles.add', { ...base, name, key: { source: 'typed', key }, session_only: true });
      if (!added.ok) continue; // the live key is refused by the environment check
      const r = await call('profiles.test', { id: added.data!.id });
      expect(r.error?.status).toBe(401);
    }
    expect((await call('profiles.add', { ...base, name: 'Junk', key: { source: 'typed', key: `${k.owner} ${k.readonly}` }, session_only: true })).ok).toBe(false);
    expect((await call('profiles.add', { ...base, name: 'Live?', environment: 'live', key: { source: 'typed', key: k.readonly }, session_only: true })).error?.kind).toBe('invalid_input');
    expect((await call('profiles.add', { name: 'x', key: { source: 'typed', key: k.owner } })).error?.kind).toBe('invalid_input');
    expect((await call('profiles.list', {}, 'https://evil.example/')).error?.kind).toBe('forbidden_sender');

    // 5. Rotation: replace the owner key with the rotated secret (still valid), rename, remove.
    await call('profiles.activate', { id: ownerId });
    expect((await call('profiles.replaceKey', { id: ownerId, key: { source: 'typed', key: k.rotated_old } })).ok).toBe(true);
    expect((await call('api.call', { route: 'business.get' })).ok).toBe(true);
    await call('profiles.rename', { id: ownerId, name: 'Owner (rotated)' });
    await call('profiles.list', {});
    await call('app.info', {});
    await call('demo.start', {});
    const removed = await call('profiles.remove', { id: limited.data!.id });
    expect(removed.ok).toBe(true);

    // The audit.
    const everything = [
      ['replies', JSON.stringify(replies)],
      ['logs', log.text()],
      ['events', JSON.stringify(events)],
      ['renderer-visible store', store.dump()],
    ] as const;
    const secrets = Object.entries(k);
    for (const [where, text] of everything) {
      for (const [name, key] of secrets) {
        expect(text.includes(key), `${name} key found in ${where}`).toBe(false);
        // Also no fragment: the secret part alone (after the last underscore).
        expect(text.includes(key.slice(key.lastIndexOf('_') + 1)), `${name} secret found in ${where}`).toBe(false);
      }
      expect(/bearer/i.test(text), `"Bearer" found in ${where}`).toBe(false);
    }
    // The log did record the failures (so the check above was not vacuous).
    expect(log.lines.filter((l) => l.msg === 'bridge call failed').length).toBeGreaterThan(5);
    expect(replies.length).toBeGreaterThan(25);
    // The vault holds ciphertext only, and only for the saved (non-session) profile.
    expect([...vault.stored.keys()]).toEqual([ownerId]);
    expect([...vault.stored.values()].join()).not.toContain(k.rotated_old);
  });
});
