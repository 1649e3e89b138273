import type { Messages } from '../en';

export default {
  customerTotals: 'סיכומים',
  supplierTotals: 'סיכומים',
  documents: 'מסמכים (הפתוחים ראשונים)',
  payments: 'תקבולים',
  tasks: 'משימות (הפתוחות ראשונות)',
  fromLead: 'הליד שממנו הגיע',
  expensesByStatus: 'הוצאות לפי מצב בדיקה',
  expenses: 'הוצאות',
  expensePayments: 'תשלומי הוצאות',
  figures: {
    billedThisYear: 'חויב השנה',
    openBalance: 'יתרה פתוחה',
    overdue: 'בפיגור',
    balanceDue: 'יתרה לתשלום',
  },
  notes: {
    customerTotals: 'חויב השנה: חשבוניות מס וחשבוניות מס קבלה שלו שהופקו מאז 1 בינואר. יתרה פתוחה: מסמכים שלו שמצב התשלום שלהם לא שולם או שולם חלקית, בסכומם המלא (ה־API לא נותן יתרה למסמך). בפיגור: אלה שתאריך הפירעון שלהם לפני היום.',
    supplierTotals: 'הוצאות מאושרות שנותרה בהן יתרה לתשלום; בפיגור: תאריך הפירעון לפני היום.',
  },
  none: 'אין.',
  all_one: 'הצגת הרשומה ב{{area}}',
  all_two: 'הצגת שתי הרשומות ב{{area}}',
  all_other: 'הצגת כל {{count, number}} הרשומות ב{{area}}',
  copyOff: 'המסמכים, התקבולים, המשימות והסיכומים מגיעים מהעותק המקומי, שכבוי בחיבור הזה.',
} satisfies Messages['related'];
