import { beforeEach, describe, expect, it, vi } from 'vitest';

const created: { options: Record<string, unknown>; loaded: string[]; handlers: Map<string, (...a: unknown[]) => void>; events: Map<string, () => void> }[] = [];
const partitions: string[] = [];
const permissionHandlers: unknown[] = [];
const protocolHandlers = new Map<string, (request: Request) => Response>();

vi.mock('electron', () => {
  class BrowserWindow {
    readonly webContents: { on: (name: string, fn: (...a: unknown[]) => void) => void };
    private readonly record: (typeof created)[number];
    constructor(options: Record<string, unknown>) {
      this.record = { options, loaded: [], handlers: new Map(), events: new Map() };
      created.push(this.record);
      this.webContents = { on: (name, fn) => void this.record.handlers.set(name, fn) };
    }
    once(): void {}
    on(name: string, fn: () => void): void {
      this.record.events.set(name, fn);
    }
    setMenu(): void {}
    async loadURL(url: string): Promise<void> {
      this.record.loaded.push(url);
    }
  }
  const fakeSession = {
    setPermissionRequestHandler: (fn: unknown) => permissionHandlers.push(fn),
    setPermissionCheckHandler: (fn: unknown) => permissionHandlers.push(fn),
    setDevicePermissionHandler: (fn: unknown) => permissionHandlers.push(fn),
    protocol: { handle: (scheme: string, fn: (request: Request) => Response) => void protocolHandlers.set(scheme, fn) },
  };
  return {
    BrowserWindow,
    dialog: { showMessageBoxSync: vi.fn(() => 0) },
    session: { fromPartition: (p: string) => { partitions.push(p); return fakeSession; } },
  };
});

const { createMainWindow, APP_START_URL } = await import('../../../electron/main/main-window');
const { openPdfWindow, PDF_SCHEME, PDF_SCHEME_PRIVILEGES, PdfMemory } = await import('../../../electron/main/pdf-window');
const { mainWindowOptions, pdfWindowOptions, PDF_PARTITION } = await import('../../../electron/main/window-options');

const SECURE = {
  contextIsolation: true, sandbox: true, nodeIntegration: false, nodeIntegrationInWorker: false, nodeIntegrationInSubFrames: false,
  webviewTag: false, webSecurity: true, allowRunningInsecureContent: false, experimentalFeatures: false, disableBlinkFeatures: 'Auxclick',
};

beforeEach(() => {
  created.length = 0;
});

describe('window options', () => {
  it('main window: hardened, with the bridge preload only', () => {
    const prefs = mainWindowOptions('/app/out/preload/index.cjs', 'BizOps').webPreferences;
    expect(prefs).toMatchObject({ ...SECURE, preload: '/app/out/preload/index.cjs' });
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
    expect(prefs).not.toHaveProperty('nodeIntegration', true);
  });

  it('PDF window: hardened, no preload, its own non-persistent session', () => {
    const prefs = pdfWindowOptions('a.pdf').webPreferences;
    expect(prefs).toMatchObject({ ...SECURE, partition: PDF_PARTITION });
    expect(prefs).not.toHaveProperty('preload');
    expect(PDF_PARTITION.startsWith('persist:')).toBe(false);
  });
});

describe('windows the app creates', () => {
  it('createMainWindow uses the hardened options and loads app://bizops, not file://', () => {
    createMainWindow('/x/preload.cjs');
    expect(created).toHaveLength(1);
    expect(created[0]?.options).toEqual(mainWindowOptions('/x/preload.cjs', 'BizOps Desktop'));
    expect(created[0]?.loaded).toEqual([APP_START_URL]);
    expect(APP_START_URL).toBe('app://bizops/index.html');
  });

  it('createMainWindow loads the start URL it is given (the dev server in npm run dev)', () => {
    createMainWindow('/x/preload.cjs', 'http://localhost:5173/');
    expect(created[0]?.loaded).toEqual(['http://localhost:5173/']);
    expect(created[0]?.options).toEqual(mainWindowOptions('/x/preload.cjs', 'BizOps Desktop'));
  });

  it('createMainWindow asks before discarding unsaved changes', () => {
    createMainWindow('/x/preload.cjs');
    const handler = created[0]?.handlers.get('will-prevent-unload');
    const event = { preventDefault: vi.fn() };
    handler?.(event);
    expect(event.preventDefault).toHaveBeenCalledOnce();
  });

  it('openPdfWindow shows the PDF from memory through the PDF session only, and forgets it when the window closes', async () => {
    const pdf = Buffer.from('%PDF-1.7\n%%EOF\n', 'latin1');
    await openPdfWindow(pdf, 'tax-invoice-7.pdf');
    expect(created).toHaveLength(1);
    expect(created[0]?.options).toEqual(pdfWindowOptions('tax-invoice-7.pdf'));
    const url = created[0]!.loaded[0]!;
    expect(url).toMatch(/^bizops-pdf:\/\/document\/[0-9a-f]{48}\.pdf$/);
    expect(partitions).toEqual([PDF_PARTITION]);
    expect(permissionHandlers).toHaveLength(3);
    const handler = protocolHandlers.get(PDF_SCHEME)!;
    const served = handler(new Request(url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);

    // A second window: same session and handler, its own URL.
    await openPdfWindow(pdf, 'b.pdf');
    expect(partitions).toEqual([PDF_PARTITION]);
    expect(created[1]!.loaded[0]).not.toBe(url);

    created[0]!.events.get('closed')?.();
    expect(handler(new Request(url)).status).toBe(404);
    expect(handler(new Request(created[1]!.loaded[0]!)).status).toBe(200);
  });
});

describe('PDFs served from memory', () => {
  it('a token of another window, another host, another method or a file path gets nothing', async () => {
    const mem = new PdfMemory();
    const { url, token } = mem.add(new Uint8Array([37, 80, 68, 70]));
    expect(mem.handle(new Request(url)).status).toBe(200);
    for (const bad of [url.replace(token, 'f'.repeat(48)), url.replace('//document/', '//other/'), `${url}/../x`, `${PDF_SCHEME}://document/${token}`, 'file:///etc/passwd']) {
      expect(mem.handle(new Request(bad)).status, bad).toBe(404);
    }
    expect(mem.handle(new Request(url, { method: 'POST', body: 'x' })).status).toBe(404);
    mem.remove(token);
    expect(mem.size()).toBe(0);
  });

  it('the scheme is secure and standard, and grants nothing beyond that', () => {
    expect(PDF_SCHEME_PRIVILEGES).toEqual({ scheme: 'bizops-pdf', privileges: { standard: true, secure: true, stream: true, supportFetchAPI: false, corsEnabled: false, bypassCSP: false } });
  });
});
