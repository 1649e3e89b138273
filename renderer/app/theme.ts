import { createTheme, getPrimaryShade, type CSSVariablesResolver } from '@mantine/core';
import { accessibleLightVariables } from './contrast';

export const theme = createTheme({
  primaryColor: 'indigo',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Hebrew", sans-serif',
  focusRing: 'auto',
  defaultRadius: 'sm',
  // Filled chips on light colours (the yellow TEST badge) get black text instead of white.
  autoContrast: true,
});

/** Mantine's own variables plus light-scheme colours that meet WCAG AA (see contrast.ts). */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: accessibleLightVariables({ colors: t.colors, white: t.white, primaryColor: t.primaryColor, shade: getPrimaryShade(t, 'light'), luminanceThreshold: t.luminanceThreshold }),
  dark: {},
});
