import type { Messages } from '../en';

export default {
  title: 'פעילות',
  intro_one: 'שינויים שנעשו באפליקציה עם הפרופיל הזה (נשמר רק האחרון).',
  intro_two: 'שינויים שנעשו באפליקציה עם הפרופיל הזה, מהחדש לישן (נשמרים שני האחרונים).',
  intro_other: 'שינויים שנעשו באפליקציה עם הפרופיל הזה, מהחדש לישן (נשמרים {{count, number}} האחרונים).',
  empty: 'עדיין אין כאן כלום. כל יצירה, עריכה או מחיקה של רשומה תופיע כאן.',
  when: 'מתי',
  what: 'מה',
  result: 'תוצאה',
  requestId: 'מזהה בקשה',
  created: 'נוצר',
  edited: 'נערך',
  deleted: 'נמחק',
  outcome: {
    ok: 'בוצע',
    recovered: 'בוצע (התשובה אבדה; בדיקה מצאה שנשמר)',
    sent_later: 'בוצע (נעשה בלי חיבור ונשלח כשהחיבור חזר)',
    failed: 'נכשל',
    not_saved: 'לא נשמר',
    unknown: 'לא ידוע אם נשמר',
  },
} satisfies Messages['activity'];
