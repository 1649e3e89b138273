import type { Messages } from '../en';

export default {
  customerDocument: 'מסמך חדש ללקוח',
  customerTask: 'משימה חדשה ללקוח',
  supplierExpense: 'הוצאה חדשה מהספק',
  leadTask: 'משימה חדשה לליד',
  documentTask: 'משימה חדשה למסמך',
  expensePayment: 'רישום תשלום',
  issueDocument: 'הפקת מסמך מהטיוטה',
} satisfies Messages['starts'];
