import type { Messages } from '../en';

export default {
  close: 'סגירה', reopen: 'פתיחה מחדש', delete: 'מחיקה',
  status: 'שינוי מצב', addActivity: 'הוספת פעילות', editActivity: 'עריכת פעילות', convert: 'המרה ללקוח',
  approve: 'אישור', void: 'ביטול הוצאה', allocateCredit: 'קיזוז זיכוי', reverse: 'ביטול תשלום',
} satisfies Messages['actions'];
