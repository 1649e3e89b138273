export default {
  theme: 'Theme',
  light: 'Light',
  dark: 'Dark',
  system: 'Same as the system',
  openPalette: 'Search and commands',
  shortcuts: 'Keyboard shortcuts',
} as const;
