import type { Messages } from '../en';

export default {
  voided: 'מבוטלת: נשמרת לתיעוד, ואינה נספרת עוד',
} satisfies Messages['banners'];
