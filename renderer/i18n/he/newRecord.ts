import type { Messages } from '../en';

export default {
  customers: 'לקוח חדש', suppliers: 'ספק חדש', products: 'מוצר חדש', 'raw-materials': 'חומר גלם חדש', tags: 'תגית חדשה',
  tasks: 'משימה חדשה', documents: 'מסמך חדש', 'document-drafts': 'טיוטה חדשה', leads: 'קליטת ליד חדש', expenses: 'הוצאה חדשה',
  'expense-categories': 'קטגוריה חדשה', 'expense-payments': 'תשלום הוצאה חדש',
} satisfies Messages['newRecord'];
