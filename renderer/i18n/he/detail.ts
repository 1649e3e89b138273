import type { Messages } from '../en';

export default {
  fromCopy: 'אין חיבור: כך נשמרה הרשומה בעותק המקומי ב־{{time}}',
  fromCopyBody: 'פרטים שמגיעים רק מהשירות, וגם שמירת שינויים, ממתינים לחזרת החיבור.',
  notFound: 'הרשומה לא נמצאה. ייתכן שנמחקה, או שהיא שייכת לעסק אחר.',
  openFromList: 'לתחום הזה אין תצוגת רשומה בודדת ב־API. פתחו את הרשומה מהרשימה.',
  backToList: 'חזרה ל{{area}}',
  noRows: 'אין',
  changes_zero: 'אין',
  changes_one: 'אחד',
  changes_two: 'שניים',
  changes_other: '{{count, number}}',
  heading: '{{area}}: {{title}}',
} satisfies Messages['detail'];
