import type { Messages } from '../en';

export default {
  fromCopy: 'לא מחובר: כפי שהעותק המקומי החזיק אותה ב־{{time}}',
  fromCopyBody: 'פרטים שרק החיבור נותן (וכתיבה) ממתינים לחיבור.',
  notFound: 'הרשומה לא נמצאה. ייתכן שנמחקה, או שהיא שייכת לעסק אחר.',
  openFromList: 'לתחום הזה אין תצוגת רשומה בודדת ב-API. פתחו את הרשומה מהרשימה.',
  backToList: 'חזרה אל {{area}}',
  noRows: 'אין',
  changes_zero: 'אין',
  changes_one: 'אחד',
  changes_two: 'שניים',
  changes_other: '{{count, number}}',
  heading: '{{area}}: {{title}}',
} satisfies Messages['detail'];
