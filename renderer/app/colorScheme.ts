import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';
import type { Theme } from '../../shared';
import { invoke } from '../bridge/invoke';

/**
 * The theme the user chose is kept by main (ui.setTheme), so it outlives the window's storage and
 * follows the app's settings. A copy in localStorage lets the first paint use it without waiting
 * for the bridge; main's answer wins when they differ (ThemeSync).
 */
const CACHE_KEY = 'ui.theme';

export const schemeOf = (t: Theme): MantineColorScheme => (t === 'system' ? 'auto' : t);
export const themeOf = (s: MantineColorScheme): Theme => (s === 'auto' ? 'system' : s);
const isTheme = (v: unknown): v is Theme => v === 'light' || v === 'dark' || v === 'system';

function cached(): Theme | null {
  try {
    const v = localStorage.getItem(CACHE_KEY);
    return isTheme(v) ? v : null;
  } catch {
    return null;
  }
}

function cache(t: Theme): void {
  try {
    localStorage.setItem(CACHE_KEY, t);
  } catch {
    /* the copy only spares a flash at start */
  }
}

/** Mantine's colour scheme, read from the copy and written to main (and the copy). */
export const colorSchemeManager: MantineColorSchemeManager = {
  get: (fallback) => schemeOf(cached() ?? themeOf(fallback)),
  set: (value) => {
    const t = themeOf(value);
    if (t === cached()) return;
    cache(t);
    invoke('ui.setTheme', { theme: t }).catch(() => undefined);
  },
  subscribe: () => undefined,
  unsubscribe: () => undefined,
  clear: () => {
    try {
      localStorage.removeItem(CACHE_KEY);
    } catch {
      /* nothing kept */
    }
  },
};

/** Main's choice (a restart, another window): the copy follows it before Mantine is told. */
export async function themeFromMain(): Promise<Theme | null> {
  try {
    const { theme } = await invoke('ui.getTheme', {});
    cache(theme);
    return theme;
  } catch {
    return null;
  }
}
