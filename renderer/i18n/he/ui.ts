import type { Messages } from '../en';

export default {
  theme: 'ערכת צבעים',
  light: 'בהירה',
  dark: 'כהה',
  system: 'כמו במערכת',
  openPalette: 'חיפוש ופקודות',
  shortcuts: 'קיצורי מקלדת',
} satisfies Messages['ui'];
