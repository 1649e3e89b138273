import type { Messages } from '../en';

export default {
  sales: 'מכירות',
  catalog: 'קטלוג ומלאי',
  documents: 'מסמכים',
  expenses: 'הוצאות וספקים',
  settings: 'הגדרות',
} satisfies Messages['groups'];
