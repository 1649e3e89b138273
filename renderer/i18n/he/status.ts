import type { Messages } from '../en';

export default {
  active: 'פעיל', inactive: 'לא פעיל', new: 'חדש', contacted: 'נוצר קשר', in_progress: 'בטיפול', proposal: 'נשלחה הצעה',
  negotiation: 'משא ומתן', won: 'נסגר בהצלחה', lost: 'אבד', open: 'פתוח', converted: 'הומר', pending_payment: 'ממתין לתשלום',
  closed: 'סגור', credited: 'זוכה', returned: 'הוחזר', partially_paid: 'שולם חלקית', partially_credited: 'זוכה חלקית',
  partially_returned: 'הוחזר חלקית', recorded: 'נרשם', increase: 'הגדלה', decrease: 'הקטנה', completed: 'בוצע',
  canceled: 'מבוטל', unknown: 'לא ידוע', draft: 'טיוטה', needs_review: 'דורש בדיקה', approved: 'מאושר', voided: 'מבוטל',
  unpaid: 'לא שולם', paid: 'שולם', not_applicable: 'לא רלוונטי',
} satisfies Messages['status'];
