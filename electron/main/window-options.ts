import type { BrowserWindowConstructorOptions } from 'electron';

/** Every window's webPreferences share this hardened base (Electron security checklist). */
const HARDENED = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webviewTag: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  experimentalFeatures: false,
  // Middle-click would otherwise open links in new windows past setWindowOpenHandler's intent.
  disableBlinkFeatures: 'Auxclick',
  navigateOnDragDrop: false,
  spellcheck: true,
  safeDialogs: true,
} as const;

/** The main window: the renderer at app://bizops with the bridge preload and nothing else. */
export function mainWindowOptions(preloadPath: string, title: string): BrowserWindowConstructorOptions {
  return {
    width: 1280,
    height: 800,
    minWidth: 900,
    minHeight: 600,
    title,
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: { ...HARDENED, preload: preloadPath },
  };
}

/**
 * The in-app PDF viewer: no preload, no Node, its own in-memory session. `plugins` is on
 * only here because Chromium's built-in PDF viewer is a plugin.
 */
export function pdfWindowOptions(title: string): BrowserWindowConstructorOptions {
  return {
    width: 900,
    height: 1000,
    title,
    autoHideMenuBar: true,
    webPreferences: { ...HARDENED, partition: PDF_PARTITION, plugins: true, spellcheck: false },
  };
}

/** In-memory (no "persist:" prefix) session used only by PDF windows. */
export const PDF_PARTITION = 'bizops-pdf-viewer';
