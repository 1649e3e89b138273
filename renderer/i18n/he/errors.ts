import type { Messages } from '../en';

export default {
  title: 'הטעינה נכשלה',
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
    invalid_response: 'השירות שלח תשובה שהאפליקציה אינה מבינה.',
    unknown_outcome: 'לא ידוע אם השינוי נשמר. חפשו את הרשומה לפני ניסיון נוסף.',
    invalid_request: 'הבקשה לא הייתה תקינה.',
    invalid_input: 'האפליקציה שלחה נתונים שלא התקבלו.',
    unknown_operation: 'האפליקציה ביקשה פעולה לא מוכרת.',
    forbidden_sender: 'לחלון הזה אין הרשאה לפנות לאפליקציה.',
    no_profile: 'אין פרופיל חיבור פעיל. הוסיפו או בחרו פרופיל.',
    vault: 'לא ניתן היה להשתמש במאגר המפתחות.',
    internal: 'משהו השתבש באפליקציה.',
  },
  rateLimited: 'יותר מדי בקשות כרגע. המתינו רגע ונסו שוב.',
  unavailable: 'השירות אינו זמין זמנית. נסו שוב בעוד כמה שניות.',
  invalidFilter: 'השירות לא קיבל את הסינון הזה.',
} satisfies Messages['errors'];
