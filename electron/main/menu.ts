import type { MenuItemConstructorOptions } from 'electron';

export interface MenuActions {
  appName: string;
  isMac: boolean;
  showKeyHelp: () => void;
  showAbout: () => void;
}

/** The application menu: standard roles (and so standard shortcuts) plus a Help menu. */
export function buildMenuTemplate(a: MenuActions): MenuItemConstructorOptions[] {
  const appMenu: MenuItemConstructorOptions[] = a.isMac
    ? [{
        label: a.appName,
        submenu: [
          { role: 'about' }, { type: 'separator' }, { role: 'services' }, { type: 'separator' },
          { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, { role: 'quit' },
        ],
      }]
    : [];
  return [
    ...appMenu,
    { role: 'fileMenu', submenu: [a.isMac ? { role: 'close' } : { role: 'quit' }] },
    {
      role: 'editMenu',
      submenu: [
        { role: 'undo' }, { role: 'redo' }, { type: 'separator' },
        { role: 'cut' }, { role: 'copy' }, { role: 'paste' }, { role: 'pasteAndMatchStyle' }, { role: 'delete' }, { role: 'selectAll' },
      ],
    },
    {
      role: 'viewMenu',
      submenu: [
        { role: 'reload' }, { type: 'separator' },
        { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' },
      ],
    },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: 'Where do I get an API key?', accelerator: 'F1', click: () => a.showKeyHelp() },
        ...(a.isMac ? [] : [{ type: 'separator' as const }, { label: `About ${a.appName}`, click: () => a.showAbout() }]),
      ],
    },
  ];
}

export const KEY_HELP = {
  title: 'API keys',
  message: 'Where do I get an API key?',
  detail:
    'Only the primary business owner can create API keys, in the business application (not in this app). ' +
    'Choose the permissions the key needs, copy the key once, then use "Paste key from clipboard" here. ' +
    'This app keeps the key encrypted on this computer, or only in memory if you choose a session-only key.',
} as const;
