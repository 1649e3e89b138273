import type { Messages } from '../en';

export default {
  title: 'לא ניתן היה לטעון',
  writeTitle: 'הפעולה לא בוצעה',
  status: 'סטטוס HTTP',
  code: 'קוד שגיאה',
  requestId: 'מזהה בקשה',
  copyRequestId: 'העתקת מזהה הבקשה',
  retry: 'ניסיון חוזר',
  kind: {
    api: 'השירות השיב בשגיאה.',
    network: 'לא ניתן להתחבר לשירות. בדקו את החיבור לרשת ואת כתובת הבסיס.',
    timeout: 'השירות לא השיב בזמן. נסו שוב.',
    cancelled: 'הבקשה בוטלה.',
    invalid_response: 'השירות שלח תשובה שהיישום אינו מבין.',
    unknown_outcome: 'לא ידוע אם השינוי נשמר. חפשו את הרשומה לפני ניסיון נוסף.',
    invalid_request: 'הבקשה לא הייתה תקינה.',
    invalid_input: 'היישום שלח נתונים שלא התקבלו.',
    unknown_operation: 'היישום ביקש פעולה לא מוכרת.',
    forbidden_sender: 'לחלון הזה אין הרשאה לפנות ליישום.',
    no_profile: 'אין פרופיל חיבור פעיל. הוסיפו או בחרו פרופיל.',
    vault: 'לא ניתן היה להשתמש במאגר המפתחות.',
    internal: 'משהו השתבש בתוך היישום.',
  },
  rateLimited: 'יותר מדי בקשות כרגע. המתינו רגע ונסו שוב.',
  unavailable: 'השירות אינו זמין זמנית. נסו שוב בעוד כמה שניות.',
  invalidFilter: 'השירות לא קיבל את הסינון הזה.',
} satisfies Messages['errors'];
