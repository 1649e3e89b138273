import type { Messages } from '../en';

export default {
  title: 'לבטל את השינויים שלא נשמרו?',
  body: 'מה שהוקלד בטופס הזה עדיין לא נשמר.',
  discard: 'ביטול השינויים',
} satisfies Messages['unsaved'];
