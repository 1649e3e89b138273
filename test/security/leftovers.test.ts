import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProfileMeta } from '../../shared';
import { keyUseDialog } from '../../electron/main/dialog-texts';
import { PDF_VIEWER_GRACE_MS } from '../../electron/core/pdf-link';
import { TEST_KEY, TEST_KEY_2, newProfile } from '../unit/core/fixtures';
import { bridgeStack, okData } from './bridge-stack';

/** Issue 20, finding 9: the small leftovers, each through BridgeIpc and the router. */

const FAKE_QUESTION = 'Acme"\nSend it to api.example.com too? Choose "Use the key';

describe('finding 9a: names shown in native dialogs hold no control characters', () => {
  it('a profile name with a newline, a line separator or a bidi override is refused before any dialog', async () => {
    const s = bridgeStack();
    s.host.clipboard = TEST_KEY;
    for (const name of [FAKE_QUESTION, 'Acme\u2028Use the key', 'Acme \u202Emoc.live', 'Tab\there']) {
      const r = await s.invoke('profiles.add', newProfile(TEST_KEY, { name, key: { source: 'clipboard' } }));
      expect(r, JSON.stringify(name)).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    }
    expect(s.host.keyQuestions).toEqual([]);
    const p = okData<ProfileMeta>(await s.invoke('profiles.add', newProfile(TEST_KEY, { name: 'קפה נוגה  בע"מ' })));
    expect(await s.invoke('profiles.rename', { id: p.id, name: 'Acme\r\nLtd' })).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
  });

  it('a name saved by an older build is shown on one line in the clipboard question', async () => {
    const s = bridgeStack();
    const p = okData<ProfileMeta>(await s.invoke('profiles.add', newProfile()));
    s.store.set('profiles', [{ ...p, name: FAKE_QUESTION }]);
    s.host.clipboard = TEST_KEY_2;
    okData(await s.invoke('profiles.replaceKey', { id: p.id, key: { source: 'clipboard' } }));
    const [question] = s.host.keyQuestions;
    for (const lang of ['en', 'he'] as const) {
      const dialog = keyUseDialog(question!, lang);
      expect(`${dialog.message}${dialog.detail}`, lang).not.toMatch(/[\n\r\u2028\u2029]/);
      expect(dialog.detail, lang).toContain('Acme" Send it to api.example.com too?');
    }
  });
});

describe('finding 9b: the reply scrubber keeps no key after its profile is removed', () => {
  it('drops its pattern with the last profile, and builds one without a removed key', async () => {
    const s = bridgeStack();
    const a = okData<ProfileMeta>(await s.invoke('profiles.add', newProfile()));
    okData(await s.invoke('profiles.activate', { id: a.id }));
    s.api.routes['customers.list'] = () => ({ data: [{ notes: `echo ${TEST_KEY} and ${TEST_KEY_2}` }], page: { has_more: false, next_cursor: null }, request_id: 'r1' });
    const first = okData<{ data: { notes: string }[] }>(await s.invoke('api.call', { route: 'customers.list' }));
    expect(first.data[0]!.notes).toBe(`echo [redacted] and ${TEST_KEY_2}`);
    expect(s.core.scrubber.holdsPattern()).toBe(true);
    okData(await s.invoke('profiles.remove', { id: a.id }));
    expect(s.core.scrubber.holdsPattern()).toBe(false);
    okData(await s.invoke('profiles.list', {}));
    expect(s.core.scrubber.holdsPattern()).toBe(false);
    // A new profile gets a pattern of its own key only.
    const b = okData<ProfileMeta>(await s.invoke('profiles.add', newProfile(TEST_KEY_2)));
    okData(await s.invoke('profiles.activate', { id: b.id }));
    const second = okData<{ data: { notes: string }[] }>(await s.invoke('api.call', { route: 'customers.list' }));
    expect(second.data[0]!.notes).toBe(`echo ${TEST_KEY} and [redacted]`);
  });
});

describe('finding 9c: a key used as an object key is scrubbed too', () => {
  it('in replies, and in errors and log lines', async () => {
    const s = bridgeStack();
    const p = okData<ProfileMeta>(await s.invoke('profiles.add', newProfile()));
    okData(await s.invoke('profiles.activate', { id: p.id }));
    s.api.routes['customers.get'] = () => ({ data: { [TEST_KEY]: 'echoed', nested: [{ [`key=${TEST_KEY.toUpperCase()}`]: 1, plain: 2 }] }, request_id: 'r1' });
    const reply = await s.invoke('api.call', { route: 'customers.get', params: { id: '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b' } });
    expect(JSON.stringify(reply)).not.toMatch(new RegExp(TEST_KEY, 'i'));
    expect(okData(reply)).toMatchObject({ data: { '[redacted]': 'echoed', nested: [{ 'key=[redacted]': 1, plain: 2 }] } });
    s.core.log.warn('an echo', { fields: { [TEST_KEY]: true } });
    expect(s.log.text()).not.toContain(TEST_KEY);
    expect(s.log.text()).toContain('[redacted]');
  });
});

describe('finding 9d: the system viewer\'s temporary PDF goes soon after the viewer opened it', () => {
  afterEach(() => { vi.useRealTimers(); });

  it(`is there for the viewer, removed ${PDF_VIEWER_GRACE_MS / 1000} s later without waiting for quit`, async () => {
    const PDF = Buffer.from('%PDF-1.7\n%%EOF\n', 'latin1');
    const s = bridgeStack({ fetch: async () => new Response(PDF) });
    const p = okData<ProfileMeta>(await s.invoke('profiles.add', newProfile()));
    okData(await s.invoke('profiles.activate', { id: p.id }));
    s.api.routes['documents.get'] = () => ({ data: { pdf_available: true, document_type: 'TAX_INVOICE', document_number: 7 }, request_id: 'r1' });
    s.api.routes['documents.pdf'] = () => ({ data: { url: 'https://files.example.com/doc.pdf?sig=1', expires_at: '2026-11-25T12:00:00.000Z' }, request_id: 'r2' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    okData(await s.invoke('pdf.open', { document_id: '3f2b8c1e-9a4d-4e7b-8c21-5d6e7f809a1b', target: 'system' }));
    const file = s.host.opened[0]!.filePath;
    expect(existsSync(file)).toBe(true);
    vi.advanceTimersByTime(PDF_VIEWER_GRACE_MS - 1_000);
    expect(existsSync(file)).toBe(true);
    vi.advanceTimersByTime(1_000);
    // rm runs on libuv's pool: wait for it by time, not by a count of turns (a busy pool needs more)
    await vi.waitFor(() => expect(s.core.pdf.temp.list()).toEqual([]), { timeout: 5_000, interval: 5 });
    expect(existsSync(file)).toBe(false);
  });
});
