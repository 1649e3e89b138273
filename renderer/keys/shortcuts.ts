import type { MessageKey } from '../i18n/en';
import { GLOBAL_KEYS } from './bindings';

/**
 * Every keyboard shortcut of the app, as the list `?` shows them. Keys are named as KeyboardEvent.key
 * names them; `rtl` is what the key becomes in right-to-left; `hotkeys` are the global bindings the
 * shell makes (bindings.ts), and the screens' own keys live with them (rowKeys.ts, the drawer, the form).
 */
export type ShortcutScope = 'everywhere' | 'tables' | 'records' | 'forms';
export interface Shortcut {
  id: string;
  scope: ShortcutScope;
  text: MessageKey;
  /** Alternatives, each a chord of keys ("Mod" is Ctrl, or ⌘ on a Mac). */
  keys: readonly (readonly string[])[];
  rtl?: readonly (readonly string[])[];
  /** Global bindings the shell registers. */
  hotkeys?: readonly string[];
}

export const SHORTCUTS: readonly Shortcut[] = [
  { id: 'palette', scope: 'everywhere', text: 'shortcuts.palette', keys: [['Mod', 'K']], hotkeys: GLOBAL_KEYS.palette },
  { id: 'help', scope: 'everywhere', text: 'shortcuts.help', keys: [['?']], hotkeys: GLOBAL_KEYS.help },
  { id: 'create', scope: 'everywhere', text: 'shortcuts.create', keys: [['N']], hotkeys: GLOBAL_KEYS.create },
  { id: 'close', scope: 'everywhere', text: 'shortcuts.close', keys: [['Escape']] },
  { id: 'nextRow', scope: 'tables', text: 'shortcuts.nextRow', keys: [['ArrowDown'], ['J']] },
  { id: 'previousRow', scope: 'tables', text: 'shortcuts.previousRow', keys: [['ArrowUp'], ['K']] },
  { id: 'firstRow', scope: 'tables', text: 'shortcuts.firstRow', keys: [['Home']] },
  { id: 'lastRow', scope: 'tables', text: 'shortcuts.lastRow', keys: [['End']] },
  { id: 'openRow', scope: 'tables', text: 'shortcuts.openRow', keys: [['Enter']] },
  { id: 'selectRow', scope: 'tables', text: 'shortcuts.selectRow', keys: [['X'], ['Shift', 'X']] },
  { id: 'approveSelected', scope: 'tables', text: 'shortcuts.approveSelected', keys: [['A']] },
  { id: 'nextPage', scope: 'tables', text: 'shortcuts.nextPage', keys: [['ArrowRight']], rtl: [['ArrowLeft']] },
  { id: 'previousPage', scope: 'tables', text: 'shortcuts.previousPage', keys: [['ArrowLeft']], rtl: [['ArrowRight']] },
  { id: 'edit', scope: 'tables', text: 'shortcuts.edit', keys: [['E']], hotkeys: GLOBAL_KEYS.edit },
  { id: 'nextRecord', scope: 'records', text: 'shortcuts.nextRecord', keys: [['J']] },
  { id: 'previousRecord', scope: 'records', text: 'shortcuts.previousRecord', keys: [['K']] },
  { id: 'editRecord', scope: 'records', text: 'shortcuts.editRecord', keys: [['E']] },
  { id: 'save', scope: 'forms', text: 'shortcuts.save', keys: [['Mod', 'S']] },
];
