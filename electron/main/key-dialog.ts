import type { MessageBoxOptions } from 'electron';
import type { KeyUseQuestion } from '../core/ports';

const USE = 0;
const CANCEL = 1;

/**
 * The question asked before main reads an API key from the clipboard. It names the host the key
 * will be sent to, because the page that asked may not be trusted; Cancel is the default button.
 */
export function keyUseDialog(q: KeyUseQuestion): MessageBoxOptions {
  const action = q.purpose === 'add' ? `connect the new profile "${q.profileName}"` : `replace the key of "${q.profileName}"`;
  return {
    type: 'question',
    title: 'Use the key on the clipboard?',
    message: `Send the API key on your clipboard to ${q.host}?`,
    detail:
      `The app will read the key from your clipboard to ${action}, and send it with every request to ${q.baseUrl}. ` +
      'Continue only if you copied an API key for this address just now.',
    buttons: ['Use the key', 'Cancel'],
    defaultId: CANCEL,
    cancelId: CANCEL,
    noLink: true,
  };
}

/** True only when the user chose "Use the key". */
export const keyUseAllowed = (response: number): boolean => response === USE;
