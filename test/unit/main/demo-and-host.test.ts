import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { API_KEY_PATTERN } from '../../../shared';
import { startSandbox } from '../../../electron/sandbox';
import { inProcessFork } from './fake-utility';

const tmp = mkdtempSync(join(tmpdir(), 'bizops-main-'));
const clip = { text: '', cleared: 0 };
const shellCalls: string[] = [];
let openPathAnswer = '';
let saveAnswer: { canceled: boolean; filePath?: string } = { canceled: true };
const saveDialogs: Record<string, unknown>[] = [];
const messageBoxes: { parent: unknown; options: Record<string, unknown> }[] = [];
let messageBoxAnswer = 1;
const focused = { id: 'main window' };
const utility = inProcessFork();

vi.mock('electron', () => ({
  app: { getPath: () => tmp, getVersion: () => '1.2.3', getLocale: () => 'he' },
  clipboard: {
    readText: async () => clip.text,
    writeText: async (t: string) => { clip.text = t; },
    clear: () => { clip.text = ''; clip.cleared += 1; },
  },
  shell: { openPath: async (p: string) => { shellCalls.push(p); return openPathAnswer; } },
  dialog: {
    showSaveDialog: async (...args: unknown[]) => { saveDialogs.push(args[args.length - 1] as Record<string, unknown>); return saveAnswer; },
    showMessageBox: async (parent: unknown, options: Record<string, unknown>) => { messageBoxes.push({ parent, options }); return { response: messageBoxAnswer }; },
  },
  BrowserWindow: class { static getFocusedWindow() { return focused; } },
  session: { fromPartition: () => ({}) },
  utilityProcess: { fork: (...a: Parameters<typeof utility.fork>) => utility.fork(...a) },
}));

const electron = await import('electron');
const { UtilityDemoHost } = await import('../../../electron/main/demo-host');
const { createHostServices } = await import('../../../electron/main/host-services');
const { createConsoleLogger } = await import('../../../electron/main/logger');
const { DEMO_CHILD_ENTRY } = await import('../../../electron/sandbox/demo-protocol');

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const forkViaElectron = (...a: Parameters<typeof utility.fork>) => electron.utilityProcess.fork(...a) as unknown as ReturnType<typeof utility.fork>;

describe('UtilityDemoHost (the demo sandbox in a utility process)', () => {
  it('forks one child, which starts the sandbox on loopback with keys made for this launch', async () => {
    const dataFile = join(tmp, 'demo-data.json');
    const demo = new UtilityDemoHost(join(tmp, DEMO_CHILD_ENTRY), dataFile, forkViaElectron);
    expect(demo.origin()).toBeNull();
    const [a, b] = await Promise.all([demo.start(), demo.start()]);
    expect(a).toEqual(b);
    expect(utility.calls).toEqual([{ modulePath: join(tmp, 'demo-sandbox.js'), args: [], options: { serviceName: 'BizOps demo sandbox', stdio: ['ignore', 'ignore', 'inherit'] } }]);
    expect(utility.children[0]!.posted).toEqual([{ type: 'start', dataFile }]);
    expect(a.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(API_KEY_PATTERN.exec(a.ownerKey)?.[1]).toBe('test');
    expect(demo.origin()).toBe(new URL(a.baseUrl).origin);
    expect((await fetch(`${a.baseUrl}/business`, { headers: { authorization: `Bearer ${a.ownerKey}` } })).status).toBe(200);

    // Not the key anyone can compute from the source (the default seed's), and not on disk.
    const seeded = await startSandbox({ port: 0, rateLimit: 0 });
    expect(a.ownerKey).not.toBe(seeded.keys.owner);
    await seeded.close();

    await demo.reset();
    expect(utility.children[0]!.posted.at(-1)).toEqual({ type: 'reset', id: 1 });
    await demo.stop();
    expect(utility.children[0]!.posted.at(-1)).toEqual({ type: 'stop' });
    expect(utility.children[0]!.exitCode).toBe(0);
    expect(demo.origin()).toBeNull();
    expect(existsSync(dataFile)).toBe(true);
    expect(readFileSync(dataFile, 'utf8')).not.toContain(a.ownerKey);

    // The next launch: a new child, a new key, the same data.
    const again = await demo.start();
    expect(utility.children).toHaveLength(2);
    expect(again.ownerKey).not.toBe(a.ownerKey);
    expect((await fetch(`${again.baseUrl}/business`, { headers: { authorization: `Bearer ${a.ownerKey}` } })).status).toBe(401);
    await demo.stop();
  });

  it('forgets a child that crashed, and starts a new one on the next call', async () => {
    const f = inProcessFork();
    const demo = new UtilityDemoHost('/x/demo-sandbox.js', join(tmp, 'crash.json'), f.fork);
    const first = await demo.start();
    f.children[0]!.exit(9);
    await new Promise((r) => setImmediate(r));
    expect(demo.origin()).toBeNull();
    const second = await demo.start();
    expect(f.children).toHaveLength(2);
    expect(second.baseUrl).not.toBe(first.baseUrl);
    await demo.stop();
    await f.closeAll();
  });

  it('does not believe a child that answers outside the protocol, and kills it', async () => {
    const never = () => new Promise<never>(() => {});
    const f = inProcessFork(never);
    const demo = new UtilityDemoHost('/x/demo-sandbox.js', join(tmp, 'bad.json'), f.fork, { start: 200, stop: 200 });
    const pending = demo.start();
    f.children[0]!.say({ type: 'ready', baseUrl: 'https://collector.evil.example/v1', ownerKey: 'bo_test_0123456789ab_AbCdEfGhIjKlMnOpQrStUvWxYz012345' });
    f.children[0]!.say({ type: 'ready', baseUrl: 'http://127.0.0.1:1/v1' });
    await expect(pending).rejects.toThrow(/did not answer in time/);
    expect(f.children[0]!.exitCode).toBe(-15);
    expect(demo.origin()).toBeNull();
  });

  it('reports a child that failed to start', async () => {
    const f = inProcessFork(async () => { throw new Error('EADDRINUSE'); });
    const demo = new UtilityDemoHost('/x/demo-sandbox.js', join(tmp, 'fail.json'), f.fork);
    await expect(demo.start()).rejects.toThrow('the demo sandbox failed: EADDRINUSE');
  });

  it('a stop while the child is still starting leaves no sandbox behind', async () => {
    const f = inProcessFork();
    const demo = new UtilityDemoHost('/x/demo-sandbox.js', join(tmp, 'early-stop.json'), f.fork);
    const pending = demo.start();
    await demo.stop();
    await expect(pending).rejects.toThrow(/stopped while it started/);
    await new Promise((r) => setTimeout(r, 20));
    expect(f.children[0]!.exitCode).not.toBeNull();
    expect(demo.origin()).toBeNull();
  });
});

describe('Electron host services', () => {
  const host = createHostServices();

  it('reads, writes and clears the clipboard in main', async () => {
    clip.text = 'from clipboard';
    expect(await host.readClipboardText()).toBe('from clipboard');
    await host.writeClipboardText('copied');
    expect(clip.text).toBe('copied');
    host.clearClipboard();
    expect(clip).toEqual({ text: '', cleared: 1 });
  });

  it('asks in a native dialog, over the focused window, naming the host; yes only on "Use the key"', async () => {
    const q = { host: 'api.example.com', baseUrl: 'https://api.example.com/v1', profileName: 'Acme', purpose: 'add' as const };
    messageBoxAnswer = 1;
    expect(await host.confirmKeyUse(q)).toBe(false);
    messageBoxAnswer = 0;
    expect(await host.confirmKeyUse(q)).toBe(true);
    expect(messageBoxes).toHaveLength(2);
    expect(messageBoxes[0]!.parent).toBe(focused);
    expect(messageBoxes[0]!.options).toMatchObject({ type: 'question', message: 'Send the API key on your clipboard to api.example.com?', buttons: ['Use the key', 'Cancel'], defaultId: 1, cancelId: 1 });
    expect(String(messageBoxes[0]!.options.detail)).toContain('"Acme"');
    expect(String(messageBoxes[0]!.options.detail)).toContain('https://api.example.com/v1');
  });

  it('opens PDF files in the system viewer and reports a failure', async () => {
    await host.openPdf('/tmp/x.pdf');
    expect(shellCalls).toEqual(['/tmp/x.pdf']);
    openPathAnswer = 'no application';
    await expect(host.openPdf('/tmp/x.pdf')).rejects.toThrow(/could not open/);
  });

  it('asks where to save, null on cancel', async () => {
    expect(await host.chooseSavePath('tax-invoice-7.pdf')).toBeNull();
    saveAnswer = { canceled: false, filePath: '/home/u/tax-invoice-7.pdf' };
    expect(await host.chooseSavePath('tax-invoice-7.pdf')).toBe('/home/u/tax-invoice-7.pdf');
    expect(saveDialogs.at(-1)).toMatchObject({ filters: [{ name: 'PDF document', extensions: ['pdf'] }] });
  });

  it('offers an export\'s own file type, named in the app\'s language', async () => {
    saveAnswer = { canceled: false, filePath: '/home/u/לקוחות.xlsx' };
    host.setUiLanguage('he');
    expect(await host.chooseSavePath('לקוחות 2026-11-25.xlsx', 'xlsx')).toBe('/home/u/לקוחות.xlsx');
    expect(saveDialogs.at(-1)).toMatchObject({ defaultPath: expect.stringMatching(/לקוחות 2026-11-25\.xlsx$/), filters: [{ name: 'חוברת Excel', extensions: ['xlsx'] }] });
    host.setUiLanguage('en');
    await host.chooseSavePath('Customers.csv', 'csv');
    expect(saveDialogs.at(-1)).toMatchObject({ filters: [{ name: 'CSV (comma-separated, UTF-8)', extensions: ['csv'] }] });
  });

  it('has a private temp folder, removed on dispose', () => {
    expect(existsSync(host.tempDir())).toBe(true);
    expect(host.appInfo()).toEqual({ version: '1.2.3', platform: process.platform, locale: 'he' });
    host.disposeTemp();
    expect(existsSync(host.tempDir())).toBe(false);
  });
});

describe('console logger', () => {
  it('writes one JSON line per entry, errors to the error stream', () => {
    const lines: [string, boolean][] = [];
    const log = createConsoleLogger((l, e) => lines.push([l, e]));
    log.info('hello', { a: 1 });
    log.error('bad');
    expect(lines.map(([l, e]) => [JSON.parse(l).msg, JSON.parse(l).level, e])).toEqual([['hello', 'info', false], ['bad', 'error', true]]);
    expect(JSON.parse(lines[0]![0]).a).toBe(1);
  });
});
