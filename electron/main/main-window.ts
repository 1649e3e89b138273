import { BrowserWindow, dialog } from 'electron';
import { APP_ORIGIN } from '../core/app-origin';
import { handlePreventUnload } from './unload';
import { mainWindowOptions } from './window-options';

export const APP_TITLE = 'BizOps Desktop';
export const APP_START_URL = `${APP_ORIGIN}/index.html`;

/** The main window: hardened options, native "Discard unsaved changes?" dialog, shown when ready. */
export function createMainWindow(preloadPath: string): BrowserWindow {
  const win = new BrowserWindow(mainWindowOptions(preloadPath, APP_TITLE));
  win.webContents.on('will-prevent-unload', (event) => {
    handlePreventUnload(event, (options) => dialog.showMessageBoxSync(win, options));
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(APP_START_URL);
  return win;
}
