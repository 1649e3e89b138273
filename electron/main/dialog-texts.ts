import type { MessageBoxOptions, MessageBoxSyncOptions } from 'electron';
import type { KeyUseQuestion, SaveKind } from '../core/ports';
import { withoutLineBreakers, type UiLanguage } from '../../shared';

/**
 * Native dialogs in the language the user chose in the app (the renderer reports it through
 * ui.setLanguage), so a Hebrew user is not asked in English when closing the window.
 */
let current: UiLanguage = 'en';
export const setDialogLanguage = (l: UiLanguage): void => { current = l; };
export const dialogLanguage = (): UiLanguage => current;

const DISCARD = {
  en: { buttons: ['Discard changes', 'Keep editing'], title: 'Unsaved changes', message: 'Discard unsaved changes?', detail: 'What you typed has not been saved yet.' },
  he: { buttons: ['ביטול השינויים', 'המשך עריכה'], title: 'שינויים שלא נשמרו', message: 'לבטל את השינויים שלא נשמרו?', detail: 'מה שהוקלד עדיין לא נשמר.' },
} as const;

/** "Discard unsaved changes?": Keep editing is the default and the answer to Escape. */
export function discardDialog(l: UiLanguage = current): MessageBoxSyncOptions {
  const t = DISCARD[l];
  return { type: 'question', buttons: [...t.buttons], defaultId: 1, cancelId: 1, title: t.title, message: t.message, detail: t.detail, noLink: true };
}

const QUIT_UNSENT = {
  en: {
    title: 'Changes not sent',
    message: (n: number) => (n === 1 ? 'Quit and lose a change made offline?' : `Quit and lose ${n} changes made offline?`),
    detail: 'This profile keeps its API key for this session only, so the changes waiting to be sent are kept in memory and are lost when the app quits. Keep the app open until they are sent, or send or discard them in the outbox.',
    buttons: ['Quit and lose them', 'Keep the app open'],
  },
  he: {
    title: 'שינויים שלא נשלחו',
    message: (n: number) => (n === 1 ? 'לצאת ולאבד שינוי אחד שנעשה בלי חיבור?' : n === 2 ? 'לצאת ולאבד שני שינויים שנעשו בלי חיבור?' : `לצאת ולאבד ${n} שינויים שנעשו בלי חיבור?`),
    detail: 'הפרופיל הזה שומר את מפתח ה־API רק עד שהאפליקציה נסגרת, ולכן שינויים שממתינים לשליחה נשמרים בזיכרון ויאבדו ביציאה. כדאי להשאיר את האפליקציה פתוחה עד שיישלחו, או לשלוח או לבטל אותם בתיבת היוצאים.',
    buttons: ['יציאה ואיבוד השינויים', 'השארת האפליקציה פתוחה'],
  },
} as const;
export const QUIT_ANYWAY = 0;

/**
 * Quitting with changes a session-only profile keeps in memory (its outbox): they would be lost.
 * "Keep the app open" is the default and the answer to Escape.
 */
export function quitUnsentDialog(n: number, l: UiLanguage = current): MessageBoxSyncOptions {
  const t = QUIT_UNSENT[l];
  return { type: 'warning', buttons: [...t.buttons], defaultId: 1, cancelId: 1, title: t.title, message: t.message(n), detail: t.detail, noLink: true };
}

export const KEY_USE = 0;
const KEY_CANCEL = 1;

/**
 * The question asked before main reads an API key from the clipboard. It names the host the key
 * will be sent to, because the page that asked may not be trusted; Cancel is the default button.
 */
export function keyUseDialog(q: KeyUseQuestion, l: UiLanguage = current): MessageBoxOptions {
  const he = l === 'he';
  // A name saved by an older build may hold a newline (a fake second question): shown on one line.
  const name = withoutLineBreakers(q.profileName);
  const action = q.purpose === 'add'
    ? (he ? `לחבר את הפרופיל החדש "${name}"` : `connect the new profile "${name}"`)
    : (he ? `להחליף את המפתח של "${name}"` : `replace the key of "${name}"`);
  return {
    type: 'question',
    title: he ? 'להשתמש במפתח שבלוח?' : 'Use the key on the clipboard?',
    message: he ? `לשלוח את מפתח ה-API שבלוח אל ${q.host}?` : `Send the API key on your clipboard to ${q.host}?`,
    detail: he
      ? `האפליקציה תקרא את המפתח מהלוח כדי ${action}, ותשלח אותו בכל בקשה אל ${q.baseUrl}. יש להמשיך רק אם הועתק עכשיו מפתח API לכתובת הזו.`
      : `The app will read the key from your clipboard to ${action}, and send it with every request to ${q.baseUrl}. ` +
        'Continue only if you copied an API key for this address just now.',
    buttons: he ? ['שימוש במפתח', 'ביטול'] : ['Use the key', 'Cancel'],
    defaultId: KEY_CANCEL,
    cancelId: KEY_CANCEL,
    noLink: true,
  };
}

/** True only when the user chose "Use the key". */
export const keyUseAllowed = (response: number): boolean => response === KEY_USE;

const SAVE_FILTERS = {
  en: { pdf: 'PDF document', csv: 'CSV (comma-separated, UTF-8)', xlsx: 'Excel workbook' },
  he: { pdf: 'מסמך PDF', csv: 'CSV (מופרד בפסיקים, UTF-8)', xlsx: 'חוברת Excel' },
} as const;

/** The save dialog's file type, named in the app's language. */
export function saveFilter(kind: SaveKind, l: UiLanguage = current): { name: string; extensions: string[] } {
  return { name: SAVE_FILTERS[l][kind], extensions: [kind] };
}
