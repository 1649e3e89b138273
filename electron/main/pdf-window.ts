import { pathToFileURL } from 'node:url';
import { basename } from 'node:path';
import { BrowserWindow, session } from 'electron';
import { denyPermissions } from './security';
import { PDF_PARTITION, pdfWindowOptions } from './window-options';

let sessionHardened = false;

/** Shows a downloaded PDF in a window with no preload, no Node and its own session. */
export async function openPdfWindow(filePath: string): Promise<void> {
  if (!sessionHardened) {
    denyPermissions(session.fromPartition(PDF_PARTITION));
    sessionHardened = true;
  }
  const win = new BrowserWindow(pdfWindowOptions(basename(filePath)));
  win.setMenu(null);
  await win.loadURL(pathToFileURL(filePath).href);
}
