import type { Messages } from '../en';

export default {
  button: 'תצוגות',
  activeButton: 'תצוגה: {{name}}',
  title: 'תצוגות שמורות',
  hint: 'העמודות, הסדר והרוחב שלהן, גודל העמוד והסינון של הטבלה הזו, בפרופיל הזה.',
  defaultView: 'תצוגת ברירת מחדל',
  none: 'אין עדיין תצוגות שמורות.',
  name: 'שם התצוגה',
  saveAs: 'שמירה כתצוגה חדשה',
  update: 'שמירת השינויים ב„{{name}}”',
  remove: 'מחיקת התצוגה „{{name}}”',
  changed: 'שונתה',
  taken: 'כבר קיימת תצוגה בשם זה.',
  full_one: 'טבלה שומרת תצוגה אחת לכל היותר.',
  full_two: 'טבלה שומרת עד שתי תצוגות.',
  full_other: 'טבלה שומרת עד {{count, number}} תצוגות.',
  saved: 'התצוגה „{{name}}” נשמרה.',
} satisfies Messages['views'];
