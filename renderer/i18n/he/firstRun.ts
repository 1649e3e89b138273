import type { Messages } from '../en';

export default {
  title: 'ברוכים הבאים ל־BizOps Desktop',
  intro: 'התחברו לעסק שלכם עם מפתח API, או התחילו בסיור עם נתוני הדגמה.',
  connect: 'התחברות עם מפתח API',
  connectHint: 'השתמשו במפתח שבעל העסק יצר במערכת.',
  demo: 'סיור עם נתוני הדגמה',
  demoHint: 'עסק לדוגמה על המחשב הזה. שום דבר לא נשלח החוצה.',
  demoStarting: 'מפעיל את ההדגמה…',
} satisfies Messages['firstRun'];
