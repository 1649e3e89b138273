import type { Translate } from '../i18n';
import { askConfirm } from '../lib/ask';

/** Forms with changes not saved yet (switching profile or closing the window asks first). */
const dirty = new Set<symbol>();

export function markUnsaved(owner: symbol, isDirty: boolean): void {
  if (isDirty) dirty.add(owner);
  else dirty.delete(owner);
}

export const hasUnsaved = (): boolean => dirty.size > 0;

/** "Discard unsaved changes?" in the user's language; true when the user lets them go. */
export const confirmDiscard = (t: Translate) =>
  askConfirm({ title: t('unsaved.title'), body: t('unsaved.body'), confirm: t('unsaved.discard'), danger: true });

/** Asks before leaving with unsaved changes: only when there are some, and lets go once confirmed. */
export async function mayLeave(t: Translate): Promise<boolean> {
  return !hasUnsaved() || confirmDiscard(t);
}
