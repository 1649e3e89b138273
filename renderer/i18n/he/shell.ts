import type { Messages } from '../en';
import app from './app';
import groups from './groups';
import areas from './areas';
import ui from './ui';

/** The texts of the first screen (shell, navigation); typed against the English ones. */
export const heShell: Pick<Messages, 'app' | 'groups' | 'areas' | 'ui'> = { app, groups, areas, ui };
