import app from './app';
import groups from './groups';
import areas from './areas';
import ui from './ui';

/** The texts of the first screen (shell, navigation): loaded before anything else. */
export const enShell = { app, groups, areas, ui };
