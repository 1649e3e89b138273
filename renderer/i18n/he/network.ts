import type { Messages } from '../en';

export default {
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
  backTitle: 'החיבור חזר',
  backBody: 'השירות עונה שוב: אפשר לנסות שוב, שום דבר שהוקלד לא אבד.',
  retry: 'ניסיון חוזר',
} satisfies Messages['network'];
