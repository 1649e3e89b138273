import type { Messages } from '../en';

export default {
  fullPage: 'פתיחה בעמוד מלא',
  previous: 'הרשומה הקודמת',
  next: 'הרשומה הבאה',
  position: 'שורה {{n}} מתוך {{total}}',
} satisfies Messages['drawer'];
