import type { Messages } from '../en';

export default {
  copyRequestId: 'העתקת מזהה הבקשה',
  requestId: 'מזהה בקשה',
} satisfies Messages['notices'];
