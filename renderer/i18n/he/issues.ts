import type { Messages } from '../en';

export default {
  missing_category: 'יש לבחור קטגוריית הוצאה',
  no_lines: 'יש להוסיף לפחות שורה אחת',
  zero_total: 'הסכום הכולל הוא אפס',
  missing_supplier: 'יש להזין את הספק',
  missing_supplier_document_number: 'יש להזין את מספר המסמך של הספק',
  duplicate_suspected: 'נראה שזו כפילות של הוצאה אחרת מאותו ספק',
} satisfies Messages['issues'];
