import type { Messages } from '../en';

export default {
  button: 'ייצוא',
  menuTitle: 'כל העמודים, עם הסינון והעמודות הנוכחיים',
  csv: 'קובץ CSV לאקסל (UTF-8)',
  xlsx: 'חוברת Excel ‏(XLSX)',
  starting: 'בחירת מקום לשמירת הקובץ…',
  title: 'ייצוא: {{title}}',
  counts: 'עמודים: {{pages, number}} · שורות: {{rows, number}}',
  running: 'קורא עמודים…',
  writing: 'כותב את הקובץ…',
  waiting: {
    rate_limited: 'בהמתנה: השירות ביקש להאט ({{seconds}} שנ׳)',
    unavailable: 'בהמתנה: השירות עמוס ({{seconds}} שנ׳)',
    server_error: 'בהמתנה: תקלה בשירות ({{seconds}} שנ׳)',
    network: 'בהמתנה: החיבור נותק ({{seconds}} שנ׳)',
    timeout: 'בהמתנה: השירות לא ענה בזמן ({{seconds}} שנ׳)',
  },
  waited_one: 'הייצוא המתין פעם אחת לבקשת השירות',
  waited_two: 'הייצוא המתין פעמיים לבקשת השירות',
  waited_other: 'הייצוא המתין {{count, number}} פעמים לבקשת השירות',
  done: 'הקובץ {{file}} נשמר',
  failed: 'הייצוא נכשל; לא נכתב קובץ',
  cancelled: 'הייצוא בוטל; לא נכתב קובץ',
  cancel: 'ביטול הייצוא',
  dismiss: 'סגירה',
} satisfies Messages['exporter'];
