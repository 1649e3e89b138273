import { createTheme, getPrimaryShade, type CSSVariablesResolver } from '@mantine/core';
import { accessibleDarkVariables, accessibleLightVariables } from './contrast';

export const theme = createTheme({
  primaryColor: 'indigo',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Hebrew", sans-serif',
  focusRing: 'auto',
  defaultRadius: 'sm',
  // Filled chips on light colours (the yellow TEST badge) get black text instead of white.
  autoContrast: true,
  components: {
    // A closed Select keeps no dropdown in the page: mounted, each one measured its position (a style
    // recalculation of the whole page) whenever a screen with selects appeared. A plain object rather
    // than Combobox.extend, so the first screen does not load Combobox for it.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/** Mantine's own variables plus colours of both schemes that meet WCAG AA (see contrast.ts). */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: accessibleLightVariables({ colors: t.colors, white: t.white, primaryColor: t.primaryColor, shade: getPrimaryShade(t, 'light'), luminanceThreshold: t.luminanceThreshold }),
  dark: accessibleDarkVariables({ colors: t.colors, white: t.white, primaryColor: t.primaryColor, shade: getPrimaryShade(t, 'dark'), luminanceThreshold: t.luminanceThreshold }),
});
