import type { Messages } from '../en';

export default {
  button: 'ביטול',
  done: 'השינוי בוטל',
  unknown: 'לא ידוע אם השינוי בוטל: כדאי לבדוק את הרשומה לפני שמנסים שוב.',
} satisfies Messages['undo'];
