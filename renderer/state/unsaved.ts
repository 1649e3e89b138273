/** Forms with changes not saved yet (switching profile or closing the window asks first). */
const dirty = new Set<symbol>();

export function markUnsaved(owner: symbol, isDirty: boolean): void {
  if (isDirty) dirty.add(owner);
  else dirty.delete(owner);
}

export const hasUnsaved = (): boolean => dirty.size > 0;
