import { useMemo } from 'react';
import { useHotkeys, type HotkeyItem } from '@mantine/hooks';
import { GLOBAL_KEYS } from './bindings';
import { runTarget } from './targets';

/** A dialog other than the record drawer is open: letters belong to it, not to the screen under it. */
const dialogOpen = () => document.querySelector('[role="dialog"]:not([data-testid="record-drawer"])') !== null;

const bindings = (id: keyof typeof GLOBAL_KEYS): readonly string[] => GLOBAL_KEYS[id];

/**
 * The shell's shortcuts: Ctrl/⌘+K the palette (also from a text field), `?` the shortcut list,
 * `n` create and `e` edit in the current screen (screens say what: keys/targets.ts). Letters are
 * read by their place on the keyboard, so they work with a Hebrew layout as well.
 */
export function useGlobalShortcuts(actions: { palette: () => void; help: () => void }): void {
  const anywhere = useMemo<HotkeyItem[]>(() => bindings('palette').map((k) => [k, actions.palette, { preventDefault: true, usePhysicalKeys: true }]), [actions.palette]);
  const outsideFields = useMemo<HotkeyItem[]>(() => {
    const letter = (action: 'create' | 'edit') => () => { if (!dialogOpen()) runTarget(action); };
    return [
      ...bindings('help').map((k): HotkeyItem => [k, () => { if (!dialogOpen()) actions.help(); }]),
      ...bindings('create').map((k): HotkeyItem => [k, letter('create'), { preventDefault: false, usePhysicalKeys: true }]),
      ...bindings('edit').map((k): HotkeyItem => [k, letter('edit'), { preventDefault: false, usePhysicalKeys: true }]),
    ];
  }, [actions]);
  useHotkeys(anywhere, []);
  useHotkeys(outsideFields);
}
