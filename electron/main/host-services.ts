import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, clipboard, dialog, shell } from 'electron';
import type { HostServices } from '../core/ports';
import { keyUseAllowed, keyUseDialog, saveFilter, setDialogLanguage } from './dialog-texts';
import { openPdfWindow } from './pdf-window';

/** Electron's clipboard, shell and dialogs behind the core's HostServices port. */
export function createHostServices(): HostServices & { disposeTemp(): void } {
  const temp = mkdtempSync(join(app.getPath('temp'), 'bizops-pdf-'));
  return {
    readClipboardText: () => clipboard.readText(),
    writeClipboardText: (text) => clipboard.writeText(text),
    clearClipboard: () => clipboard.clear(),
    confirmKeyUse: async (question) => {
      const parent = BrowserWindow.getFocusedWindow();
      const options = keyUseDialog(question);
      const { response } = parent ? await dialog.showMessageBox(parent, options) : await dialog.showMessageBox(options);
      return keyUseAllowed(response);
    },
    openPdf: async (filePath) => {
      const problem = await shell.openPath(filePath);
      if (problem) throw new Error('the system PDF viewer could not open the file');
    },
    showPdf: (bytes, title) => openPdfWindow(bytes, title),
    chooseSavePath: async (defaultFileName, kind = 'pdf') => {
      const options = { defaultPath: join(app.getPath('documents'), defaultFileName), filters: [saveFilter(kind)] };
      const parent = BrowserWindow.getFocusedWindow();
      const r = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
      return r.canceled || !r.filePath ? null : r.filePath;
    },
    setUiLanguage: (language) => setDialogLanguage(language),
    tempDir: () => temp,
    appInfo: () => ({ version: app.getVersion(), platform: process.platform, locale: app.getLocale() }),
    disposeTemp: () => rmSync(temp, { recursive: true, force: true }),
  };
}
