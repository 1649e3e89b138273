import { createTheme, getPrimaryShade, type CSSVariablesResolver } from '@mantine/core';
import { accessibleDarkVariables, accessibleLightVariables } from '../lib/contrast';

export const theme = createTheme({
  primaryColor: 'indigo',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Hebrew", sans-serif',
  focusRing: 'auto',
  defaultRadius: 'sm',
  // Filled chips on light colours (the yellow TEST badge) get black text instead of white.
  autoContrast: true,
  // A user who asks the system for less motion gets none: menus, drawers and dialogs appear at once.
  respectReducedMotion: true,
  components: {
    // A closed Select keeps no dropdown in the page (a mounted one measures its position, restyling the
    // whole page); a plain object, not Combobox.extend, so the first screen does not load Combobox.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/** Mantine's own variables plus colours of both schemes that meet WCAG AA (see contrast.ts). */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: accessibleLightVariables({ colors: t.colors, white: t.white, primaryColor: t.primaryColor, shade: getPrimaryShade(t, 'light'), luminanceThreshold: t.luminanceThreshold }),
  dark: accessibleDarkVariables({ colors: t.colors, white: t.white, primaryColor: t.primaryColor, shade: getPrimaryShade(t, 'dark'), luminanceThreshold: t.luminanceThreshold }),
});
