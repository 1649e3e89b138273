/** Whether a key press belongs to something the user is typing into (or a dialog): shortcuts leave those alone. */
function typing(e: KeyboardEvent): boolean {
  const el = e.target as HTMLElement | null;
  if (!el) return false;
  if (el.isContentEditable || ['TEXTAREA', 'SELECT'].includes(el.tagName)) return true;
  // A checkbox or a button takes no text: a shortcut pressed there is meant (x picks a row, then a approves).
  if (el.tagName === 'INPUT') return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes((el as HTMLInputElement).type);
  return el.closest('[role="dialog"], [role="listbox"], [role="menu"]') !== null;
}

/**
 * A one-key shortcut (no modifier) while nothing is being typed; returns its removal. By the key's
 * place (`KeyN`), so it is the same key on a Hebrew layout.
 */
export function onPlainKey(code: string, run: () => void): () => void {
  const handler = (e: KeyboardEvent) => {
    if (e.defaultPrevented || e.repeat || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey || typing(e) || e.code !== code) return;
    e.preventDefault();
    run();
  };
  window.addEventListener('keydown', handler);
  return () => window.removeEventListener('keydown', handler);
}
