import type { Messages } from '../en';

export default {
  activities: 'פעילויות', tasks: 'משימות', products_of_interest: 'מוצרים מבוקשים', contacts: 'אנשי קשר', phones: 'טלפונים',
  addresses: 'כתובות', special_prices: 'מחירים מיוחדים', tags: 'תגיות', recipes: 'מתכונים', components: 'רכיבים',
  line_items: 'שורות', payments: 'תשלומים', attachments: 'קבצים מצורפים', blocking_issues: 'בעיות שמונעות אישור',
  credits: 'זיכויים', payment_allocations: 'הקצאות תשלום', allocations: 'הקצאות', reversals: 'ביטולים',
  updated_balances: 'היתרות עכשיו',
} satisfies Messages['tables'];
