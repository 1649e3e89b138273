import type { Messages } from '../en';

export default {
  leads_one: 'ליד אחד', leads_two: 'שני לידים', leads_other: '{{count, number}} לידים',
  customers_one: 'לקוח אחד', customers_two: 'שני לקוחות', customers_other: '{{count, number}} לקוחות',
  tasks_one: 'משימה אחת', tasks_two: 'שתי משימות', tasks_other: '{{count, number}} משימות',
  products_one: 'מוצר אחד', products_two: 'שני מוצרים', products_other: '{{count, number}} מוצרים',
  'raw-materials_one': 'חומר גלם אחד', 'raw-materials_two': 'שני חומרי גלם', 'raw-materials_other': '{{count, number}} חומרי גלם',
  inventory_one: 'רמת מלאי אחת', inventory_two: 'שתי רמות מלאי', inventory_other: '{{count, number}} רמות מלאי',
  'inventory-movements_one': 'תנועת מלאי אחת', 'inventory-movements_two': 'שתי תנועות מלאי', 'inventory-movements_other': '{{count, number}} תנועות מלאי',
  documents_one: 'מסמך אחד', documents_two: 'שני מסמכים', documents_other: '{{count, number}} מסמכים',
  'document-drafts_one': 'טיוטה אחת', 'document-drafts_two': 'שתי טיוטות', 'document-drafts_other': '{{count, number}} טיוטות',
  payments_one: 'תקבול אחד', payments_two: 'שני תקבולים', payments_other: '{{count, number}} תקבולים',
  'imported-documents-a_one': 'מסמך מיובא אחד', 'imported-documents-a_two': 'שני מסמכים מיובאים', 'imported-documents-a_other': '{{count, number}} מסמכים מיובאים',
  'imported-documents-b_one': 'מסמך מיובא אחד', 'imported-documents-b_two': 'שני מסמכים מיובאים', 'imported-documents-b_other': '{{count, number}} מסמכים מיובאים',
  expenses_one: 'הוצאה אחת', expenses_two: 'שתי הוצאות', expenses_other: '{{count, number}} הוצאות',
  'expense-categories_one': 'קטגוריה אחת', 'expense-categories_two': 'שתי קטגוריות', 'expense-categories_other': '{{count, number}} קטגוריות',
  'expense-payments_one': 'תשלום הוצאה אחד', 'expense-payments_two': 'שני תשלומי הוצאות', 'expense-payments_other': '{{count, number}} תשלומי הוצאות',
  'imported-expenses_one': 'הוצאה מיובאת אחת', 'imported-expenses_two': 'שתי הוצאות מיובאות', 'imported-expenses_other': '{{count, number}} הוצאות מיובאות',
  suppliers_one: 'ספק אחד', suppliers_two: 'שני ספקים', suppliers_other: '{{count, number}} ספקים',
  'sales-agents_one': 'סוכן מכירות אחד', 'sales-agents_two': 'שני סוכני מכירות', 'sales-agents_other': '{{count, number}} סוכני מכירות',
  'bank-accounts_one': 'חשבון בנק אחד', 'bank-accounts_two': 'שני חשבונות בנק', 'bank-accounts_other': '{{count, number}} חשבונות בנק',
  tags_one: 'תגית אחת', tags_two: 'שתי תגיות', tags_other: '{{count, number}} תגיות',
} satisfies Messages['counts'];
