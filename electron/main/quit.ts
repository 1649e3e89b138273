import type { MessageBoxSyncOptions } from 'electron';
import type { Core } from '../core';
import { QUIT_ANYWAY, quitUnsentDialog } from './dialog-texts';

/**
 * Before the app quits: a session-only profile's outbox lives in memory, so changes it has not sent
 * are lost with the app. The user is asked first (in the app's language); true lets the quit go on.
 */
export function mayQuit(core: Pick<Core, 'profiles' | 'local'>, ask: (options: MessageBoxSyncOptions) => number): boolean {
  const unsent = core.profiles.active()?.session_only ? core.local.unsentChanges() : 0;
  return unsent === 0 || ask(quitUnsentDialog(unsent)) === QUIT_ANYWAY;
}
