import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import type { ProfileMeta } from '../../shared';
import { en } from '../../renderer/i18n/en';
import { he } from '../../renderer/i18n/he';
import { launchHarness, type Harness } from '../harness/launch';
import { gotoArea, screenshot, stopAtFirstFailure } from './support';

const LANG = 'en';

/** The page globals these checks read (the Node project has no DOM types). */
interface El { value?: string; getAttribute(n: string): string | null }
interface PageGlobals {
  document: { documentElement: { outerHTML: string }; querySelectorAll(s: string): Iterable<El> };
  localStorage: { length: number; key(i: number): string | null; getItem(k: string): string | null };
  sessionStorage: { length: number; key(i: number): string | null; getItem(k: string): string | null };
  __heapMarker?: string;
}

/** Everything the page shows or keeps where a script could read it: markup, input values, storage. */
const pageText = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const g = globalThis as unknown as PageGlobals;
    const storage = (s: PageGlobals['localStorage']) => Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i) ?? '')}`);
    const inputs = [...g.document.querySelectorAll('input, textarea')].map((e) => e.value ?? '');
    return [g.document.documentElement.outerHTML, ...inputs, ...storage(g.localStorage), ...storage(g.sessionStorage)].join('\n');
  });

/**
 * Which of these strings are still reachable in the page's JavaScript heap, after a garbage
 * collection (a heap snapshot over the DevTools protocol). A marker put there first proves the
 * search works, so a "not found" means something.
 */
async function inHeap(h: Harness, needles: readonly string[]): Promise<boolean[]> {
  const marker = `heap-marker-${Date.now()}-${Math.random().toString(36).slice(2)}`;
  await h.page.evaluate((m) => { (globalThis as unknown as PageGlobals).__heapMarker = m; }, marker);
  const cdp = await h.context.newCDPSession(h.page);
  const chunks: string[] = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', (e) => chunks.push(e.chunk));
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  await cdp.detach();
  const snapshot = chunks.join('');
  expect(snapshot.includes(marker), 'the heap search finds a string the page holds').toBe(true);
  return needles.map((n) => snapshot.includes(n));
}

/** A key, its secret part, and its case variants: none may appear in what the renderer saw. */
function expectNoKey(where: string, text: string, key: string): void {
  const secret = key.slice(key.lastIndexOf('_') + 1);
  for (const form of [key, secret, key.toUpperCase(), key.toLowerCase()]) expect(text.includes(form), `key found in ${where}`).toBe(false);
  expect(/bearer/i.test(text), `"Bearer" found in ${where}`).toBe(false);
}

describe('first run on a computer without a keyring (basic_text)', () => {
  // One first run: the connect form, then the profile it makes, then that profile's keys.
  stopAtFirstFailure();
  let h: Harness;
  const consoleLines: string[] = [];
  const replies: unknown[] = [];
  beforeAll(async () => {
    h = await launchHarness({ lang: LANG, firstRun: true, vaultBackend: 'basic_text', sandbox: { rateLimit: 0 } });
    h.page.on('console', (m) => consoleLines.push(m.text()));
    h.page.on('pageerror', (e) => consoleLines.push(String(e)));
    // Every bridge reply the page receives (the harness's binding calls router.handle).
    const handle = h.core.router.handle.bind(h.core.router);
    vi.spyOn(h.core.router, 'handle').mockImplementation(async (...args) => {
      const reply = await handle(...args);
      replies.push(reply);
      return reply;
    });
  }, 120_000);
  afterAll(async () => h?.close());

  it('says in English and in Hebrew that a key goes only to an https address (http only for this computer)', async () => {
    await h.page.click('[data-testid="first-run-connect"]');
    await h.page.getByLabel('Profile name').fill('Plain http');
    await h.page.getByLabel('Base URL').fill('http://api.example.com/v1');
    await h.page.getByRole('button', { name: en.connect.fromClipboard }).click();
    await h.page.getByText(en.connect.baseUrlInsecure).waitFor();
    await h.page.getByTestId('language-switch').getByText('עב').click();
    await h.page.getByText(he.connect.baseUrlInsecure).waitFor();
    await h.page.getByTestId('language-switch').getByText('EN').click();
    await h.page.getByLabel('Base URL').fill('https://user:pw@api.example.com/v1');
    await h.page.getByRole('button', { name: en.connect.fromClipboard }).click();
    await h.page.getByText(en.connect.baseUrlCredentials).waitFor();
    expect(h.host.keyQuestions).toEqual([]);
    expect(h.core.profiles.list().profiles).toEqual([]);
  });

  it('asks before reading the clipboard, refuses to save the key, says why plainly, and connects with a session-only key', async () => {
    const key = h.sandbox.keys.owner;
    h.host.clipboard = key;
    await h.page.getByLabel('Profile name').fill('Sandbox without keyring');
    await h.page.getByLabel('Base URL').fill(h.sandbox.baseUrl);

    // Told up front, before anything is sent.
    const warning = h.page.getByTestId('vault-warning');
    await warning.waitFor();
    expect(await warning.getAttribute('data-backend')).toBe('basicText');
    expect(await warning.textContent()).toContain('This computer has no keyring');
    expect(await warning.textContent()).toContain('only be obfuscated');

    // Persistent storage chosen (session-only left unticked): main refuses before it asks or reads anything.
    const sessionOnly = h.page.getByLabel('Keep the key for this session only', { exact: false });
    expect(await sessionOnly.isChecked()).toBe(false);
    await h.page.getByRole('button', { name: 'Paste key from clipboard' }).click();
    await h.page.getByTestId('vault-refused').waitFor();
    expect(await h.page.textContent('[data-testid="vault-refused"]')).toContain('The key was not saved');
    expect(await sessionOnly.isChecked()).toBe(true);
    expect(h.vault.stored.size).toBe(0);
    expect(h.core.profiles.list().profiles).toEqual([]);
    expect(h.host.keyQuestions).toEqual([]);
    expect(h.host.clipboard).toBe(key);
    await screenshot(h.page, LANG, 'first-run-no-keyring', true);

    // The user says no in the dialog: nothing is read, the form says so.
    h.host.answerKeyUse = () => false;
    await h.page.getByTestId('vault-session-only').click();
    await h.page.getByTestId('clipboard-refused').waitFor();
    expect(await h.page.textContent('[data-testid="clipboard-refused"]')).toBe(en.connect.clipboardDeclined);
    expect(h.core.profiles.list().profiles).toEqual([]);

    // Accepting the session-only key, and saying yes, connects; the clipboard is emptied.
    h.host.answerKeyUse = () => true;
    await h.page.getByTestId('vault-session-only').click();
    await h.page.waitForSelector('nav [data-area="customers"]');
    const sandboxHost = new URL(h.sandbox.baseUrl).host;
    expect(h.host.keyQuestions.map((q) => [q.host, q.profileName, q.purpose])).toEqual([
      [sandboxHost, 'Sandbox without keyring', 'add'],
      [sandboxHost, 'Sandbox without keyring', 'add'],
    ]);
    expect(h.host.clipboard).toBe('');
    const { profiles, active_id } = h.core.profiles.list();
    expect(profiles.map((p: ProfileMeta) => [p.name, p.session_only, p.base_url])).toEqual([['Sandbox without keyring', true, h.sandbox.baseUrl]]);
    expect(active_id).toBe(profiles[0]!.id);
    expect(h.vault.stored.size).toBe(0);
    expect(h.store.dump()).not.toContain(key);

    await gotoArea(h.page, 'customers');
    await h.page.waitForSelector('[data-testid="list-table"]');
    await gotoArea(h.page, 'profiles');
    const card = h.page.getByTestId('profile-card');
    await card.getByText('Session only', { exact: true }).waitFor();
    await card.getByText(`Key ending in ${key.slice(-4)}`).waitFor();

    // Nothing the renderer saw holds the key: the DOM, the bridge replies, the console (the JS heap: next test).
    expectNoKey('the page', await pageText(h.page), key);
    expectNoKey('the bridge replies', JSON.stringify(replies), key);
    expectNoKey('the console', consoleLines.join('\n'), key);
    expect(replies.length).toBeGreaterThan(5);
  });

  it('typed keys (a replacement, a new profile) leave no copy in the page: not in the field, the DOM, the replies or the heap (nor the clipboard key)', async () => {
    const pasted = h.sandbox.keys.owner;
    const typed = h.sandbox.keys.rotated_old; // the old secret of a rotated key: still valid
    const card = h.page.getByTestId('profile-card');
    await card.getByRole('button', { name: en.profiles.replaceKey }).click();
    const dialog = h.page.getByRole('dialog');
    await dialog.getByLabel(en.connect.typed).check();
    await dialog.getByLabel(en.connect.key).fill(typed);
    await dialog.getByRole('button', { name: en.profiles.replaceKey }).click();
    await dialog.waitFor({ state: 'detached' });
    await card.getByText(`Key ending in ${typed.slice(-4)}`).waitFor();
    const id = h.core.profiles.list().profiles[0]!.id;
    expect(h.core.profiles.keyOf(id)).toBe(typed);
    expect(h.host.keyQuestions).toHaveLength(2); // a typed key needs no clipboard question

    // The connect form's typed path too (Add a profile), with a session-only readonly key.
    const added = h.sandbox.keys.readonly;
    await h.page.getByRole('button', { name: en.profiles.add }).click();
    const form = h.page.getByRole('dialog');
    await form.getByLabel('Profile name').fill('Typed readonly');
    await form.getByLabel('Base URL').fill(h.sandbox.baseUrl);
    await form.getByLabel(en.connect.typed).check();
    await form.getByLabel(en.connect.key, { exact: true }).fill(added);
    await form.getByLabel(en.connect.basicTextChoice).check(); // no keyring here: session only
    await form.getByRole('button', { name: en.connect.submit }).click();
    await form.waitFor({ state: 'detached' });
    await h.page.getByText('Typed readonly').waitFor();
    expect(h.core.profiles.list().profiles.map((p) => p.name)).toEqual(['Sandbox without keyring', 'Typed readonly']);

    const secretOf = (k: string) => k.slice(k.lastIndexOf('_') + 1);
    for (const k of [typed, added]) {
      expectNoKey('the page', await pageText(h.page), k);
      expectNoKey('the bridge replies', JSON.stringify(replies), k);
      expectNoKey('the console', consoleLines.join('\n'), k);
    }
    const needles = [typed, added, pasted].flatMap((k) => [k, secretOf(k)]);
    expect(await inHeap(h, needles)).toEqual(needles.map(() => false));
  });
});
