import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const tmp = mkdtempSync(join(tmpdir(), 'bizops-main-'));
const clip = { text: '' };
const shellCalls: string[] = [];
let openPathAnswer = '';
let saveAnswer: { canceled: boolean; filePath?: string } = { canceled: true };

vi.mock('electron', () => ({
  app: { getPath: () => tmp, getVersion: () => '1.2.3', getLocale: () => 'he' },
  clipboard: { readText: () => clip.text, writeText: (t: string) => { clip.text = t; } },
  shell: { openPath: async (p: string) => { shellCalls.push(p); return openPathAnswer; } },
  dialog: { showSaveDialog: async () => saveAnswer },
  BrowserWindow: class {},
  session: { fromPartition: () => ({}) },
}));

const { EmbeddedDemoHost } = await import('../../../electron/main/demo-host');
const { createHostServices } = await import('../../../electron/main/host-services');
const { createConsoleLogger } = await import('../../../electron/main/logger');

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('EmbeddedDemoHost', () => {
  it('starts the sandbox on loopback with its state under userData, resets and stops', async () => {
    const dataFile = join(tmp, 'demo-data.json');
    const demo = new EmbeddedDemoHost(dataFile);
    expect(demo.origin()).toBeNull();
    const [a, b] = await Promise.all([demo.start(), demo.start()]);
    expect(a).toEqual(b);
    expect(a.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(a.ownerKey).toMatch(/^bo_test_/);
    expect(demo.origin()).toBe(new URL(a.baseUrl).origin);
    const res = await fetch(`${a.baseUrl}/business`, { headers: { authorization: `Bearer ${a.ownerKey}` } });
    expect(res.status).toBe(200);
    await demo.reset();
    await demo.stop();
    expect(demo.origin()).toBeNull();
    expect(existsSync(dataFile)).toBe(true);
  });
});

describe('Electron host services', () => {
  const opener = vi.fn(async (url: string) => url.startsWith('https://'));
  const host = createHostServices(opener);

  it('reads and writes the clipboard in main', () => {
    clip.text = 'from clipboard';
    expect(host.readClipboardText()).toBe('from clipboard');
    host.writeClipboardText('copied');
    expect(clip.text).toBe('copied');
  });

  it('opens external links only through the https helper', async () => {
    await host.openExternal('https://example.com');
    await expect(host.openExternal('http://example.com')).rejects.toThrow(/non-https/);
  });

  it('opens PDFs in the system viewer and reports a failure', async () => {
    await host.openPdf('/tmp/x.pdf', 'system');
    expect(shellCalls).toEqual(['/tmp/x.pdf']);
    openPathAnswer = 'no application';
    await expect(host.openPdf('/tmp/x.pdf', 'system')).rejects.toThrow(/could not open/);
  });

  it('asks where to save, null on cancel', async () => {
    expect(await host.chooseSavePath('tax-invoice-7.pdf')).toBeNull();
    saveAnswer = { canceled: false, filePath: '/home/u/tax-invoice-7.pdf' };
    expect(await host.chooseSavePath('tax-invoice-7.pdf')).toBe('/home/u/tax-invoice-7.pdf');
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
