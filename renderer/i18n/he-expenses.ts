import type { Messages } from './en';

/** Hebrew texts of the bookkeeper's expense screens; typed against the English ones, key for key. */
export const heExpenses: Pick<Messages, 'issues' | 'banners' | 'review'> = {
  issues: {
    missing_category: 'יש לבחור קטגוריית הוצאה',
    no_lines: 'יש להוסיף לפחות שורה אחת',
    zero_total: 'הסכום הכולל הוא אפס',
    missing_supplier: 'יש להזין את הספק',
    missing_supplier_document_number: 'יש להזין את מספר המסמך של הספק',
    duplicate_suspected: 'נראה שיש הוצאה דומה מאותו ספק',
  },
  banners: {
    voided: 'מבוטלת: נשמרת לתיעוד, ואינה נספרת עוד',
  },
  review: {
    title: 'תור לבדיקה',
    intro: 'הוצאות שממתינות לבדיקה מופיעות ראשונות, הוותיקות קודם. פתחו הוצאה, אשרו אותה או תקנו את מה שמונע את האישור, והמשיכו לבאה.',
    waiting: 'ממתינות לבדיקה ({{n}})',
    drafts: 'טיוטות שעוד לא נשלחו לבדיקה ({{n}})',
    empty: 'אין הוצאות שממתינות לבדיקה.',
    start: 'לבדיקת הראשונה',
    next: 'הבאה לבדיקה',
    nextHint: 'לחצו N להוצאה הבאה לבדיקה.',
    position: 'תור לבדיקה: {{n}} מתוך {{count}}',
    notInQueue: 'תור לבדיקה: {{count}} ממתינות',
    done: 'התור לבדיקה ריק.',
    backToQueue: 'חזרה לתור לבדיקה',
    more: 'מוצגות {{n}} הראשונות; יש עוד שממתינות.',
  },
};
