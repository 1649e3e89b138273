import type { Messages } from '../en';

export default {
  copyRequestId: 'העתקת מזהה הבקשה',
  requestId: 'מזהה בקשה',
  details: 'פרטים',
  hideDetails: 'הסתרת הפרטים',
} satisfies Messages['notices'];
