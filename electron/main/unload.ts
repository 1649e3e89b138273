import type { MessageBoxSyncOptions } from 'electron';

export const DISCARD_DIALOG: MessageBoxSyncOptions = {
  type: 'question',
  buttons: ['Discard changes', 'Keep editing'],
  defaultId: 1,
  cancelId: 1,
  title: 'Unsaved changes',
  message: 'Discard unsaved changes?',
  detail: 'What you typed has not been saved yet.',
  noLink: true,
};

/**
 * `will-prevent-unload` fires when the renderer's unsaved-changes guard blocks closing or
 * reloading. Calling preventDefault() on it lets the unload go ahead, so we do that only
 * when the user chooses to discard.
 */
export function handlePreventUnload(event: { preventDefault(): void }, ask: (options: MessageBoxSyncOptions) => number): boolean {
  const discard = ask(DISCARD_DIALOG) === 0;
  if (discard) event.preventDefault();
  return discard;
}
