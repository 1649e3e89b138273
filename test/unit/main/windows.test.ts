import { beforeEach, describe, expect, it, vi } from 'vitest';

const created: { options: Record<string, unknown>; loaded: string[]; handlers: Map<string, (...a: unknown[]) => void> }[] = [];
const partitions: string[] = [];
const permissionHandlers: unknown[] = [];

vi.mock('electron', () => {
  class BrowserWindow {
    readonly webContents: { on: (name: string, fn: (...a: unknown[]) => void) => void };
    private readonly record: (typeof created)[number];
    constructor(options: Record<string, unknown>) {
      this.record = { options, loaded: [], handlers: new Map() };
      created.push(this.record);
      this.webContents = { on: (name, fn) => void this.record.handlers.set(name, fn) };
    }
    once(): void {}
    setMenu(): void {}
    async loadURL(url: string): Promise<void> {
      this.record.loaded.push(url);
    }
  }
  const fakeSession = {
    setPermissionRequestHandler: (fn: unknown) => permissionHandlers.push(fn),
    setPermissionCheckHandler: (fn: unknown) => permissionHandlers.push(fn),
    setDevicePermissionHandler: (fn: unknown) => permissionHandlers.push(fn),
  };
  return {
    BrowserWindow,
    dialog: { showMessageBoxSync: vi.fn(() => 0) },
    session: { fromPartition: (p: string) => { partitions.push(p); return fakeSession; } },
  };
});

const { createMainWindow, APP_START_URL } = await import('../../../electron/main/main-window');
const { openPdfWindow } = await import('../../../electron/main/pdf-window');
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

  it('openPdfWindow opens the temp file in a window without preload and denies its permissions', async () => {
    await openPdfWindow('/tmp/bizops-pdf-x/bizops-0a.pdf');
    expect(created).toHaveLength(1);
    expect(created[0]?.options).toEqual(pdfWindowOptions('bizops-0a.pdf'));
    expect(created[0]?.loaded).toEqual(['file:///tmp/bizops-pdf-x/bizops-0a.pdf']);
    expect(partitions).toContain(PDF_PARTITION);
    expect(permissionHandlers).toHaveLength(3);
  });
});
