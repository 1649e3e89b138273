import type { MessageBoxSyncOptions } from 'electron';
import { discardDialog } from './dialog-texts';

/**
 * `will-prevent-unload` fires when the renderer's unsaved-changes guard blocks closing or
 * reloading. Calling preventDefault() on it lets the unload go ahead, so we do that only
 * when the user chooses to discard. The question is asked in the app's language.
 */
export function handlePreventUnload(event: { preventDefault(): void }, ask: (options: MessageBoxSyncOptions) => number): boolean {
  const discard = ask(discardDialog()) === 0;
  if (discard) event.preventDefault();
  return discard;
}
