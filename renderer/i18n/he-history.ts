import type { Messages } from './en';

type HistoryKeys = 'exporter' | 'activity' | 'notices' | 'network';

/** Hebrew texts of exports, the activity log, notices and network banners; key for key with the English. */
export const heHistory: Pick<Messages, HistoryKeys> = {
  exporter: {
    button: 'ייצוא',
    menuTitle: 'כל העמודים, עם הסינון והעמודות הנוכחיים',
    csv: 'קובץ CSV לאקסל (UTF-8)',
    xlsx: 'חוברת Excel ‏(XLSX)',
    starting: 'בחירת מקום לשמירת הקובץ…',
    title: 'ייצוא: {{title}}',
    counts: 'עמודים: {{pages}} · שורות: {{rows}}',
    running: 'קריאת עמודים…',
    writing: 'כתיבת הקובץ…',
    waiting: {
      rate_limited: 'בהמתנה: השירות ביקש להאט ({{seconds}} שנ׳)',
      unavailable: 'בהמתנה: השירות עמוס ({{seconds}} שנ׳)',
      server_error: 'בהמתנה: תקלה בשירות ({{seconds}} שנ׳)',
      network: 'בהמתנה: החיבור נותק ({{seconds}} שנ׳)',
      timeout: 'בהמתנה: השירות לא ענה בזמן ({{seconds}} שנ׳)',
    },
    waited: 'הייצוא המתין {{n}} פעמים לבקשת השירות',
    done: 'נשמר {{file}}',
    failed: 'הייצוא נכשל; לא נכתב קובץ',
    cancelled: 'הייצוא בוטל; לא נכתב קובץ',
    cancel: 'ביטול הייצוא',
    dismiss: 'סגירה',
  },
  activity: {
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
      failed: 'נכשל',
      not_saved: 'לא נשמר',
      unknown: 'לא ידוע אם נשמר',
    },
  },
  notices: {
    copyRequestId: 'העתקת מזהה הבקשה',
    requestId: 'מזהה בקשה',
  },
  network: {
    slow: 'השירות עונה לאט. ממתינים ({{seconds}} שנ׳)…',
    retrying: {
      rate_limited: 'השירות ביקש מהאפליקציה להאט. ניסיון נוסף בעוד {{seconds}} שנ׳.',
      unavailable: 'השירות אינו זמין לרגע. ניסיון נוסף בעוד {{seconds}} שנ׳.',
      server_error: 'אירעה תקלה בשירות. ניסיון נוסף בעוד {{seconds}} שנ׳.',
      network: 'החיבור לשירות נותק. ניסיון נוסף בעוד {{seconds}} שנ׳.',
      timeout: 'השירות לא ענה בזמן. ניסיון נוסף בעוד {{seconds}} שנ׳.',
    },
    offlineTitle: 'אין חיבור לשירות',
    offlineBody: 'יש לבדוק את החיבור לאינטרנט ולנסות שוב. שום דבר שהוקלד לא אבד.',
    retry: 'ניסיון נוסף',
  },
};
