import type { Messages } from '../en';

export default {
  close: 'סגירת מסמך', reopen: 'פתיחת מסמך מחדש', delete: 'מחיקה',
  status: 'שינוי מצב', addActivity: 'הוספת פעילות', editActivity: 'עריכת פעילות', convert: 'המרה ללקוח',
  approve: 'אישור הוצאה', void: 'ביטול הוצאה', allocateCredit: 'קיזוז זיכוי', reverse: 'ביטול תשלום',
} satisfies Messages['actions'];
