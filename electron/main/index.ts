import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, safeStorage, session, utilityProcess } from 'electron';
import { IPC } from '../../shared';
import { ENGINE_FILE, createCore, startEngine, type Core } from '../core';
import { redactText } from '../core/redact';
import { DEMO_CHILD_ENTRY } from '../sandbox/demo-protocol';
import { UtilityDemoHost } from './demo-host';
import { isSupportedElectron } from './electron-support';
import { createHostServices } from './host-services';
import { BridgeIpc } from './ipc';
import { createConsoleLogger } from './logger';
import { APP_TITLE, createMainWindow } from './main-window';
import { buildMenuTemplate, KEY_HELP } from './menu';
import { APP_SCHEME_PRIVILEGES, createAppProtocolHandler } from './app-protocol';
import { PDF_SCHEME_PRIVILEGES } from './pdf-window';
import { rendererSource } from './renderer-source';
import { hardenSession, hardenWebContents } from './security';
import { openSettingsStore, openVaultFile } from './stores';
import { SafeStorageVault } from './vault';
import { SafeStorageCopyKeys } from './copy-keys';
import { mayQuit } from './quit';

const here = fileURLToPath(new URL('.', import.meta.url));
const RENDERER_DIR = join(here, '../renderer');
const PRELOAD = join(here, '../preload/index.cjs');

// The built renderer on app://bizops; the Vite dev server only in an unpackaged `npm run dev`.
const source = rendererSource(app.isPackaged, process.env.ELECTRON_RENDERER_URL);

// Must run before `ready`, once: app:// and bizops-pdf:// become standard, secure origins.
protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES, PDF_SCHEME_PRIVILEGES]);

let core: Core | null = null;
let mainWindow: BrowserWindow | null = null;
let cleanedUp = false;

function showMainWindow(): void {
  if (mainWindow && !mainWindow.isDestroyed()) {
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
    return;
  }
  mainWindow = createMainWindow(PRELOAD, source.startUrl);
  mainWindow.on('closed', () => { mainWindow = null; });
  // The local copy looks for changes while the window is in use, and at once when it comes back.
  mainWindow.on('focus', () => core?.local.focus(true));
  mainWindow.on('blur', () => core?.local.focus(false));
}

async function start(): Promise<void> {
  hardenSession(session.defaultSession, source.csp);
  protocol.handle(APP_SCHEME_PRIVILEGES.scheme, createAppProtocolHandler(RENDERER_DIR));

  const host = createHostServices();
  const vaultFile = openVaultFile();
  const vault = new SafeStorageVault(safeStorage, vaultFile);
  core = createCore({
    vault,
    localHost: new SafeStorageCopyKeys(safeStorage, vaultFile, () => app.getPath('userData')),
    engine: async () => startEngine(join(here, ENGINE_FILE)),
    store: openSettingsStore(),
    host,
    demo: new UtilityDemoHost(join(here, DEMO_CHILD_ENTRY), join(app.getPath('userData'), 'demo-data.json'), (path, args, options) => utilityProcess.fork(path, args, options)),
    log: createConsoleLogger(),
    isAllowedSender: source.isAllowedSender,
  });
  const running = core;
  app.once('will-quit', () => host.disposeTemp());
  new BridgeIpc(ipcMain, running.router, source.isAllowedSender).register();
  running.events.on((event, payload) => {
    for (const w of BrowserWindow.getAllWindows()) {
      if (source.isAllowedSender(w.webContents.getURL())) w.webContents.send(IPC.event, event, payload);
    }
  });

  Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate({
    appName: APP_TITLE,
    isMac: process.platform === 'darwin',
    showKeyHelp: () => void dialog.showMessageBox({ type: 'info', ...KEY_HELP }),
    showAbout: () => app.showAboutPanel(),
  })));
  app.setAboutPanelOptions({ applicationName: APP_TITLE, applicationVersion: app.getVersion() });
  running.log.info('app started', { version: app.getVersion(), electron: process.versions.electron, vault_backend: vault.backend(), dev_server: source.devOrigin });
  if (!isSupportedElectron(process.versions.electron ?? '', new Date())) running.log.warn('this Electron major no longer gets security fixes; update the app');
  showMainWindow();
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', showMainWindow);
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, source.mayNavigate));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (app.isReady() && BrowserWindow.getAllWindows().length === 0) showMainWindow();
  });
  // Temporary PDFs and the demo sandbox are cleaned up before the process exits; a session-only
  // profile's changes not sent yet (kept in memory) are not lost without asking.
  app.on('before-quit', (event) => {
    if (cleanedUp || !core) return;
    event.preventDefault();
    const window = mainWindow && !mainWindow.isDestroyed() ? mainWindow : null;
    if (!mayQuit(core, (options) => (window ? dialog.showMessageBoxSync(window, options) : dialog.showMessageBoxSync(options)))) return;
    cleanedUp = true;
    void core.shutdown().catch(() => undefined).finally(() => app.quit());
  });
  app.whenReady().then(start).catch((err: unknown) => {
    createConsoleLogger().error('startup failed', { error: err instanceof Error ? redactText(err.message) : 'unknown' });
    app.quit();
  });
}
