/**
 * The keys the shell binds anywhere in the app (@mantine/hooks' notation). The shortcut list
 * (shortcuts.ts, loaded with the `?` dialog) names the same bindings, so each is written once.
 */
export const GLOBAL_KEYS = {
  palette: ['mod+K'],
  help: ['shift+?', '?'],
  create: ['n'],
  edit: ['e'],
} as const;

const GLYPHS: Record<string, string> = { ArrowDown: '↓', ArrowUp: '↑', ArrowLeft: '←', ArrowRight: '→', Escape: 'Esc' };

/** How a key is written on screen: arrows as arrows, Mod as Ctrl or ⌘. */
export function keyLabel(key: string, mac: boolean): string {
  if (key === 'Mod') return mac ? '⌘' : 'Ctrl';
  return GLYPHS[key] ?? key;
}

export const isMac = (): boolean => /Mac|iPhone|iPad/.test((globalThis as { navigator?: { platform?: string } }).navigator?.platform ?? '');
