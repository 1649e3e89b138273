import type { Messages } from '../en';

export default {
  title: 'פעילות',
  intro: 'שינויים שנעשו מהאפליקציה בפרופיל הזה, מהחדש לישן (נשמרים {{n}} האחרונים).',
  empty: 'עדיין אין כלום. יצירה, עריכה או מחיקה של רשומה יופיעו כאן.',
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
