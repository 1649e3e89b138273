import type { Messages } from '../en';

export default {
  overview: 'כללי', links: 'רשומות קשורות', record: 'רשומה', address: 'כתובת', terms: 'תנאים ומע״מ',
  purchasing: 'רכישות', inventory: 'מלאי', amounts: 'סכומים', file: 'קובץ PDF',
  contact: 'טלפונים ודוא״ל', special_prices: 'מחירים מיוחדים', notes: 'הערות', pricing: 'מחיר ומע״מ', recipe: 'מתכון',
  line_items: 'שורות', payments: 'תקבולים', more: 'עוד',
  contact_details: 'פרטי קשר', products_of_interest: 'מוצרים מבוקשים', activity: 'פעילות ראשונה',
  supplier: 'ספק', confirmation: 'סיבה ואישור', credit: 'זיכוי לקיזוז', allocations: 'הוצאות ששולמו', reversal: 'ביטול',
} satisfies Messages['sections'];
