import { BrowserWindow, dialog } from 'electron';
import { handlePreventUnload } from './unload';
import { mainWindowOptions } from './window-options';
import { APP_START_URL } from './renderer-source';

export { APP_START_URL };
export const APP_TITLE = 'BizOps Desktop';

/** The main window: hardened options, native "Discard unsaved changes?" dialog, shown when ready. */
export function createMainWindow(preloadPath: string, startUrl: string = APP_START_URL): BrowserWindow {
  const win = new BrowserWindow(mainWindowOptions(preloadPath, APP_TITLE));
  win.webContents.on('will-prevent-unload', (event) => {
    handlePreventUnload(event, (options) => dialog.showMessageBoxSync(win, options));
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(startUrl);
  return win;
}
